import { request as httpRequest, type RequestListener } from 'node:http';
import { answerOf, createRestApp } from '@memos-kit/memos-rest';
import { type Listening, listen } from '@memos-kit/process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inProcessDispatcher } from '../src/rest/in-process-dispatcher.ts';
import type { RestRequest, RestResponse } from '../src/rest/rest-request.ts';

// The shipped datasets give the article's token to their host.
const auth = { authorization: 'Bearer example-token', accept: 'application/json' };

/** The same request over a real loopback socket, for comparison. */
async function overHttp(base: string, request: RestRequest): Promise<RestResponse> {
  const response = await fetch(new URL(request.url, base), {
    method: request.method,
    headers: request.headers,
    body: request.body ?? null,
  });
  return { status: response.status, headers: {}, body: await response.text() };
}

describe('the in-process dispatcher', () => {
  const { app } = createRestApp({ dataset: 'workshop' });
  const dispatch = inProcessDispatcher(app, answerOf);
  let server: Listening;
  beforeAll(async () => {
    server = await listen(app);
  });
  afterAll(() => server.close());

  it.each([
    { method: 'GET', url: '/api/v1/memos?pageSize=3', headers: auth },
    { method: 'GET', url: '/api/v1/memos?pageSize=3', headers: { accept: 'application/json' } },
    { method: 'GET', url: '/api/v1/memos/does-not-exist', headers: auth },
    { method: 'GET', url: '/api/v1/nowhere', headers: auth },
  ])('answers $method $url as the app does over HTTP', async (request) => {
    const inProcess = await dispatch(request);
    const network = await overHttp(server.url, request);
    expect(inProcess.status).toBe(network.status);
    expect(inProcess.body).toBe(network.body);
    expect(inProcess.headers['content-type']).toMatch(/^application\/json/);
  });

  it('sends a JSON body, whose effect the next call sees', async () => {
    const content = `in-process ${Date.now()}`;
    const created = await dispatch({
      method: 'POST',
      url: '/api/v1/memos',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ content, visibility: 'PRIVATE' }),
    });
    expect(created.status).toBe(200);
    const { name } = JSON.parse(created.body) as { name: string };
    const read = await dispatch({ method: 'GET', url: `/api/v1/${name}`, headers: auth });
    expect(JSON.parse(read.body)).toMatchObject({ name, content });
  });

  it('hands on the value a JSON answer was written from, which is the body parsed', async () => {
    for (const request of [
      { method: 'GET', url: '/api/v1/memos?pageSize=3', headers: auth },
      { method: 'GET', url: '/api/v1/memos/does-not-exist', headers: auth },
    ]) {
      const response = await dispatch(request);
      expect(response.json, request.url).toBeDefined();
      expect(JSON.stringify(response.json?.value)).toBe(response.body);
      expect(response.json?.value).toEqual(JSON.parse(response.body));
    }
    // Memos' 401 is text/plain: its body as the app wrote it, and no value.
    const refused = await dispatch({
      method: 'POST',
      url: '/api/v1/memos',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(refused.status).toBe(401);
    expect(refused.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(refused.json).toBeUndefined();
    const network = await overHttp(server.url, {
      method: 'POST',
      url: '/api/v1/memos',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(refused.body).toBe(network.body);
  });

  it("gives the answer's status and headers as the app set them", async () => {
    const inProcess = await dispatch({ method: 'GET', url: '/api/v1/memos?pageSize=2', headers: auth });
    const network = await fetch(`${server.url}/api/v1/memos?pageSize=2`, { headers: auth });
    expect(inProcess.status).toBe(network.status);
    // Node adds these on the wire; the app never set them.
    const wireOnly = new Set(['date', 'connection', 'keep-alive']);
    const fromNetwork = Object.fromEntries([...network.headers].filter(([name]) => !wireOnly.has(name)));
    expect(inProcess.headers).toEqual(fromNetwork);
    await network.arrayBuffer();
  });

  it("sends the request as Node's own HTTP client would: the app reads the same method, path, headers and body", async () => {
    const seen: Array<{ method?: string; url?: string; headers: Record<string, unknown>; body: string }> = [];
    const echo: RequestListener = (req, res) => {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (chunk: string) => {
        body += chunk;
      });
      req.on('end', () => {
        const { host: _host, connection: _connection, ...headers } = req.headers;
        seen.push({ method: req.method, url: req.url, headers, body });
        res.end();
      });
    };
    const request = {
      method: 'PATCH',
      url: '/api/v1/memos/abc?updateMask=content&x=%E4%BD%A0',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ content: '你好，memo' }),
    };
    // The echo records no body, so the dispatch itself ends in an error; what the app read is the point.
    await expect(inProcessDispatcher(echo, () => undefined)(request)).rejects.toThrow(/without recording/);
    const echoed = await listen(echo);
    try {
      await new Promise<void>((resolve, reject) => {
        const outgoing = httpRequest(new URL(request.url, echoed.url), {
          method: request.method,
          headers: request.headers,
        });
        outgoing.on('response', (incoming) => incoming.resume().on('end', resolve));
        outgoing.on('error', reject);
        outgoing.end(request.body);
      });
    } finally {
      await echoed.close();
    }
    expect(seen).toHaveLength(2);
    expect(seen[0]).toEqual(seen[1]);
    expect(seen[0]?.body).toBe(request.body);
  });

  it("refuses, as a rejection, what Node's client would refuse to send", async () => {
    const refused: RestRequest[] = [
      { method: 'GET', url: '/api/v1/memos?filter=a b', headers: auth },
      { method: 'GET', url: '/api/v1/memos', headers: { authorization: 'Bearer a\r\nx-injected: 1' } },
      { method: 'GET', url: '/api/v1/memos', headers: { 'bad header': 'x' } },
      { method: 'GET /x HTTP/1.1\r\n', url: '/', headers: {} },
    ];
    for (const request of refused) {
      await expect(dispatch(request), JSON.stringify(request)).rejects.toThrow();
    }
  });

  it('rejects, instead of waiting forever, when Node answers the request itself', async () => {
    // Over Node's 16 KB header limit: its parser refuses the request with 431, and the app never runs.
    const huge = {
      method: 'GET',
      url: '/api/v1/memos',
      headers: { authorization: `Bearer ${'x'.repeat(20_000)}` },
    };
    await expect(dispatch(huge)).rejects.toThrow(/closed without an answer/);
  });

  it("closes each connection after the app's answer has finished, not before", async () => {
    const seen: string[] = [];
    const watched: RequestListener = (req, res) => {
      res.once('finish', () => seen.push('finish'));
      req.socket.once('close', () => seen.push('closed'));
      app(req, res);
    };
    const watchedDispatch = inProcessDispatcher(watched, answerOf);
    for (let i = 0; i < 20; i++) {
      await watchedDispatch({ method: 'GET', url: '/api/v1/memos?pageSize=1', headers: auth });
    }
    await expect.poll(() => seen.length).toBe(40);
    for (let i = 0; i < 40; i += 2) expect(seen.slice(i, i + 2)).toEqual(['finish', 'closed']);
  });

  it('leaves the app serving real connections after in-process calls', async () => {
    await dispatch({ method: 'GET', url: '/api/v1/memos?pageSize=1', headers: auth });
    const response = await fetch(`${server.url}/api/v1/memos?pageSize=1`, { headers: auth });
    expect(response.status).toBe(200);
    expect(await response.json()).toHaveProperty('memos');
  });
});

describe('cancelling an in-process call', () => {
  it('rejects with the signal reason when already aborted, and never reaches the app', async () => {
    let reached = false;
    const dispatch = inProcessDispatcher(() => {
      reached = true;
    }, answerOf);
    const reason = new Error('cancelled before it started');
    await expect(dispatch({ method: 'GET', url: '/', headers: {} }, AbortSignal.abort(reason))).rejects.toBe(
      reason,
    );
    expect(reached).toBe(false);
  });

  it('rejects with the signal reason mid-call, and the app sees its client go', async () => {
    let appSawClose: () => void = () => {};
    const closed = new Promise<void>((resolve) => {
      appSawClose = resolve;
    });
    let started: () => void = () => {};
    const reached = new Promise<void>((resolve) => {
      started = resolve;
    });
    // Never answers: only the cancellation can end this call.
    const hanging: RequestListener = (_req, res) => {
      res.on('close', () => appSawClose());
      started();
    };
    const controller = new AbortController();
    const call = inProcessDispatcher(hanging, answerOf)(
      { method: 'GET', url: '/slow', headers: {} },
      controller.signal,
    );
    await reached;
    const reason = new Error('the MCP client went away');
    controller.abort(reason);
    await expect(call).rejects.toBe(reason);
    await closed;
  });
});
