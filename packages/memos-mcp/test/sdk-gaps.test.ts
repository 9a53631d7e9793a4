// The shortcuts the HTTP endpoint takes around the SDK and Express (see the README, "Where the kit does not
// use the SDK or Express as is"), each with the behaviour that makes it necessary. When a test here fails,
// that behaviour has changed: the shortcut it names may no longer be needed, or may need to follow.
//
// Nothing here is timed: the order of events says whether a head exists or has been written, with the
// tool held at a gate the test opens.
import { request as httpRequest, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import { type Listening, listen } from '@memos-kit/process';
import { type NodeIncomingMessageLike, toNodeHandler, toWebRequest } from '@modelcontextprotocol/node';
import {
  createMcpHandler,
  type McpHandlerRequestOptions,
  type PerRequestResponseMode,
  Server,
} from '@modelcontextprotocol/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdapter } from '../src/app.ts';
import { articleHeadWriter, withArticleCacheControl } from '../src/http/sse-headers.ts';
import { mcpRequest } from './support/mcp-http.ts';

/**
 * A probe tool that does its work only once the test opens its gate, then sends one progress notification.
 * What the tests check is the order of two things, the head and that first event, so no clock is read.
 */
function gatedProbe() {
  let entered = () => {};
  let open = () => {};
  const working = new Promise<void>((resolve) => {
    entered = resolve;
  });
  const gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  const server = (): Server => {
    const server = new Server({ name: 'sdk-gap-probe', version: '0.0.0' }, { capabilities: { tools: {} } });
    server.setRequestHandler('tools/call', async (_request, ctx) => {
      entered();
      await gate;
      const progressToken = ctx.mcpReq._meta?.progressToken ?? 0;
      await ctx.mcpReq.notify({
        method: 'notifications/progress',
        params: { progressToken, progress: 1, total: 2 },
      });
      return { content: [] };
    });
    return server;
  };
  return { server, working, open };
}

/** Lets every pending promise run: in-process work with no I/O to wait for is done after it. */
const settled = () => new Promise((resolve) => setImmediate(resolve));

const call = mcpRequest('tools/call', { name: 'probe', arguments: {}, _meta: { progressToken: 'gap' } });

/**
 * Calls the probe through `handler.fetch` and says whether it handed back its Response, that is a head,
 * while the tool was still waiting to begin.
 */
async function fetchHead(responseMode: PerRequestResponseMode) {
  const probe = gatedProbe();
  const handler = createMcpHandler(probe.server, { responseMode, keepAliveMs: 0 });
  try {
    let head: Response | undefined;
    const request = new Request('http://127.0.0.1/mcp', {
      method: 'POST',
      headers: call.headers,
      body: call.body,
    });
    const fetched = handler.fetch(request, { parsedBody: JSON.parse(call.body) }).then((response) => {
      head = response;
      return response;
    });
    await probe.working;
    await settled();
    const headBeforeWork = head !== undefined;
    probe.open();
    const response = await fetched;
    await response.text();
    return { headBeforeWork, headers: response.headers };
  } finally {
    await handler.close();
  }
}

/**
 * Serves `responseMode: 'sse'` through toNodeHandler, with or without the kit's adapters, and calls the probe
 * over HTTP. The test decides when the tool may begin (`open`), after looking at what had left by then.
 */
async function headOverHttp(adapted: boolean) {
  const probe = gatedProbe();
  const handler = createMcpHandler(probe.server, { responseMode: 'sse', keepAliveMs: 0 });
  const node = toNodeHandler(adapted ? withArticleCacheControl(handler) : handler);
  let served: ServerResponse | undefined;
  const server = await listen((req, res: ServerResponse) => {
    served = res;
    void node(req, adapted ? articleHeadWriter(res) : res);
  });
  const answer = new Promise<{ rawHeaders: string[]; headers: IncomingHttpHeaders }>((resolve, reject) => {
    const outgoing = httpRequest(
      `${server.url}/mcp`,
      { method: 'POST', headers: call.headers },
      (incoming) => {
        incoming.resume();
        incoming.on('end', () => resolve({ rawHeaders: incoming.rawHeaders, headers: incoming.headers }));
      },
    );
    outgoing.on('error', reject);
    outgoing.end(call.body);
  });
  return {
    working: probe.working,
    /**
     * Whether any bytes of the answer have gone to the socket. A head that `writeHead` set but Node still
     * holds (it sends it with the first write of the body) has not.
     */
    headLeft: () => (served?.socket?.bytesWritten ?? 0) > 0,
    async finish() {
      probe.open();
      try {
        return await answer;
      } finally {
        await server.close();
        await handler.close();
      }
    },
  };
}

describe('responseMode is chosen per handler (progress-stream.ts routes between two)', () => {
  it('has no per-request responseMode in the types', () => {
    // @ts-expect-error `tsc` fails here once McpHandlerRequestOptions gains a responseMode.
    const perRequest: McpHandlerRequestOptions = { responseMode: 'sse' };
    expect(Object.keys(perRequest)).toEqual(['responseMode']);
  });

  it('in auto mode, has no head until the first progress notification; in sse mode, at once', async () => {
    const auto = await fetchHead('auto');
    expect(auto.headBeforeWork).toBe(false);
    expect(auto.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const sse = await fetchHead('sse');
    expect(sse.headBeforeWork).toBe(true);
  });
});

describe("the SSE head (sse-headers.ts gives it the article's value, spelling and timing)", () => {
  it('is sent by the SDK with Cache-Control: no-cache, no-transform', async () => {
    const { headers } = await fetchHead('sse');
    expect(headers.get('cache-control')).toBe('no-cache, no-transform');
  });

  it('leaves toNodeHandler with the first event, in lower case', async () => {
    const plain = await headOverHttp(false);
    await plain.working;
    await settled();
    const leftBeforeWork = plain.headLeft();
    const { rawHeaders, headers } = await plain.finish();
    expect(leftBeforeWork).toBe(false);
    expect(rawHeaders).toContain('content-type');
    expect(headers['cache-control']).toBe('no-cache, no-transform');
  });

  it('leaves at once, spelled and valued as in the article, through the adapters', async () => {
    const adapted = await headOverHttp(true);
    await adapted.working;
    await settled();
    const leftBeforeWork = adapted.headLeft();
    const { rawHeaders, headers } = await adapted.finish();
    expect(leftBeforeWork).toBe(true);
    expect(rawHeaders).toEqual(
      expect.arrayContaining(['Content-Type', 'Cache-Control', 'X-Accel-Buffering']),
    );
    expect(headers['cache-control']).toBe('no-cache');
  });
});

describe('toNodeHandler, which node-adapter.ts does the work of for a body the endpoint has parsed', () => {
  const discover = mcpRequest('server/discover');

  it('streams a complete JSON answer in chunked framing, without its length', async () => {
    const handler = createMcpHandler(gatedProbe().server, { keepAliveMs: 0 });
    const node = toNodeHandler(handler);
    const server = await listen((req, res) => void node(req, res));
    try {
      const response = await fetch(`${server.url}/mcp`, {
        method: 'POST',
        headers: discover.headers,
        body: discover.body,
      });
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      await response.text();
      expect(response.headers.get('transfer-encoding')).toBe('chunked');
      expect(response.headers.get('content-length')).toBeNull();
    } finally {
      await server.close();
      await handler.close();
    }
  });

  it('hands the handler a web Request that carries the parsed body, serialized again', async () => {
    const parsed = JSON.parse(discover.body) as unknown;
    // The request as a body parser leaves it: its stream already read, so nothing more comes from it.
    const req: NodeIncomingMessageLike = {
      method: 'POST',
      url: '/mcp',
      headers: { host: '127.0.0.1', 'content-type': 'application/json' },
      async *[Symbol.asyncIterator]() {},
    };
    const request = await toWebRequest(req, parsed);
    expect(request.body).not.toBeNull();
    expect(await request.text()).toBe(JSON.stringify(parsed));
  });
});

describe('/mcp beside Express (app.ts serves it before the Express app, unless CORS is on)', () => {
  let beside: Listening;
  let routed: Listening;
  beforeAll(async () => {
    beside = await listen((await createAdapter({ dataset: 'empty' })).app);
    // With a CORS list, /mcp is an Express route like the others.
    routed = await listen(
      (await createAdapter({ dataset: 'empty', corsOrigins: ['http://127.0.0.1:5173'] })).app,
    );
  });
  afterAll(async () => {
    await beside.close();
    await routed.close();
  });

  it("reaches the endpoint on exactly the paths Express's app.all('/mcp') routes there", async () => {
    // The endpoint answers GET with 405 and `Allow: POST`; anything else is the REST app's (404 in JSON).
    const reach = async (base: string, path: string) => {
      const response = await fetch(`${base}${path}`);
      await response.text();
      return `${response.status} ${response.headers.get('allow') ?? ''}`.trim();
    };
    const paths = ['/mcp', '/MCP', '/Mcp', '/mcp/', '/mcp?x=1', '/mcp/?x=1', '/mcp//', '/mcp/x', '/mcpx'];
    const answers = await Promise.all(
      paths.map(async (path) => [path, await reach(beside.url, path), await reach(routed.url, path)]),
    );
    for (const [path, besideAnswer, routedAnswer] of answers) expect(besideAnswer, path).toBe(routedAnswer);
    expect(answers.filter(([, answer]) => answer === '405 POST').map(([path]) => path)).toEqual([
      '/mcp',
      '/MCP',
      '/Mcp',
      '/mcp/',
      '/mcp?x=1',
      '/mcp/?x=1',
    ]);
  });
});
