import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAdapter, type PaceTimeline } from '@memos-kit/memos-mcp';

/** One thing the server did to an MCP response, as seen from inside the server process. */
export interface ServerWrite {
  /** performance.now() of the call: the client in the same process measures on the same clock. */
  at: number;
  kind: 'head' | 'write' | 'end' | 'close';
  bytes: Uint8Array;
  /** false once the client has gone: such a write reaches nobody. */
  writable: boolean;
}

export interface TappedServer {
  url: string;
  /** Every write to every POST /mcp response so far, per response in arrival order. */
  responses: ServerWrite[][];
  close(): Promise<void>;
}

function toBytes(chunk: unknown): Uint8Array {
  if (chunk instanceof Uint8Array) return chunk;
  if (typeof chunk === 'string') return new TextEncoder().encode(chunk);
  return new Uint8Array();
}

/** Records what the adapter writes to a response, and when, without changing what it writes. */
function tap(res: ServerResponse, record: (write: ServerWrite) => void): void {
  const write = res.write;
  const end = res.end;
  const writeHead = res.writeHead;
  const now = () => performance.now();
  res.writeHead = function (this: ServerResponse, ...args: unknown[]) {
    record({ at: now(), kind: 'head', bytes: new Uint8Array(), writable: !this.destroyed });
    return (writeHead as (...a: unknown[]) => ServerResponse).apply(this, args);
  } as ServerResponse['writeHead'];
  res.write = function (this: ServerResponse, chunk: unknown, ...rest: unknown[]) {
    record({ at: now(), kind: 'write', bytes: toBytes(chunk), writable: !this.destroyed && this.writable });
    return (write as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
  } as ServerResponse['write'];
  res.end = function (this: ServerResponse, ...args: unknown[]) {
    const chunk = typeof args[0] === 'function' ? undefined : args[0];
    record({ at: now(), kind: 'end', bytes: toBytes(chunk), writable: !this.destroyed && this.writable });
    return (end as (...a: unknown[]) => ServerResponse).apply(this, args);
  } as ServerResponse['end'];
  res.once('close', () => record({ at: now(), kind: 'close', bytes: new Uint8Array(), writable: false }));
}

/**
 * The kit's real MCP adapter (dataset "empty") behind a plain node:http listener that taps POST /mcp
 * responses: what the server wrote and when.
 */
export async function startTappedAdapter(options: {
  pace: 'article' | 'off' | PaceTimeline;
}): Promise<TappedServer> {
  const adapter = await createAdapter({ dataset: 'empty', pace: options.pace });
  const responses: ServerWrite[][] = [];
  const server = createServer((req, res) => {
    if (req.method === 'POST' && req.url === '/mcp') {
      const writes: ServerWrite[] = [];
      responses.push(writes);
      tap(res, (write) => writes.push(write));
    }
    adapter.app(req, res);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    responses,
    close: async () => {
      await adapter.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
