import type { SseEvent } from '@memos-kit/protocol';
import { type Printer, padToWidth, stringWidth, wrapLine } from '@memos-kit/terminal';
import { getHeader } from '@memos-kit/wire';
import type { ArticleRequest } from './article-request.ts';
import { escapeBytes, wrapEscaped } from './escape.ts';
import { asProgress, describeMessage, eventLabel, responseId, structuredContentOf } from './jsonrpc.ts';
import { type CallObservation, concat, parseData } from './live-call.ts';
import { countOf, type MessageKey, type Say } from './messages.ts';

const INDENT = ' '.repeat(11);
const NOTES: Record<string, MessageKey> = {
  'transfer-encoding': 'noteTransferEncoding',
  connection: 'noteConnection',
};
/** What the bytes and data lines leave free of a line: the indent, and room to spare. */
const MARGIN = 16;

export function stamp(ms: number): string {
  return `+${Math.round(ms)} ms`.padStart(9);
}

export function progressBar(done: number, total: number, width = 20): string {
  const filled = total > 0 ? Math.min(width, Math.round((done / total) * width)) : 0;
  return `[${'█'.repeat(filled)}${'░'.repeat(width - filled)}] ${done}/${total}`;
}

function printEscapedBytes(printer: Printer, bytes: Uint8Array, wrap: number): void {
  for (const piece of wrapEscaped(escapeBytes(bytes), wrap))
    printer.line(`${INDENT}${printer.paint('yellow', piece)}`);
}

/** The SSE fields of an event; a long data line is cut here, the read above shows every byte. */
function printEventFields(printer: Printer, say: Say, event: SseEvent, wrap: number): void {
  const { paint } = printer;
  if (event.event !== undefined) printer.line(`${INDENT}${paint('http', 'event')}: ${event.event}`);
  if (event.id !== undefined) printer.line(`${INDENT}${paint('http', 'id')}: ${event.id}`);
  const lines = event.data.split('\n');
  for (const line of lines) {
    // Cut by terminal cells, not characters: a Chinese progress message takes two cells a character.
    const shown = stringWidth(line) > wrap - 6 ? `${wrapLine(line, wrap - 7)[0]}…` : line;
    printer.line(`${INDENT}${paint('http', 'data')}: ${shown}`);
  }
  const chars = event.data.length;
  const what =
    lines.length > 1 ? say('dataLinesJoined', { count: lines.length, chars }) : say('oneDataLine', { chars });
  printer.line(paint('muted', `${INDENT}${what}`));
}

function sameEvent(a: SseEvent, b: SseEvent | undefined): boolean {
  return b !== undefined && a.data === b.data && a.event === b.event && a.id === b.id;
}

/** Prints one streamed call as it happens: the request, then every observation with its elapsed time. */
export function createCallPrinter(printer: Printer, say: Say, request: ArticleRequest) {
  const { paint } = printer;
  const wrap = printer.width - MARGIN;
  // Narration after the indent may use the rest of the line.
  const note = (text: string) => printer.prose(text, { indent: INDENT, role: 'muted' });
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
        printer.line(
          `${paint('timing', stamp(0))}  ${paint('bold', `→ ${request.method} ${observation.url}`)}`,
        );
        for (const [name, value] of request.headers)
          printer.line(`${INDENT}${paint('http', name)}: ${value}`);
        note(say('hostNote', { host, articleHost: request.articleHost ?? '?' }));
        for (const line of request.body.trimEnd().split('\n'))
          printer.line(`${INDENT}${paint('muted', line)}`);
        break;
      }
      case 'headers': {
        printer.line();
        const statusLine = `← HTTP/1.1 ${observation.status} ${observation.statusText}`;
        printer.line(`${paint('timing', stamp(observation.at))}  ${paint('bold', statusLine)}`);
        for (const [name, value] of observation.headers) {
          const expected = expectedHeaders.find(([expectedName]) => expectedName === name);
          const known = NOTES[name];
          let note = paint('muted', say(known ?? 'notInArticle'));
          if (expected)
            note =
              expected[1] === value
                ? paint('ok', say('asInArticle'))
                : paint('fail', say('articleHas', { value: expected[1] ?? '' }));
          printer.line(`${INDENT}${paint('http', name)}: ${value}  ${note}`);
        }
        for (const [name, value] of expectedHeaders) {
          if (getHeader(observation.headers, name ?? '') === undefined)
            printer.line(
              `${INDENT}${paint('red', say('headerMissing', { name: name ?? '', value: value ?? '' }))}`,
            );
        }
        contentType = getHeader(observation.headers, 'content-type') ?? '';
        const streaming = contentType.startsWith('text/event-stream');
        note(say(streaming ? 'headersThenEvents' : 'notAStream'));
        break;
      }
      case 'read': {
        printer.line();
        received.push(observation.bytes);
        const label = say('readLabel', {
          n: observation.index + 1,
          bytes: countOf(say, observation.bytes.length, 'Bytes'),
        });
        printer.line(`${paint('timing', stamp(observation.at))}  ${paint('magenta', label)}`);
        if (observation.index === 0) note(say('firstReadNote'));
        printEscapedBytes(printer, observation.bytes, wrap);
        break;
      }
      case 'event': {
        const agreement = sameEvent(observation.teaching, observation.library)
          ? paint('ok', say('parsersAgree'))
          : paint('fail', say('libraryNotYet'));
        const complete = say('eventComplete', { n: observation.index + 1 });
        printer.line(`${paint('timing', stamp(observation.at))}  ${paint('bold', complete)}  ${agreement}`);
        const planned = articleAt(observation.index);
        if (planned !== undefined)
          printer.line(paint('muted', `${INDENT}${say('articleWritesAt', { seconds: planned / 1000 })}`));
        printEventFields(printer, say, observation.teaching, wrap);
        const described = describeMessage(observation.message, say);
        printer.line(`${INDENT}${paint('bold', `JSON-RPC ${described}`)}${say('recoveredFromData')}`);
        for (const line of JSON.stringify(observation.message, null, 2).split('\n'))
          printer.line(`${INDENT}  ${line}`);
        progressTotal = printMeaning(printer, say, request, observation.message, progressTotal);
        break;
      }
      case 'end':
        printer.line();
        printer.line(
          `${paint('timing', stamp(observation.at))}  ${paint(
            'bold',
            say('endOfBody', {
              reads: countOf(say, observation.reads, 'Reads'),
              events: countOf(say, observation.teaching.length, 'Events'),
            }),
          )}`,
        );
        if (contentType.startsWith('application/json')) {
          // The other answer Streamable HTTP allows: one JSON message, the whole body.
          const message = parseData(new TextDecoder().decode(concat(received)));
          printer.line(
            `${INDENT}${paint('bold', `JSON-RPC ${describeMessage(message, say)}`)}${say('wholeBody')}`,
          );
          for (const line of JSON.stringify(message, null, 2).split('\n')) printer.line(`${INDENT}  ${line}`);
          printMeaning(printer, say, request, message, progressTotal);
        } else if (observation.teaching.length > 0) printer.prose(say('streamEnded'), { indent: INDENT });
        break;
    }
  };
}

/** Says what a message means for our call; returns the progress total seen so far. */
function printMeaning(
  printer: Printer,
  say: Say,
  request: ArticleRequest,
  message: unknown,
  progressTotal: number,
): number {
  const { paint } = printer;
  const progress = asProgress(message);
  if (progress) {
    const ours = progress.progressToken === request.progressToken;
    printer.line(
      `${INDENT}progressToken ${JSON.stringify(progress.progressToken)} ${ours ? say('tokenOurs') : paint('red', say('tokenNotOurs'))}`,
    );
    const total = progress.total ?? progressTotal;
    printer.line(`${INDENT}${paint('green', progressBar(progress.progress, total))}`);
    return total;
  }
  const id = responseId(message);
  if (id === undefined) return progressTotal;
  if (id !== request.jsonrpcId) {
    const mismatch = say('idMismatch', { id: JSON.stringify(id), ours: request.jsonrpcId });
    printer.line(`${INDENT}${paint('red', mismatch)}`);
    return progressTotal;
  }
  printer.line(`${INDENT}${say('idMatches', { id })}`);
  printer.line(`${INDENT}${paint('green', progressBar(progressTotal, progressTotal))} ${say('done')}`);
  printer.line(
    `${INDENT}${paint('bold', 'structuredContent')} ${JSON.stringify(structuredContentOf(message))}`,
  );
  return progressTotal;
}

/** The closing table: what each parser made of the same reads. */
export function printSideBySide(printer: Printer, say: Say, teaching: SseEvent[], library: SseEvent[]): void {
  if (teaching.length === 0 && library.length === 0) return;
  const { paint } = printer;
  const summarise = (event: SseEvent | undefined): string => {
    if (!event) return say('none');
    const what = eventLabel(event.data, say) ?? say('characters', { n: event.data.length });
    // Cut by cells, not characters, so a Chinese label keeps its column.
    return wrapLine(`${event.event ?? 'message'}: ${what}`, 32)[0] ?? '';
  };
  printer.line();
  printer.line(paint('bold', say('bothParsers')));
  printer.line(`   #  ${padToWidth(say('teachingColumn'), 34)}eventsource-parser`);
  const rows = Math.max(teaching.length, library.length);
  for (let index = 0; index < rows; index++) {
    const mine = teaching[index];
    const theirs = library[index];
    const verdict =
      mine && sameEvent(mine, theirs) ? paint('ok', say('identical')) : paint('fail', say('differ'));
    printer.line(
      `  ${String(index + 1).padStart(2)}  ${padToWidth(summarise(mine), 34)}${padToWidth(summarise(theirs), 34)}${verdict}`,
    );
  }
}
