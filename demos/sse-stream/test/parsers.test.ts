import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SseEvent } from '@memos-kit/protocol';
import { loadFixture } from '@memos-kit/wire';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseChunks, splitAt } from '../src/feed.ts';
import { createLibraryParser } from '../src/library-parser.ts';
import { createTeachingParser } from '../src/teaching-parser.ts';

const fixture = loadFixture('sse-progress');
const body = new Uint8Array(readFileSync(fixture.path('body')));
const messageFiles = fixture.entry.files.messages as string[];
const messages = messageFiles.map((file) => JSON.parse(readFileSync(join(fixture.dir, file), 'utf8')));
const encoder = new TextEncoder();

function bothAgree(chunks: Uint8Array[]) {
  const teaching = parseChunks(createTeachingParser, chunks);
  const library = parseChunks(createLibraryParser, chunks);
  expect(teaching).toStrictEqual(library);
  return teaching;
}

describe('the teaching parser and eventsource-parser on the article bytes', () => {
  it('recover the two messages of the article from one read', () => {
    const { events } = bothAgree([body]);
    expect(events.map((event) => event.event)).toStrictEqual(['message', 'message']);
    expect(events.map((event) => JSON.parse(event.data))).toStrictEqual(messages);
  });

  it('agree when the body is cut in two at every position', () => {
    for (let cut = 0; cut <= body.length; cut++) {
      const { events } = bothAgree(splitAt(body, [cut]));
      expect(events.map((event) => JSON.parse(event.data))).toStrictEqual(messages);
    }
  });

  it('agree when every byte is its own read', () => {
    const bytes = [...body].map((byte) => Uint8Array.of(byte));
    expect(bothAgree(bytes).events.map((event) => JSON.parse(event.data))).toStrictEqual(messages);
  });

  it('agree for random cuts, also with CRLF or CR line endings', () => {
    const text = new TextDecoder().decode(body);
    const variants = [text, text.replaceAll('\n', '\r\n'), text.replaceAll('\n', '\r')].map((v) =>
      encoder.encode(v),
    );
    fc.assert(
      fc.property(
        fc.constantFrom(...variants),
        fc.array(fc.nat({ max: body.length * 2 }), { maxLength: 12 }),
        (bytes, cuts) => {
          const { events } = bothAgree(splitAt(bytes, cuts));
          expect(events.map((event) => JSON.parse(event.data))).toStrictEqual(messages);
        },
      ),
    );
  });

  it('drop an event whose blank line never came', () => {
    const withoutLastBlankLine = body.subarray(0, body.length - 1);
    expect(bothAgree([withoutLastBlankLine]).events.map((event) => JSON.parse(event.data))).toStrictEqual(
      messages.slice(0, 1),
    );
  });
});

// A model of an SSE stream: the events (and comments) a generator writes, and the text it writes them as.
const lineText = fc.string({ unit: 'grapheme', maxLength: 12 }).filter((s) => !/[\r\n\0]/.test(s));
const streamItem = fc.oneof(
  fc.record({
    kind: fc.constant('event' as const),
    event: fc.option(
      lineText.filter((s) => s !== ''),
      { nil: undefined },
    ),
    id: fc.option(lineText, { nil: undefined }),
    dataLines: fc.array(lineText, { minLength: 1, maxLength: 3 }),
  }),
  fc.record({ kind: fc.constant('comment' as const), text: lineText.filter((s) => !s.startsWith(' ')) }),
);
const lineEnding = fc.constantFrom('\n', '\r\n', '\r');

describe('the teaching parser and eventsource-parser on generated streams', () => {
  it('both recover exactly the events and comments written, however the bytes are cut', () => {
    fc.assert(
      fc.property(
        fc.array(streamItem, { maxLength: 6 }),
        lineEnding,
        fc.array(fc.nat(), { maxLength: 10 }),
        (items, eol, cutSeeds) => {
          let text = '';
          const expected: { events: SseEvent[]; comments: string[] } = { events: [], comments: [] };
          for (const item of items) {
            if (item.kind === 'comment') {
              text += `: ${item.text}${eol}`;
              expected.comments.push(item.text);
              continue;
            }
            if (item.event !== undefined) text += `event: ${item.event}${eol}`;
            if (item.id !== undefined) text += `id: ${item.id}${eol}`;
            for (const line of item.dataLines) text += `data: ${line}${eol}`;
            text += eol;
            expected.events.push({ id: item.id, event: item.event, data: item.dataLines.join('\n') });
          }
          const bytes = encoder.encode(text);
          const cuts = cutSeeds.map((seed) => seed % (bytes.length + 1));
          const outcome = bothAgree(splitAt(bytes, cuts));
          expect(outcome.comments).toStrictEqual(expected.comments);
          expect(outcome.events.map(normalise)).toStrictEqual(expected.events.map(normalise));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('keep a multi-byte character whole when a read ends inside it', () => {
    const bytes = encoder.encode('data: 备忘录 ✓ 📝\n\n');
    for (let cut = 0; cut <= bytes.length; cut++) {
      expect(bothAgree(splitAt(bytes, [cut])).events).toStrictEqual([
        { id: undefined, event: undefined, data: '备忘录 ✓ 📝' },
      ]);
    }
  });

  it('treat a CR at the end of one read and a LF at the start of the next as one line end', () => {
    const chunks = ['data: a\r', '\ndata: b\r', '\n\r', '\n'].map((s) => encoder.encode(s));
    expect(bothAgree(chunks).events.map((event) => event.data)).toStrictEqual(['a\nb']);
  });
});

function normalise(event: SseEvent): SseEvent {
  return { id: event.id, event: event.event, data: event.data };
}
