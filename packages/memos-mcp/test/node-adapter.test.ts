// The endpoint's Node adapter writes a complete (JSON) answer in one piece with its length, however many
// chunks the web Response holds it in: one, as Response.json makes it, or several, as a response hook
// that passes the body through a stream may leave it.

import { type Listening, listen } from '@memos-kit/process';
import type { FetchLikeMcpHandler } from '@modelcontextprotocol/node';
import { afterEach, describe, expect, it } from 'vitest';
import { nodeAdapter } from '../src/http/node-adapter.ts';

let server: Listening | undefined;
afterEach(() => server?.close());

async function serve(answer: () => Response): Promise<string> {
  const handler: FetchLikeMcpHandler = { fetch: async () => answer() };
  const adapt = nodeAdapter(handler, (error) => {
    throw error;
  });
  server = await listen((req, res) => void adapt(req, res, {}));
  return server.url;
}

const text = JSON.stringify({ jsonrpc: '2.0', id: 1, result: { note: '列出 memo，一次', n: [1, 2, 3] } });

describe('a complete answer', () => {
  it.each([
    ['one chunk', () => Response.json(JSON.parse(text))],
    [
      'three chunks',
      () => {
        const bytes = new TextEncoder().encode(text);
        const cuts = [0, 7, 40, bytes.length];
        const body = new ReadableStream<Uint8Array>({
          start(controller) {
            for (let i = 0; i + 1 < cuts.length; i++) controller.enqueue(bytes.slice(cuts[i], cuts[i + 1]));
            controller.close();
          },
        });
        return new Response(body, { headers: { 'content-type': 'application/json' } });
      },
    ],
  ])('goes out whole, with its length, from %s', async (_name, answer) => {
    const url = await serve(answer);
    const response = await fetch(url, { method: 'POST' });
    const received = await response.text();
    expect(received).toBe(text);
    expect(response.headers.get('content-length')).toBe(String(Buffer.byteLength(text)));
    expect(response.headers.get('transfer-encoding')).toBeNull();
  });
});
