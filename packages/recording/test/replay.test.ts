import { PassThrough } from 'node:stream';
import { listen } from '@memos-kit/process';
import { loadFixture } from '@memos-kit/wire';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromFixtures } from '../src/convert.ts';
import { httpKey, stdioKey } from '../src/matcher.ts';
import { NOT_RECORDED, replayHandler, replayStdio } from '../src/replay.ts';

/** The parts of a JSON-RPC request the tests change. */
interface Message {
  id: unknown;
  method: string;
  params: { _meta: Record<string, unknown> };
}

const recording = fromFixtures();
let replay: Awaited<ReturnType<typeof listen>>;
beforeAll(async () => {
  replay = await listen(replayHandler(recording, { pace: 'fast' }));
});
afterAll(() => replay.close());

/** The article's request of a fixture, changed as a test needs, and posted to the replay. */
async function post(
  fixtureId: string,
  change: (message: Message) => void = () => {},
  headers: Record<string, string> = {},
) {
  const request = loadFixture(fixtureId).request;
  if (!request) throw new Error(`fixture ${fixtureId} has no request`);
  const message = JSON.parse(request.body) as Message;
  change(message);
  const sent = Object.fromEntries(request.headers.filter(([name]) => name.toLowerCase() !== 'host'));
  return fetch(`${replay.url}/mcp`, {
    method: 'POST',
    headers: { ...sent, ...headers },
    body: JSON.stringify(message),
  });
}

describe('matching', () => {
  const base = { method: 'POST', target: '/mcp', headers: [] as [string, string][] };
  const meta = {
    'io.modelcontextprotocol/protocolVersion': '2026-07-28',
    'io.modelcontextprotocol/clientInfo': { name: 'a' },
  };
  const body = (value: unknown) => ({ ...base, body: JSON.stringify(value) });

  it('ignores ids, member order and the values of _meta besides the protocol version', () => {
    const one = httpKey(body({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: { _meta: meta } }));
    const two = httpKey(
      body({
        method: 'tools/list',
        params: { _meta: { ...meta, 'io.modelcontextprotocol/clientInfo': { name: 'b' } } },
        id: 'x',
        jsonrpc: '2.0',
      }),
    );
    expect(two).toBe(one);
    expect(stdioKey(JSON.stringify({ jsonrpc: '2.0', id: 5, method: 'ping' }))).toBe(
      stdioKey('{"method":"ping","id":9,"jsonrpc":"2.0"}'),
    );
  });

  it('tells apart what changes the answer: a missing _meta, another version, a routing header that disagrees', () => {
    const request = { jsonrpc: '2.0', id: 1, method: 'tools/list', params: { _meta: meta } };
    const key = httpKey(body(request));
    expect(httpKey(body({ ...request, params: {} }))).not.toBe(key);
    expect(
      httpKey(
        body({
          ...request,
          params: { _meta: { ...meta, 'io.modelcontextprotocol/protocolVersion': '2099-01-01' } },
        }),
      ),
    ).not.toBe(key);
    expect(httpKey({ ...body(request), headers: [['Mcp-Method', 'tools/call']] })).not.toBe(key);
  });
});

describe('replay over HTTP', () => {
  it('answers a recorded request with the recorded body, byte for byte when the id is the same', async () => {
    const response = await post('server-discover');
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(loadFixture('server-discover').text('response'));
  });

  it('gives the answer the live request id', async () => {
    const response = await post('server-discover', (message) => {
      message.id = 'live-42';
    });
    const answer = await response.json();
    expect(answer.id).toBe('live-42');
    expect(answer.result).toEqual(JSON.parse(loadFixture('server-discover').text('response')).result);
  });

  it('replays an SSE answer as SSE, re-addressing the progress token and the id', async () => {
    const response = await post('sse-progress', (message) => {
      message.id = 77;
      message.params._meta.progressToken = 'live-token';
    });
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    const text = await response.text();
    const events = text.split('\n\n').filter((event) => event.trim() !== '');
    expect(events).toHaveLength(2);
    expect(JSON.parse(events[0]?.split('data: ')[1] ?? '')).toMatchObject({
      method: 'notifications/progress',
      params: { progressToken: 'live-token' },
    });
    expect(JSON.parse(events[1]?.split('data: ')[1] ?? '')).toMatchObject({
      id: 77,
      result: { resultType: 'complete' },
    });
  });

  it(`answers a request it has no recording of with JSON-RPC ${NOT_RECORDED}, naming what it could answer`, async () => {
    const response = await post('server-discover', (message) => {
      message.method = 'prompts/list';
    });
    const answer = await response.json();
    expect(answer).toMatchObject({ jsonrpc: '2.0', id: 1, error: { code: NOT_RECORDED } });
    expect(answer.error.message).toContain('prompts/list');
    expect(answer.error.data.recordedMethods).toEqual(
      expect.arrayContaining(['server/discover', 'tools/list', 'tools/call']),
    );
  });

  it('answers an unrecorded REST request with 404 and a JSON body, and an oversized body with 413', async () => {
    const rest = await fetch(`${replay.url}/api/v1/users`);
    expect(rest.status).toBe(404);
    expect(await rest.json()).toMatchObject({ error: 'not recorded' });
    const big = await fetch(`${replay.url}/mcp`, { method: 'POST', body: 'x'.repeat(1024 * 1024 + 1) });
    expect(big.status).toBe(413);
  });
});

describe('bad input', () => {
  it('answers a body nested far deeper than any server accepts as not recorded, not with a 500', async () => {
    const deep = `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":${'['.repeat(100_000)}${']'.repeat(100_000)}}`;
    const response = await fetch(`${replay.url}/mcp`, { method: 'POST', body: deep });
    expect(response.status).toBe(404);
  });

  it('refuses a stdio line longer than a message may be, and keeps serving', async () => {
    const input = new PassThrough();
    const output = new PassThrough();
    const written: string[] = [];
    output.on('data', (chunk: Buffer) => written.push(chunk.toString()));
    const done = replayStdio(recording, input, output, { pace: 'fast' });
    input.write('x'.repeat(1024 * 1024 + 10));
    input.write('\n{"jsonrpc":"2.0","id":2,"method":"ping"}\n');
    input.end();
    await done;
    const answers = written
      .join('')
      .trim()
      .split('\n')
      .map((text) => JSON.parse(text));
    expect(answers.map((answer) => answer.error?.code)).toEqual([-32600, NOT_RECORDED]);
  });
});

describe('replay over stdio', () => {
  it('answers each recorded line with the recorded answer, re-addressed, and an unknown one with an error line', async () => {
    const input = new PassThrough();
    const output = new PassThrough();
    const written: string[] = [];
    output.on('data', (chunk: Buffer) => written.push(chunk.toString()));
    const done = replayStdio(recording, input, output, { pace: 'fast' });
    const line = JSON.parse(loadFixture('stdio-tools-call').text('request'));
    input.write(`${JSON.stringify({ ...line, id: 500 })}\n`);
    input.write('{"jsonrpc":"2.0","id":501,"method":"resources/list","params":{}}\n');
    input.write('{"jsonrpc":"2.0","method":"notifications/unknown"}\n');
    input.end();
    await done;
    const answers = written
      .join('')
      .trim()
      .split('\n')
      .map((text) => JSON.parse(text));
    expect(answers).toHaveLength(2);
    expect(answers.find((answer) => answer.id === 500)).toMatchObject({ result: { resultType: 'complete' } });
    expect(answers.find((answer) => answer.id === 501)).toMatchObject({ error: { code: NOT_RECORDED } });
  });
});
