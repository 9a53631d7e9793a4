import { parseArgs } from 'node:util';

export type Lesson = 'stream' | 'chunks' | 'proxy';

export interface DemoOptions {
  fast: boolean;
  lesson: Lesson;
  noColor: boolean;
  help: boolean;
  seed: number;
  url: string | undefined;
}

export const USAGE = `pnpm demo:sse [options]

Runs the article's tools/call id 6 against the kit's MCP adapter (started in-process on a free
loopback port, dataset "empty") and prints the Streamable HTTP response as it arrives: status line
and headers, every read from the socket, every SSE event once complete, the JSON-RPC message in it,
a progress bar, and the result matched to id 6.

Options:
  --fast              shrink the article's pauses (1 s, 3 s) to 50 ms and 250 ms, same order: for tests
  --lesson chunks     replay the same bytes cut at random and at awkward places: a read is not an event
  --lesson proxy      send the stream through a real nginx on loopback, with and without buffering
  --seed N            seed of the random cuts in --lesson chunks (default 6)
  --url URL           use a running server instead of starting one; for the article's pace and
                      result, start it with: pnpm serve --pace article --dataset empty
                      (then --url http://127.0.0.1:5230)
  --no-color          no colours (NO_COLOR works too)
  --help              this text
`;

/** Each run's first line, printed by the CLI before it loads the lesson (and the server) it runs. */
export const TITLES: Record<Lesson, string> = {
  stream: "Streamable HTTP with SSE: the article's tools/call id 6, as it arrives",
  chunks: 'Lesson: a read is not an event',
  proxy: 'Lesson: a buffering proxy between client and server',
};

export class UsageError extends Error {}

export function parseOptions(argv: string[]): DemoOptions {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { values } = parsed;
  const lesson = values.lesson ?? 'stream';
  if (lesson !== 'stream' && lesson !== 'chunks' && lesson !== 'proxy')
    throw new UsageError(`--lesson takes "chunks" or "proxy", not "${lesson}"`);
  if (lesson === 'proxy' && values.url)
    throw new UsageError(
      '--lesson proxy starts its own adapter (it records what the server writes); --url does not apply',
    );
  const seed = Number(values.seed ?? '6');
  if (!Number.isSafeInteger(seed)) throw new UsageError(`--seed takes an integer, not "${values.seed}"`);
  return {
    fast: values.fast ?? false,
    lesson,
    noColor: values['no-color'] ?? false,
    help: values.help ?? false,
    seed,
    url: values.url,
  };
}

function parse(argv: string[]) {
  return parseArgs({
    args: argv,
    strict: true,
    allowPositionals: false,
    options: {
      fast: { type: 'boolean' },
      lesson: { type: 'string' },
      'no-color': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
      seed: { type: 'string' },
      url: { type: 'string' },
    },
  });
}
