import { AsyncLocalStorage } from 'node:async_hooks';
import type { ServerResponse } from 'node:http';
import { createAdapter, type PaceTimeline } from '@memos-kit/memos-mcp';
import { listen } from '@memos-kit/process';

/** One thing the server did to an MCP response, as seen from inside the server process. */
export interface ServerWrite {
  /** performance.now() when it reached the socket: a client in the same process measures on the same clock. */
  at: number;
  kind: 'head' | 'write' | 'end' | 'close';
  bytes: Uint8Array;
  /** false once the client has gone: such a write reaches nobody. */
  writable: boolean;
}

export interface TappedServerOptions {
  pace: 'article' | 'off' | PaceTimeline;
  /**
   * Return a promise to hold this write (and everything after it on the same response) until it settles.
   * Tests use it to keep the result back until the client has shown it got the progress event.
   */
  holdWrite?: (bytes: Uint8Array) => Promise<void> | undefined;
  log?: (line: string) => void;
}

export interface TappedServer {
  url: string;
  /** Every POST /mcp response so far, in arrival order, each with what the server wrote to it. */
  responses: ServerWrite[][];
  /**
   * Calls `listener` at each write as it happens, with the index of its response in `responses`, so a
   * lesson can print the server's side live; returns a function that stops it.
   */
  onWrite(listener: WriteListener): () => void;
  close(): Promise<void>;
}

type WriteListener = (write: ServerWrite, response: number) => void;

/** The response a request being served belongs to: its record and the Node response it is written to. */
interface Tap {
  record(write: ServerWrite): void;
  res: ServerResponse;
}

/**
 * Records what the adapter writes to a response, and when, without changing a byte: the adapter's response
 * hook hands over each answer as a web `Response`, and its body goes on through a stream that notes every
 * chunk as it passes (and holds it back when a test asks). The socket gets exactly what it would have got.
 */
function tapped(response: Response, tap: Tap, options: TappedServerOptions): Response {
  const note = (kind: ServerWrite['kind'], bytes: Uint8Array) =>
    tap.record({ at: performance.now(), kind, bytes, writable: !tap.res.destroyed && tap.res.writable });
  note('head', new Uint8Array());
  if (response.body === null) {
    note('end', new Uint8Array());
    return response;
  }
  let held: Promise<void> | undefined;
  const body = response.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      async transform(chunk, controller) {
        held ??= options.holdWrite?.(chunk);
        await held;
        note('write', chunk);
        controller.enqueue(chunk);
      },
      flush: () => note('end', new Uint8Array()),
    }),
  );
  return new Response(body, {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
}

/**
 * The kit's real MCP adapter (dataset "empty") behind a plain node:http listener that taps POST /mcp
 * responses: what the server wrote and when.
 */
export async function startTappedAdapter(options: TappedServerOptions): Promise<TappedServer> {
  // Which response an answer belongs to travels with the request's async context, so concurrent calls
  // each keep their own record.
  const current = new AsyncLocalStorage<Tap>();
  const adapter = await createAdapter({
    dataset: 'empty',
    pace: options.pace,
    ...(options.log ? { log: options.log } : {}),
    onResponse: (response) => {
      const tap = current.getStore();
      return tap ? tapped(response, tap, options) : response;
    },
  });
  const responses: ServerWrite[][] = [];
  const listeners = new Set<WriteListener>();
  const listening = await listen((req, res) => {
    if (req.method === 'POST' && req.url === '/mcp') {
      const writes: ServerWrite[] = [];
      const index = responses.push(writes) - 1;
      const record = (write: ServerWrite) => {
        writes.push(write);
        for (const listener of listeners) listener(write, index);
      };
      res.once('close', () =>
        record({ at: performance.now(), kind: 'close', bytes: new Uint8Array(), writable: false }),
      );
      current.run({ record, res }, () => adapter.app(req, res));
      return;
    }
    adapter.app(req, res);
  });
  return {
    url: listening.url,
    responses,
    onWrite: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close: async () => {
      await adapter.close();
      // Every call is over when the demo or a test closes: what is left is idle, and ends at once.
      await listening.close();
    },
  };
}
