import { isDeepStrictEqual } from 'node:util';
import { type Paint, stringWidth, wrapText } from '@memos-kit/terminal';
import { parseSse } from '@memos-kit/wire';
import { loadArticleRequest } from './article-request.ts';
import { buildScenarios, type CutScenario, incompleteUtf8Tail } from './cut-scenarios.ts';
import { escapeBytes, escapedTokens } from './escape.ts';
import { eventLabel } from './jsonrpc.ts';
import { createLibraryParser } from './library-parser.ts';
import { concat, streamCall } from './live-call.ts';
import type { DemoOptions } from './options.ts';
import { startDemoServer } from './server.ts';
import type { Print } from './show-call.ts';
import type { SseEvent } from './sse-event.ts';
import { createTeachingParser } from './teaching-parser.ts';

const SHOWN = 34;

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
function describeState(received: Uint8Array): string[] {
  const notes: string[] = [];
  const held = incompleteUtf8Tail(received);
  if (held > 0) notes.push(`the decoder holds ${held} byte${held > 1 ? 's' : ''} of an unfinished character`);
  const text = new TextDecoder().decode(received.subarray(0, received.length - held));
  const unfinished = text.slice(Math.max(text.lastIndexOf('\n'), text.lastIndexOf('\r')) + 1);
  const normalised = text.replace(/\r\n?/g, '\n');
  const openEvent = normalised.slice(normalised.lastIndexOf('\n\n') + 2);
  if (/^data/m.test(openEvent) && unfinished === '')
    notes.push('the event is open: its blank line has not come');
  if (unfinished !== '') {
    // Escaped like the reads above, so the same bytes look the same on both lines.
    const escaped = escapeBytes(new TextEncoder().encode(unfinished));
    const tokens = escapedTokens(escaped);
    let shown = '';
    while (tokens.length > 0 && shown.length < 24) shown = tokens.pop() + shown;
    notes.push(`unfinished line: ${tokens.length > 0 ? '…' : ''}${shown}`);
  } else if (text.endsWith('\r')) notes.push('the read ended with CR: a LF may follow');
  return notes;
}

/** The notes after a read, joined by "; " on lines of at most `width` visible columns, the first with →. */
function packNotes(notes: string[], width: number): string[] {
  const lines: string[] = [];
  let line = '→';
  for (const [index, note] of notes.entries()) {
    const piece = index < notes.length - 1 ? `${note};` : note;
    if (stringWidth(`${line} ${piece}`) > width && line !== '→') {
      lines.push(line);
      line = `  ${piece}`;
    } else line = `${line} ${piece}`;
  }
  lines.push(line);
  return lines;
}

function runScenario(
  print: Print,
  paint: Paint,
  scenario: CutScenario,
  number: number,
  expected: unknown[],
  width: number,
): boolean {
  print();
  print(paint('bold', `${number}. ${scenario.title}`));
  for (const line of wrapText(scenario.point, width - 4)) print(`   ${line}`);
  if (scenario.variant) print(paint('dim', `   (variant: ${scenario.variant})`));
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
    print(
      `   ${paint('magenta', `read ${index + 1}`)} ${String(read.length).padStart(4)} ${read.length === 1 ? 'byte ' : 'bytes'}  ${paint('yellow', abbreviate(read))}`,
    );
    const outcomes: string[] = [];
    for (let i = Math.min(before, libraryBefore); i < Math.max(teaching.length, library.length); i++) {
      const event = (teaching[i] ?? library[i]) as SseEvent;
      const byTeaching = i >= before && i < teaching.length;
      const byLibrary = i >= libraryBefore && i < library.length;
      const who =
        byTeaching && byLibrary
          ? paint('green', 'both parsers')
          : byTeaching
            ? paint('yellow', 'teaching parser only')
            : paint('yellow', 'eventsource-parser catches up');
      outcomes.push(
        `event #${i + 1} (${eventLabel(event.data) ?? `${event.data.length} characters of data`}), ${who}`,
      );
      if (byTeaching && !byLibrary)
        outcomes.push(paint('yellow', 'eventsource-parser waits for the next read'));
    }
    const state = describeState(concat(received));
    const notes = outcomes.length > 0 ? [...outcomes, ...state] : ['no event yet', ...state];
    for (const line of packNotes(notes, width - 16)) print(paint('dim', `            ${line}`));
  });
  teachingParser.end();
  libraryParser.end();
  if (comments.length > 0)
    print(paint('dim', `   comments seen and skipped: ${comments.map((c) => JSON.stringify(c)).join(', ')}`));

  // What skipping stream mode would have cost: each read decoded on its own breaks a split character.
  const perRead = scenario.reads.map((read) => new TextDecoder().decode(read)).join('');
  const broken = perRead.indexOf('\uFFFD');
  if (broken !== -1)
    print(
      paint(
        'red',
        `   decoding each read on its own instead: "…${perRead.slice(Math.max(0, broken - 12), broken + 8)}…"`,
      ),
    );

  const identical = isDeepStrictEqual(teaching, library);
  const messages = teaching.map((event) => withoutProgressMessage(JSON.parse(event.data)));
  const sameMessages = isDeepStrictEqual(messages, expected);
  const verdict = `${scenario.reads.length} reads → ${teaching.length} events; teaching parser ${identical ? '=' : '≠'} eventsource-parser`;
  print(
    `   ${identical && sameMessages ? paint('green', `✓ ${verdict}; the article's messages`) : paint('red', `✗ ${verdict}; messages ${sameMessages ? 'as in' : 'differ from'} the article`)}`,
  );
  return identical && sameMessages;
}

/** The multi-byte variant adds a progress message; the messages are compared without it. */
function withoutProgressMessage(message: unknown): unknown {
  const copy = structuredClone(message) as { params?: { message?: unknown } };
  if (copy.params) delete copy.params.message;
  return copy;
}

/** `--lesson chunks`: the same response bytes, cut in many ways; the events never change. */
export async function runChunksLesson(print: Print, paint: Paint, options: DemoOptions): Promise<number> {
  const request = loadArticleRequest();
  const server = await startDemoServer({ ...options, fast: true });
  let live: Awaited<ReturnType<typeof streamCall>>;
  try {
    live = await streamCall(server.url, request);
  } finally {
    await server.close();
  }
  const expected = parseSse(request.fixture.text('body')).map((event) => JSON.parse(event.data) as unknown);
  const intro = `The body of the article's tools/call id 6: ${live.bytes.length} bytes, captured live from ${server.label}. Below, the same bytes are handed to both parsers cut in different ways; the events inside never change.`;
  for (const line of wrapText(intro, options.width - 1)) print(line);

  let allGood = true;
  buildScenarios(live.bytes, live.reads, options.seed).forEach((scenario, index) => {
    const good = runScenario(print, paint, scenario, index + 1, expected, options.width);
    allGood &&= good;
  });

  print();
  print(paint('bold', 'And a client that calls JSON.parse on every read:'));
  const [, randomCut] = buildScenarios(live.bytes, live.reads, options.seed);
  let failures = 0;
  for (const read of randomCut?.reads ?? []) {
    try {
      JSON.parse(new TextDecoder().decode(read));
    } catch (error) {
      failures++;
      if (failures === 1) print(paint('red', `   ${(error as Error).message}`));
    }
  }
  print(
    `   ${failures} of ${randomCut?.reads.length ?? 0} reads fail: a read holds SSE text, not a JSON value, and no whole one either.`,
  );
  print();
  for (const line of [
    'Keep the unfinished bytes and the unfinished line between reads, and act on an event only',
    'when its blank line arrives. A parser that does this (eventsource-parser, or the SDK client',
    'built on it) is what production code uses; the teaching parser shows the same work in about',
    '60 lines.',
  ])
    print(line);
  return allGood ? 0 : 1;
}
