// Lab 7: the learner's parser and eventsource-parser (the library the SDK's client uses) are fed the same
// recorded SSE body, cut at every byte, and must report the same events. The recorded body is the
// article's (fixtures/09-sse-progress); the variants (CRLF, data over several lines, a split character,
// a keep-alive comment) are rewritten from it by the SSE demo's cut scenarios.
import { readFileSync } from 'node:fs';
import {
  type ByteStreamParser,
  buildScenarios,
  createLibraryParser,
  escapeBytes,
  parseChunks,
  type SseHandlers,
  splitAt,
} from '@memos-kit/demo-sse';
import { loadFixture } from '@memos-kit/wire';
import { absent, type CheckContext, fail, type LabCheck } from '../src/check.ts';
import { ownImports } from '../src/own-code.ts';

type Create = (handlers: SseHandlers) => ByteStreamParser;

const body = new Uint8Array(readFileSync(loadFixture('sse-progress').path('body')));
const variants = buildScenarios(body, undefined, 1).filter((scenario) => scenario.variant);
const bytesOf = (key: string) => {
  const reads = variants.find((scenario) => scenario.key === key)?.reads ?? [];
  return new Uint8Array(Buffer.concat(reads));
};

/**
 * The events as a learner reads them. An event with no `event:` field (or an empty one) is dispatched as
 * `message` (HTML Standard, server-sent events, "dispatch the event": the type is `message` unless the event
 * type buffer holds another), so an absent name and `message` are the same event and read the same here: a
 * difference the check reports is always a real one.
 */
const eventsText = (create: Create, reads: Uint8Array[]) =>
  parseChunks(create, reads)
    .events.map(
      (event) =>
        `event: ${event.event || 'message'} · id: ${event.id ?? absent('None')} · data: ${event.data}`,
    )
    .join('\n');

async function learnerParser(context: CheckContext): Promise<Create> {
  const { createParser } = await context.load<{ createParser?: Create }>('parser.ts');
  if (typeof createParser !== 'function')
    fail('noExport', { expected: 'export function createParser(handlers)' });
  return createParser;
}

/** The bodies the checks cut, named in the learner's language by their key in lab.json (`bodyLF`…). */
type BodyKey = 'LF' | 'Crlf' | 'MultiLine' | 'MultiByte' | 'Comment';

/** Compares the two parsers on each way of cutting `bytes`; the first disagreement is the failure. */
function compareCuts(
  context: CheckContext,
  create: Create,
  bytes: Uint8Array,
  cuts: number[][],
  key: BodyKey,
): void {
  for (const offsets of cuts) {
    const reads = splitAt(bytes, offsets);
    const expected = eventsText(createLibraryParser, reads);
    let got: string;
    try {
      got = eventsText(create, reads);
    } catch (error) {
      got = `${absent('Threw')} ${error instanceof Error ? error.message : String(error)}`;
    }
    if (got !== expected) {
      const shownReads = reads.map((read) => `[${escapeBytes(read)}]`).join('\n');
      const body = context.text(`body${key}`);
      fail(offsets.length === 0 ? 'differsWhole' : 'differs', {
        vars: { body, cuts: offsets.join(', '), reads: reads.length },
        expected: `${expected}\n\n${context.text('readsLabel')}\n${shownReads}`,
        got: got || absent('NoEvents'),
      });
    }
  }
}

const everyCut = (bytes: Uint8Array) => Array.from({ length: bytes.length - 1 }, (_, index) => [index + 1]);

export const checks: LabCheck[] = [
  {
    id: 'oneRead',
    topic: 'chunks',
    run: async (context) => compareCuts(context, await learnerParser(context), body, [[]], 'LF'),
  },
  {
    id: 'twoReads',
    topic: 'chunks',
    run: async (context) => compareCuts(context, await learnerParser(context), body, everyCut(body), 'LF'),
  },
  {
    id: 'byteByByte',
    topic: 'chunks',
    run: async (context) =>
      compareCuts(
        context,
        await learnerParser(context),
        body,
        [Array.from({ length: body.length }, (_, i) => i + 1)],
        'LF',
      ),
  },
  {
    id: 'crlf',
    topic: 'lines',
    run: async (context) => {
      const crlf = bytesOf('Crlf');
      compareCuts(context, await learnerParser(context), crlf, everyCut(crlf), 'Crlf');
    },
  },
  {
    id: 'variants',
    topic: 'lines',
    run: async (context) => {
      const create = await learnerParser(context);
      for (const key of ['MultiLine', 'MultiByte', 'Comment'] as const) {
        const bytes = bytesOf(key);
        compareCuts(context, create, bytes, everyCut(bytes), key);
      }
    },
  },
  // Last: a file that hands over the kit's own implementation would pass every check above; here it fails.
  ownImports,
];
