import { isDeepStrictEqual } from 'node:util';
import { closeOnSignals } from '@memos-kit/process';
import { parseSse, type SseEvent } from '@memos-kit/protocol';
import { type Printer, stringWidth } from '@memos-kit/terminal';
import { loadArticleRequest } from '../article-request.ts';
import { buildScenarios, type CutScenario, incompleteUtf8Tail } from '../cut-scenarios.ts';
import { escapeBytes, escapedTokens } from '../escape.ts';
import { eventLabel } from '../jsonrpc.ts';
import { createLibraryParser } from '../library-parser.ts';
import { concat, streamCall } from '../live-call.ts';
import { countOf, messages, type Say } from '../messages.ts';
import type { DemoOptions } from '../options.ts';
import { startDemoServer } from '../server.ts';
import { createTeachingParser } from '../teaching-parser.ts';

const SHOWN = 34;

/** The cuts that rewrite the live bytes, and so have a variant note in the catalog. */
type VariantKey = 'Crlf' | 'MultiLine' | 'MultiByte' | 'Comment';

/** A read, escaped, with its middle left out when long: the interesting bytes are at its two ends. */
function abbreviate(bytes: Uint8Array): string {
  const escaped = escapeBytes(bytes);
  if (escaped.length <= SHOWN * 2 + 3) return escaped;
  const tokens = escapedTokens(escaped);
  let head = '';
  let tail = '';
  for (const token of tokens) if (head.length < SHOWN) head += token;
  for (const token of tokens.reverse()) if (tail.length < SHOWN) tail = token + tail;
  return `${head} … ${tail}`;
}

/** After a read: what is still waiting (an unfinished line, half a character) and what came out. */
function describeState(received: Uint8Array, say: Say): string[] {
  const notes: string[] = [];
  const held = incompleteUtf8Tail(received);
  if (held > 0) notes.push(say('decoderHolds', { bytes: countOf(say, held, 'Bytes') }));
  const text = new TextDecoder().decode(received.subarray(0, received.length - held));
  const unfinished = text.slice(Math.max(text.lastIndexOf('\n'), text.lastIndexOf('\r')) + 1);
  const normalised = text.replace(/\r\n?/g, '\n');
  const openEvent = normalised.slice(normalised.lastIndexOf('\n\n') + 2);
  if (/^data/m.test(openEvent) && unfinished === '') notes.push(say('eventOpen'));
  if (unfinished !== '') {
    // Escaped like the reads above, so the same bytes look the same on both lines.
    const escaped = escapeBytes(new TextEncoder().encode(unfinished));
    const tokens = escapedTokens(escaped);
    let shown = '';
    while (tokens.length > 0 && shown.length < 24) shown = tokens.pop() + shown;
    notes.push(say('unfinishedLine', { text: `${tokens.length > 0 ? '…' : ''}${shown}` }));
  } else if (text.endsWith('\r')) notes.push(say('endedWithCr'));
  return notes;
}

/** The notes after a read, joined by "; " (or "；") on lines of at most `width` visible columns, the first with →. */
function packNotes(notes: string[], width: number, say: Say): string[] {
  const lines: string[] = [];
  let line = '→ ';
  for (const [index, note] of notes.entries()) {
    const piece = index < notes.length - 1 ? `${note}${say('noteSeparator')}` : note;
    if (stringWidth(`${line}${piece}`.trimEnd()) > width && line !== '→ ') {
      lines.push(line.trimEnd());
      line = `  ${piece}`;
    } else line = `${line}${piece}`;
  }
  lines.push(line.trimEnd());
  return lines;
}

function runScenario(
  printer: Printer,
  say: Say,
  scenario: CutScenario,
  number: number,
  expected: unknown[],
  { seed }: Pick<DemoOptions, 'seed'>,
): boolean {
  const { paint } = printer;
  printer.line();
  printer.line(paint('bold', `${number}. ${say(`scenario${scenario.key}Title`, { seed })}`));
  printer.prose(say(`scenario${scenario.key}Point`), { indent: '   ' });
  if (scenario.variant) {
    const variant = say('variant', { what: say(`scenario${scenario.key as VariantKey}Variant`) });
    printer.prose(variant, { indent: '   ', role: 'muted' });
  }
  const teaching: SseEvent[] = [];
  const library: SseEvent[] = [];
  const comments: string[] = [];
  const teachingParser = createTeachingParser({
    onEvent: (e) => teaching.push(e),
    onComment: (c) => comments.push(c),
  });
  const libraryParser = createLibraryParser({ onEvent: (e) => library.push(e) });
  const received: Uint8Array[] = [];
  scenario.reads.forEach((read, index) => {
    const before = teaching.length;
    const libraryBefore = library.length;
    received.push(read);
    teachingParser.push(read);
    libraryParser.push(read);
    printer.line(
      `   ${paint('magenta', say('readRow', { n: index + 1 }))} ${String(read.length).padStart(4)} ${say(read.length === 1 ? 'bytesOne' : 'bytesMany')}  ${paint('yellow', abbreviate(read))}`,
    );
    const outcomes: string[] = [];
    for (let i = Math.min(before, libraryBefore); i < Math.max(teaching.length, library.length); i++) {
      const event = (teaching[i] ?? library[i]) as SseEvent;
      const byTeaching = i >= before && i < teaching.length;
      const byLibrary = i >= libraryBefore && i < library.length;
      const who =
        byTeaching && byLibrary
          ? paint('green', say('whoBoth'))
          : byTeaching
            ? paint('yellow', say('whoTeaching'))
            : paint('yellow', say('whoCatchesUp'));
      const what = eventLabel(event.data, say) ?? say('dataChars', { n: event.data.length });
      outcomes.push(say('eventDone', { n: i + 1, what, who }));
      if (byTeaching && !byLibrary) outcomes.push(paint('yellow', say('libraryWaits')));
    }
    const state = describeState(concat(received), say);
    const notes = outcomes.length > 0 ? [...outcomes, ...state] : [say('noEventYet'), ...state];
    for (const line of packNotes(notes, printer.width - 16, say))
      printer.line(paint('muted', `            ${line}`));
  });
  teachingParser.end();
  libraryParser.end();
  if (comments.length > 0)
    printer.line(
      paint(
        'muted',
        `   ${say('commentsSkipped', { comments: comments.map((c) => JSON.stringify(c)).join(', ') })}`,
      ),
    );

  // What skipping stream mode would have cost: each read decoded on its own breaks a split character.
  const perRead = scenario.reads.map((read) => new TextDecoder().decode(read)).join('');
  const broken = perRead.indexOf('\uFFFD');
  if (broken !== -1)
    printer.line(
      paint(
        'red',
        `   ${say('decodedPerRead', { text: perRead.slice(Math.max(0, broken - 12), broken + 8) })}`,
      ),
    );

  const identical = isDeepStrictEqual(teaching, library);
  const messages = teaching.map((event) => withoutProgressMessage(JSON.parse(event.data)));
  const sameMessages = isDeepStrictEqual(messages, expected);
  const verdict = say('verdict', {
    reads: scenario.reads.length,
    events: teaching.length,
    same: identical ? '=' : '≠',
  });
  const good = identical && sameMessages;
  const summary = say(good ? 'verdictGood' : sameMessages ? 'verdictSameMessages' : 'verdictOtherMessages', {
    verdict,
  });
  printer.verdict(good, summary, { indent: '   ' });
  return identical && sameMessages;
}

/** The multi-byte variant adds a progress message; the messages are compared without it. */
function withoutProgressMessage(message: unknown): unknown {
  const copy = structuredClone(message) as { params?: { message?: unknown } };
  if (copy.params) delete copy.params.message;
  return copy;
}

/** `--lesson chunks`: the same response bytes, cut in many ways; the events never change. */
export async function runChunksLesson(printer: Printer, options: DemoOptions): Promise<number> {
  const say = messages.in(options.lang);
  const { paint } = printer;
  const request = loadArticleRequest();
  const server = await startDemoServer({ ...options, fast: true });
  const release = closeOnSignals(() => server.close());
  let live: Awaited<ReturnType<typeof streamCall>>;
  try {
    live = await streamCall(server.url, request);
  } finally {
    release();
    await server.close();
  }
  const expected = parseSse(request.fixture.text('body')).map((event) => JSON.parse(event.data) as unknown);
  const intro = say('chunksIntro', { bytes: live.bytes.length, label: server.label });
  printer.prose(intro);

  let allGood = true;
  buildScenarios(live.bytes, live.reads, options.seed).forEach((scenario, index) => {
    const good = runScenario(printer, say, scenario, index + 1, expected, options);
    allGood &&= good;
  });

  printer.line();
  printer.line(paint('bold', say('parseEachRead')));
  const [, randomCut] = buildScenarios(live.bytes, live.reads, options.seed);
  let failures = 0;
  for (const read of randomCut?.reads ?? []) {
    try {
      JSON.parse(new TextDecoder().decode(read));
    } catch (error) {
      failures++;
      if (failures === 1) printer.line(paint('red', `   ${(error as Error).message}`));
    }
  }
  const fail = say('readsFail', { failures, total: randomCut?.reads.length ?? 0 });
  printer.prose(fail, { indent: '   ' });
  printer.line();
  // A moral read from the back of the room: no longer a line than a slide holds.
  printer.prose(say('chunksMoral'), { width: Math.min(printer.width, 96) });
  return allGood ? 0 : 1;
}
