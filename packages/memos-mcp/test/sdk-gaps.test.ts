// The two SDK adapters the HTTP endpoint keeps (see the README, "Where the SDK has no supported way"),
// each with the SDK behaviour that makes it necessary. When a test here fails, the SDK has changed: the
// adapter it names may no longer be needed, or may need to follow.
import { request as httpRequest, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import { listen } from '@memos-kit/process';
import { toNodeHandler } from '@modelcontextprotocol/node';
import {
  createMcpHandler,
  type McpHandlerRequestOptions,
  type PerRequestResponseMode,
  Server,
} from '@modelcontextprotocol/server';
import { describe, expect, it } from 'vitest';
import { articleHeadWriter, withArticleCacheControl } from '../src/http/sse-headers.ts';
import { mcpRequest } from './support/mcp-http.ts';

/** How long the probe tool works before its first progress notification. */
const FIRST_EVENT_MS = 800;
/** A head sent at once arrives well before this; one sent with the first event arrives after it. */
const HEAD_DEADLINE_MS = FIRST_EVENT_MS / 2;

function probeServer(): Server {
  const server = new Server({ name: 'sdk-gap-probe', version: '0.0.0' }, { capabilities: { tools: {} } });
  server.setRequestHandler('tools/call', async (_request, ctx) => {
    await new Promise((resolve) => setTimeout(resolve, FIRST_EVENT_MS));
    const progressToken = ctx.mcpReq._meta?.progressToken ?? 0;
    await ctx.mcpReq.notify({
      method: 'notifications/progress',
      params: { progressToken, progress: 1, total: 2 },
    });
    return { content: [] };
  });
  return server;
}

const handlerFor = (responseMode: PerRequestResponseMode) =>
  createMcpHandler(probeServer, { responseMode, keepAliveMs: 0 });

const call = mcpRequest('tools/call', { name: 'probe', arguments: {}, _meta: { progressToken: 'gap' } });

/** How long `handler.fetch` takes to hand back its Response, that is, until a head exists. */
async function fetchHead(responseMode: PerRequestResponseMode) {
  const handler = handlerFor(responseMode);
  try {
    const started = performance.now();
    const request = new Request('http://127.0.0.1/mcp', {
      method: 'POST',
      headers: call.headers,
      body: call.body,
    });
    const response = await handler.fetch(request, { parsedBody: JSON.parse(call.body) });
    const headMs = performance.now() - started;
    await response.text();
    return { headMs, headers: response.headers };
  } finally {
    await handler.close();
  }
}

/** Serves `responseMode: 'sse'` through toNodeHandler, with or without the kit's adapters. */
async function headOverHttp(adapted: boolean) {
  const handler = handlerFor('sse');
  const node = toNodeHandler(adapted ? withArticleCacheControl(handler) : handler);
  const server = await listen((req, res: ServerResponse) => {
    void node(req, adapted ? articleHeadWriter(res) : res);
  });
  try {
    return await new Promise<{ headMs: number; rawHeaders: string[]; headers: IncomingHttpHeaders }>(
      (resolve, reject) => {
        const started = performance.now();
        const outgoing = httpRequest(
          `${server.url}/mcp`,
          { method: 'POST', headers: call.headers },
          (incoming) => {
            const headMs = performance.now() - started;
            incoming.resume();
            incoming.on('end', () =>
              resolve({ headMs, rawHeaders: incoming.rawHeaders, headers: incoming.headers }),
            );
          },
        );
        outgoing.on('error', reject);
        outgoing.end(call.body);
      },
    );
  } finally {
    await server.close();
    await handler.close();
  }
}

describe('responseMode is chosen per handler (progress-stream.ts routes between two)', () => {
  it('has no per-request responseMode in the types', () => {
    // @ts-expect-error `tsc` fails here once McpHandlerRequestOptions gains a responseMode.
    const perRequest: McpHandlerRequestOptions = { responseMode: 'sse' };
    expect(Object.keys(perRequest)).toEqual(['responseMode']);
  });

  it('in auto mode, has no head until the first progress notification; in sse mode, at once', async () => {
    const auto = await fetchHead('auto');
    expect(auto.headMs).toBeGreaterThanOrEqual(FIRST_EVENT_MS - 50);
    expect(auto.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const sse = await fetchHead('sse');
    expect(sse.headMs).toBeLessThan(HEAD_DEADLINE_MS);
  });
});

describe("the SSE head (sse-headers.ts gives it the article's value, spelling and timing)", () => {
  it('is sent by the SDK with Cache-Control: no-cache, no-transform', async () => {
    const { headers } = await fetchHead('sse');
    expect(headers.get('cache-control')).toBe('no-cache, no-transform');
  });

  it('leaves toNodeHandler with the first event, in lower case', async () => {
    const plain = await headOverHttp(false);
    expect(plain.headMs).toBeGreaterThanOrEqual(FIRST_EVENT_MS - 50);
    expect(plain.rawHeaders).toContain('content-type');
    expect(plain.headers['cache-control']).toBe('no-cache, no-transform');
  });

  it('leaves at once, spelled and valued as in the article, through the adapters', async () => {
    const adapted = await headOverHttp(true);
    expect(adapted.headMs).toBeLessThan(HEAD_DEADLINE_MS);
    expect(adapted.rawHeaders).toEqual(
      expect.arrayContaining(['Content-Type', 'Cache-Control', 'X-Accel-Buffering']),
    );
    expect(adapted.headers['cache-control']).toBe('no-cache');
  });
});
