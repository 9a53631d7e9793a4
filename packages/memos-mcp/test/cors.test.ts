// The CORS list `pnpm serve --cors-origin` sets up for the docs playground: the named origins may call and
// read, no answer ever says `*`, and anyone else is refused at the preflight (and at /mcp, by its Origin guard).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPOSED_HEADERS } from '../src/http/cors.ts';
import { type RunningAdapter, startServer } from '../src/index.ts';
import { postMcp, type RawResponse, send } from './support/mcp-http.ts';

const docs = 'http://127.0.0.1:5173';
// An allowed origin whose hostname is not loopback: the MCP Origin guard must let it through by name.
const lanDocs = 'http://192.0.2.10:5173';
// Loopback, but not on the list: a page on another local port gets nothing.
const otherLocal = 'http://127.0.0.1:9999';

let server: RunningAdapter;

beforeAll(async () => {
  server = await startServer({
    port: 0,
    dataset: 'empty',
    corsOrigins: [docs, lanDocs],
    pace: { progressAtMs: 10, resultAtMs: 20 },
  });
});
afterAll(async () => {
  await server?.close();
});

const preflight = (
  path: string,
  origin: string,
  headers = 'content-type, mcp-method, mcp-name, authorization',
) =>
  send(`${server.url}${path}`, {
    method: 'OPTIONS',
    headers: {
      Origin: origin,
      'Access-Control-Request-Method': 'POST',
      'Access-Control-Request-Headers': headers,
    },
  });

describe('a preflight', () => {
  it.each(['/mcp', '/api/v1/memos'])(
    'from a listed origin to %s: 204, that origin, the headers asked for',
    async (path) => {
      const answer = await preflight(path, docs);
      expect(answer.status).toBe(204);
      expect(answer.headers['access-control-allow-origin']).toBe(docs);
      expect(answer.headers['access-control-allow-methods']).toContain('POST');
      expect(answer.headers['access-control-allow-headers']).toBe(
        'content-type, mcp-method, mcp-name, authorization',
      );
      expect(answer.headers.vary).toMatch(/Origin/);
    },
  );

  it.each(['/mcp', '/api/v1/memos'])(
    'from an origin not on the list to %s: 403, no CORS header',
    async (path) => {
      for (const origin of [otherLocal, 'https://evil.example.com']) {
        const answer = await preflight(path, origin);
        expect(answer.status, origin).toBe(403);
        expect(answer.headers['access-control-allow-origin'], origin).toBeUndefined();
        expect(JSON.stringify(answer.json)).toContain('--cors-origin');
      }
    },
  );

  it('asking for a header name that is not a token is refused', async () => {
    const answer = await preflight('/mcp', docs, 'content-type, bad header');
    expect(answer.status).toBe(403);
    expect(answer.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('a request', () => {
  it('from a listed origin is answered with that origin, and a list of exposed headers', async () => {
    const rest = await send(`${server.url}/api/v1/memos?pageSize=1`, {
      method: 'GET',
      headers: { Origin: docs },
    });
    expect(rest.status).toBe(200);
    expect(rest.headers['access-control-allow-origin']).toBe(docs);
    expect(rest.headers['access-control-expose-headers']).toBe(EXPOSED_HEADERS.join(', '));
    const mcp = await postMcp(server.mcpUrl, 'server/discover', {}, { headers: { Origin: lanDocs } });
    expect(mcp.status).toBe(200);
    expect(mcp.headers['access-control-allow-origin']).toBe(lanDocs);
  });

  it('from an origin not on the list gets no CORS header; /mcp still refuses a foreign one (403)', async () => {
    const rest = await send(`${server.url}/api/v1/memos`, { method: 'GET', headers: { Origin: otherLocal } });
    expect(rest.headers['access-control-allow-origin']).toBeUndefined();
    const foreign = await postMcp(
      server.mcpUrl,
      'server/discover',
      {},
      { headers: { Origin: 'http://192.0.2.11:5173' } },
    );
    expect(foreign.status).toBe(403);
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('never gets `*`, and every header of every kind of answer is one the page may read', async () => {
    const headers = { Origin: docs };
    const answers: Record<string, RawResponse> = {
      'REST list': await send(`${server.url}/api/v1/memos`, { method: 'GET', headers }),
      'REST 404': await send(`${server.url}/api/v1/nothing`, { method: 'GET', headers }),
      'REST 401': await send(`${server.url}/api/v1/auth/me`, { method: 'GET', headers }),
      'MCP JSON': await postMcp(
        server.mcpUrl,
        'tools/call',
        { name: 'memo_list_memos', arguments: {} },
        { headers },
      ),
      'MCP SSE': await postMcp(
        server.mcpUrl,
        'tools/call',
        { name: 'memo_list_memos', arguments: {}, _meta: { progressToken: 't' } },
        { headers },
      ),
      'MCP mismatch': await postMcp(
        server.mcpUrl,
        'tools/list',
        {},
        { headers: { ...headers, 'Mcp-Method': 'tools/call' } },
      ),
      'MCP GET 405': await send(server.mcpUrl, { method: 'GET', headers }),
      'MCP 415': await send(server.mcpUrl, {
        headers: { ...headers, 'Content-Type': 'text/plain' },
        body: '{}',
      }),
    };
    expect(answers['MCP SSE']?.headers['content-type']).toMatch(/^text\/event-stream/);
    // What fetch shows a page without being told (the CORS-safelisted response headers).
    const safelisted = [
      'cache-control',
      'content-language',
      'content-length',
      'content-type',
      'expires',
      'last-modified',
      'pragma',
    ];
    const exposed = new Set([...safelisted, ...EXPOSED_HEADERS.map((name) => name.toLowerCase())]);
    for (const [label, answer] of Object.entries(answers)) {
      expect(answer.headers['access-control-allow-origin'], label).toBe(docs);
      const hidden = Object.keys(answer.headers).filter(
        (name) => !name.startsWith('access-control-') && !exposed.has(name),
      );
      expect(hidden, label).toEqual([]);
    }
  });
});

describe('a server with no CORS list', () => {
  it('answers no preflight: OPTIONS /mcp is 405 as before', async () => {
    const plain = await startServer({ port: 0, dataset: 'empty' });
    try {
      const answer = await send(`${plain.url}/mcp`, {
        method: 'OPTIONS',
        headers: { Origin: docs, 'Access-Control-Request-Method': 'POST' },
      });
      expect(answer.status).toBe(405);
      expect(answer.headers['access-control-allow-origin']).toBeUndefined();
    } finally {
      await plain.close();
    }
  });
});
