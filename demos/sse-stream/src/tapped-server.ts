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

function toBytes(chunk: unknown): Uint8Array {
  if (chunk instanceof Uint8Array) return chunk;
  if (typeof chunk === 'string') return new TextEncoder().encode(chunk);
  return new Uint8Array();
}

type WriteListener = (write: ServerWrite, response: number) => void;

type AnyCall = (...args: unknown[]) => unknown;

/** Records what the adapter writes to a response, and when, without changing what it writes. */
function tap(res: ServerResponse, record: (write: ServerWrite) => void, options: TappedServerOptions): void {
  const original = { writeHead: res.writeHead, write: res.write, end: res.end } as Record<string, AnyCall>;
  let held: Promise<void> | undefined;
  const pass = (kind: 'head' | 'write' | 'end', args: unknown[], bytes: Uint8Array) => {
    const go = () => {
      record({ at: performance.now(), kind, bytes, writable: !res.destroyed && res.writable });
      return original[kind === 'head' ? 'writeHead' : kind]?.apply(res, args);
    };
    if (!held && kind !== 'head') held = options.holdWrite?.(bytes);
    if (!held) return go();
    held = held.then(() => void go());
    return kind === 'head' ? res : kind === 'write' ? true : res;
  };
  res.writeHead = ((...args: unknown[]) =>
    pass('head', args, new Uint8Array())) as ServerResponse['writeHead'];
  res.write = ((...args: unknown[]) => pass('write', args, toBytes(args[0]))) as ServerResponse['write'];
  res.end = ((...args: unknown[]) =>
    pass(
      'end',
      args,
      typeof args[0] === 'function' ? new Uint8Array() : toBytes(args[0]),
    )) as ServerResponse['end'];
  res.once('close', () =>
    record({ at: performance.now(), kind: 'close', bytes: new Uint8Array(), writable: false }),
  );
}

/**
 * The kit's real MCP adapter (dataset "empty") behind a plain node:http listener that taps POST /mcp
 * responses: what the server wrote and when.
 */
export async function startTappedAdapter(options: TappedServerOptions): Promise<TappedServer> {
  const adapter = await createAdapter({ dataset: 'empty', pace: options.pace, log: options.log });
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
      tap(res, record, options);
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
