import { splitAt } from './feed.ts';

/** One way of handing the same response to a parser: the bytes and where the reads end. */
export interface CutScenario {
  /** Names the cut; its title, its point (why it is awkward) and any variant note are in the catalog. */
  key: ScenarioKey;
  /** Set when the bytes are a rewritten variant of the live response (same messages, other framing). */
  variant?: true;
  reads: Uint8Array[];
}

export type ScenarioKey =
  | 'Live'
  | 'Random'
  | 'InsideData'
  | 'BlankLine'
  | 'Crlf'
  | 'MultiLine'
  | 'MultiByte'
  | 'Comment';

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** A small seeded generator (mulberry32), so a class sees the same "random" cuts every run. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function indexOrThrow(haystack: Uint8Array | string, needle: string, from = 0): number {
  const index =
    typeof haystack === 'string'
      ? haystack.indexOf(needle, from)
      : decoder.decode(haystack).indexOf(needle, from);
  if (index === -1) throw new Error(`The response has no ${JSON.stringify(needle)} to cut at`);
  return index;
}

/** Re-frames each event of an LF-only SSE text: `rewrite` gets an event's data and returns its new lines. */
function reframe(text: string, rewrite: (data: string) => string[]): string {
  return text
    .split('\n\n')
    .filter((block) => block !== '')
    .map((block) => {
      const lines = block.split('\n');
      const data = lines
        .filter((line) => line.startsWith('data:'))
        .map((line) => line.replace(/^data: ?/, ''))
        .join('\n');
      const others = lines.filter((line) => !line.startsWith('data:'));
      return [...others, ...rewrite(data).map((line) => `data: ${line}`)].join('\n');
    })
    .map((block) => `${block}\n\n`)
    .join('');
}

/**
 * The lesson's cuts of one response body (LF line endings, as the kit's server writes it). Each awkward spot
 * is found in the bytes, not hard-coded, so the lesson still works if the response changes.
 */
export function buildScenarios(
  body: Uint8Array,
  liveReads: Uint8Array[] | undefined,
  seed: number,
): CutScenario[] {
  const text = decoder.decode(body);
  const random = seededRandom(seed);
  // Real reads are never empty, so the cuts fall strictly inside the body, each at most once.
  const randomCuts = [
    ...new Set(Array.from({ length: 5 }, () => 1 + Math.floor(random() * (body.length - 1)))),
  ];
  const firstData = indexOrThrow(text, 'data:');
  const firstBlank = indexOrThrow(text, '\n\n');

  const crlf = encoder.encode(text.replaceAll('\n', '\r\n'));
  const crlfBlank = indexOrThrow(crlf, '\r\n\r\n');

  const multiLine = encoder.encode(
    reframe(text, (data) => JSON.stringify(JSON.parse(data), null, 1).split('\n')),
  );
  const multiLineSecondData = indexOrThrow(multiLine, '\ndata:', indexOrThrow(multiLine, '\ndata:') + 1);

  const withMessage = encoder.encode(
    reframe(text, (data) => {
      const message = JSON.parse(data) as { method?: string; params?: Record<string, unknown> };
      if (message.method === 'notifications/progress' && message.params)
        message.params.message = '已查询备忘录';
      return [JSON.stringify(message)];
    }),
  );
  const firstWide = withMessage.findIndex((byte) => byte >= 0x80);

  const withComment = encoder.encode(text.replace('\n\n', '\n\n: keep-alive\n\n'));
  const commentAt = indexOrThrow(withComment, ': keep-alive');

  const scenarios: CutScenario[] = [];
  if (liveReads) scenarios.push({ key: 'Live', reads: liveReads });
  scenarios.push(
    { key: 'Random', reads: splitAt(body, randomCuts) },
    { key: 'InsideData', reads: splitAt(body, [firstData + 2]) },
    { key: 'BlankLine', reads: splitAt(body, [firstBlank + 1]) },
    { key: 'Crlf', variant: true, reads: splitAt(crlf, [crlfBlank + 1, crlfBlank + 3]) },
    { key: 'MultiLine', variant: true, reads: splitAt(multiLine, [multiLineSecondData + 3]) },
    { key: 'MultiByte', variant: true, reads: splitAt(withMessage, [firstWide + 1, firstWide + 2]) },
    { key: 'Comment', variant: true, reads: splitAt(withComment, [commentAt + 5]) },
  );
  return scenarios;
}

/** How many bytes at the end of `bytes` start a UTF-8 character that is not complete yet. */
export function incompleteUtf8Tail(bytes: Uint8Array): number {
  for (let back = 1; back <= Math.min(3, bytes.length); back++) {
    const byte = bytes[bytes.length - back] as number;
    if ((byte & 0xc0) === 0x80) continue; // a continuation byte: keep looking for the lead byte
    const length = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;
    return length > back ? back : 0;
  }
  return 0;
}
