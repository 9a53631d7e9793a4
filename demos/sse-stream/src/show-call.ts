import { type Paint, stringWidth, wrapLine } from '@memos-kit/terminal';
import { getHeader } from '@memos-kit/wire';
import type { ArticleRequest } from './article-request.ts';
import { escapeBytes, wrapEscaped } from './escape.ts';
import { asProgress, describeMessage, eventLabel, responseId, structuredContentOf } from './jsonrpc.ts';
import { type CallObservation, concat, parseData } from './live-call.ts';
import type { SseEvent } from './sse-event.ts';

export type Print = (line?: string) => void;

const INDENT = ' '.repeat(11);
const NOTES: Record<string, string> = {
  'transfer-encoding': '(HTTP/1.1 framing: fetch strips the chunk sizes for us)',
  connection: '(the connection may carry later requests)',
};
/** What the bytes and data lines leave free of a line: the indent, and room to spare. */
const MARGIN = 16;

export function stamp(ms: number): string {
  return `+${Math.round(ms)} ms`.padStart(9);
}

const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

export function progressBar(done: number, total: number, width = 20): string {
  const filled = total > 0 ? Math.min(width, Math.round((done / total) * width)) : 0;
  return `[${'█'.repeat(filled)}${'░'.repeat(width - filled)}] ${done}/${total}`;
}

function printEscapedBytes(print: Print, paint: Paint, bytes: Uint8Array, wrap: number): void {
  for (const piece of wrapEscaped(escapeBytes(bytes), wrap)) print(`${INDENT}${paint('yellow', piece)}`);
}

/** The SSE fields of an event; a long data line is cut here, the read above shows every byte. */
function printEventFields(print: Print, paint: Paint, event: SseEvent, wrap: number): void {
  if (event.event !== undefined) print(`${INDENT}${paint('cyan', 'event')}: ${event.event}`);
  if (event.id !== undefined) print(`${INDENT}${paint('cyan', 'id')}: ${event.id}`);
  const lines = event.data.split('\n');
  for (const line of lines) {
    // Cut by terminal cells, not characters: a Chinese progress message takes two cells a character.
    const shown = stringWidth(line) > wrap - 6 ? `${wrapLine(line, wrap - 7)[0]}…` : line;
    print(`${INDENT}${paint('cyan', 'data')}: ${shown}`);
  }
  const what = lines.length > 1 ? `${lines.length} data lines joined by \\n` : 'one data line';
  print(paint('dim', `${INDENT}(${what}, ${event.data.length} characters)`));
}

function sameEvent(a: SseEvent, b: SseEvent | undefined): boolean {
  return b !== undefined && a.data === b.data && a.event === b.event && a.id === b.id;
}

/** Prints one streamed call as it happens: the request, then every observation with its elapsed time. */
export function createCallPrinter(print: Print, paint: Paint, request: ArticleRequest, width: number) {
  const wrap = width - MARGIN;
  const articleHeaders = request.fixture.text('headers');
  // When the article's server wrote each event (fixtures/09-sse-progress/timeline.json), to print beside ours.
  const timeline = JSON.parse(request.fixture.text('timeline')) as {
    writes: Array<{ at: number; what: string; index?: number }>;
  };
  const articleAt = (index: number) =>
    timeline.writes.find((write) => write.what === 'event' && write.index === index)?.at;
  const expectedHeaders = articleHeaders
    .split(/\r?\n/)
    .slice(1)
    .filter((line) => line.includes(':'))
    .map((line) => [
      line.slice(0, line.indexOf(':')).toLowerCase(),
      line.slice(line.indexOf(':') + 1).trim(),
    ]);

  let progressTotal = 1;
  let contentType = '';
  const received: Uint8Array[] = [];
  return (observation: CallObservation): void => {
    switch (observation.type) {
      case 'request': {
        const host = new URL(observation.url).host;
        print(`${stamp(0)}  ${paint('bold', `→ ${request.method} ${observation.url}`)}`);
        for (const [name, value] of request.headers) print(`${INDENT}${paint('cyan', name)}: ${value}`);
        print(
          paint(
            'dim',
            `${INDENT}(Host: fetch sends ${host} itself; the article's copy went to ${request.articleHost})`,
          ),
        );
        for (const line of request.body.trimEnd().split('\n')) print(`${INDENT}${paint('dim', line)}`);
        break;
      }
      case 'headers': {
        print();
        const statusLine = `← HTTP/1.1 ${observation.status} ${observation.statusText}`;
        print(`${stamp(observation.at)}  ${paint('bold', statusLine)}`);
        for (const [name, value] of observation.headers) {
          const expected = expectedHeaders.find(([expectedName]) => expectedName === name);
          let note = paint('dim', NOTES[name] ?? '(not in the article)');
          if (expected)
            note =
              expected[1] === value
                ? paint('green', '✓ as in the article')
                : paint('red', `✗ article: ${expected[1]}`);
          print(`${INDENT}${paint('cyan', name)}: ${value}  ${note}`);
        }
        for (const [name, value] of expectedHeaders) {
          if (getHeader(observation.headers, name ?? '') === undefined)
            print(`${INDENT}${paint('red', `✗ missing ${name}: ${value}`)}`);
        }
        contentType = getHeader(observation.headers, 'content-type') ?? '';
        print(
          paint(
            'dim',
            contentType.startsWith('text/event-stream')
              ? `${INDENT}Headers are here, the body is still open: events follow on this same response.`
              : `${INDENT}Not an event stream: the body is one message, to be read whole.`,
          ),
        );
        break;
      }
      case 'read': {
        print();
        received.push(observation.bytes);
        const label = `read #${observation.index + 1}: ${count(observation.bytes.length, 'byte')}`;
        print(`${stamp(observation.at)}  ${paint('magenta', label)}`);
        if (observation.index === 0)
          print(
            paint(
              'dim',
              `${INDENT}(one read of the body: whatever had arrived, HTTP/1.1 chunk sizes already removed)`,
            ),
          );
        printEscapedBytes(print, paint, observation.bytes, wrap);
        break;
      }
      case 'event': {
        const agreement = sameEvent(observation.teaching, observation.library)
          ? paint('green', 'teaching parser = eventsource-parser ✓')
          : paint('red', 'eventsource-parser has not dispatched it yet');
        print(
          `${stamp(observation.at)}  ${paint('bold', `SSE event #${observation.index + 1} complete`)}  ${agreement}`,
        );
        const planned = articleAt(observation.index);
        if (planned !== undefined)
          print(
            paint('dim', `${INDENT}(in the article the server writes this event at ${planned / 1000} s)`),
          );
        printEventFields(print, paint, observation.teaching, wrap);
        print(
          `${INDENT}${paint('bold', `JSON-RPC ${describeMessage(observation.message)}`)}, recovered from data:`,
        );
        for (const line of JSON.stringify(observation.message, null, 2).split('\n'))
          print(`${INDENT}  ${line}`);
        progressTotal = printMeaning(print, paint, request, observation.message, progressTotal);
        break;
      }
      case 'end':
        print();
        print(
          `${stamp(observation.at)}  ${paint('bold', 'end of body')}: ${count(observation.reads, 'read')}, ${count(observation.teaching.length, 'event')}.`,
        );
        if (contentType.startsWith('application/json')) {
          // The other answer Streamable HTTP allows: one JSON message, the whole body.
          const message = parseData(new TextDecoder().decode(concat(received)));
          print(`${INDENT}${paint('bold', `JSON-RPC ${describeMessage(message)}`)}, the whole body:`);
          for (const line of JSON.stringify(message, null, 2).split('\n')) print(`${INDENT}  ${line}`);
          printMeaning(print, paint, request, message, progressTotal);
        } else if (observation.teaching.length > 0)
          print(
            `${INDENT}The server ended this response after the result: the stream was for this one request.`,
          );
        break;
    }
  };
}

/** Says what a message means for our call; returns the progress total seen so far. */
function printMeaning(
  print: Print,
  paint: Paint,
  request: ArticleRequest,
  message: unknown,
  progressTotal: number,
): number {
  const progress = asProgress(message);
  if (progress) {
    const ours = progress.progressToken === request.progressToken;
    print(
      `${INDENT}progressToken ${JSON.stringify(progress.progressToken)} ${ours ? '= the token our request carried in params._meta' : paint('red', 'is not ours')}`,
    );
    const total = progress.total ?? progressTotal;
    print(`${INDENT}${paint('green', progressBar(progress.progress, total))}`);
    return total;
  }
  const id = responseId(message);
  if (id === undefined) return progressTotal;
  if (id !== request.jsonrpcId) {
    const mismatch = `id ${JSON.stringify(id)} does not match our request's id ${request.jsonrpcId}`;
    print(`${INDENT}${paint('red', mismatch)}`);
    return progressTotal;
  }
  print(`${INDENT}id ${id} = our request's id: the call is complete`);
  print(`${INDENT}${paint('green', progressBar(progressTotal, progressTotal))} done`);
  print(`${INDENT}${paint('bold', 'structuredContent')} ${JSON.stringify(structuredContentOf(message))}`);
  return progressTotal;
}

/** The closing table: what each parser made of the same reads. */
export function printSideBySide(print: Print, paint: Paint, teaching: SseEvent[], library: SseEvent[]): void {
  if (teaching.length === 0 && library.length === 0) return;
  print();
  print(paint('bold', 'Both parsers, fed the same reads:'));
  print(`   #  ${'teaching parser (this package)'.padEnd(34)}eventsource-parser`);
  const rows = Math.max(teaching.length, library.length);
  for (let index = 0; index < rows; index++) {
    const mine = teaching[index];
    const theirs = library[index];
    const verdict =
      mine && sameEvent(mine, theirs) ? paint('green', '✓ identical') : paint('red', '✗ differ');
    print(
      `  ${String(index + 1).padStart(2)}  ${summarise(mine).padEnd(34)}${summarise(theirs).padEnd(34)}${verdict}`,
    );
  }
}

function summarise(event: SseEvent | undefined): string {
  if (!event) return '(none)';
  const what = eventLabel(event.data) ?? `${event.data.length} characters`;
  return `${event.event ?? 'message'}: ${what}`.slice(0, 32);
}
