// `answerOf` is how a caller in the same process reads an answer without parsing HTTP (memos-mcp's
// in-process dispatcher): it must hold for every answer the app writes, success or failure, and be
// byte for byte what a client on the network receives.
import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import { type Listening, listen } from '@memos-kit/process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerOf, createRestApp, type RecordedAnswer } from '../src/index.ts';

const { app } = createRestApp({ dataset: 'workshop' });
const recorded = new Map<string, { status: number; answer: RecordedAnswer | undefined }>();
let server: Listening;
beforeAll(async () => {
  server = await listen((req, res: ServerResponse) => {
    // Each request names itself, so its record can be found once the client has read the answer.
    const id = String(req.headers['x-test-id']);
    res.once('finish', () => recorded.set(id, { status: res.statusCode, answer: answerOf(res) }));
    app(req, res);
  });
});
afterAll(() => server.close());

const auth = 'Bearer example-token';
const cases: Array<{
  name: string;
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
}> = [
  { name: 'a list', method: 'GET', path: '/api/v1/memos?pageSize=3', headers: { authorization: auth } },
  {
    name: 'HAL',
    method: 'GET',
    path: '/api/v1/memos?pageSize=1',
    headers: { authorization: auth, accept: 'application/hal+json' },
  },
  { name: 'the contract', method: 'GET', path: '/api/v1/openapi.json' },
  { name: 'a missing memo', method: 'GET', path: '/api/v1/memos/nope', headers: { authorization: auth } },
  { name: 'an unknown path', method: 'GET', path: '/api/v1/nowhere' },
  { name: 'outside the API', method: 'GET', path: '/elsewhere' },
  { name: 'a known path, wrong method', method: 'PUT', path: '/api/v1/memos' },
  { name: "Memos' text/plain 401", method: 'POST', path: '/api/v1/memos', body: '{}' },
  {
    name: 'invalid JSON',
    method: 'POST',
    path: '/api/v1/memos',
    headers: { authorization: auth },
    body: '{',
  },
  {
    name: 'a body over the limit',
    method: 'POST',
    path: '/api/v1/memos',
    headers: { authorization: auth },
    body: JSON.stringify({ content: 'x'.repeat(2_000_000) }),
  },
  { name: 'a path that does not decode', method: 'GET', path: '/api/v1/memos/%E0%A4%A' },
  {
    name: 'a bad filter',
    method: 'GET',
    path: '/api/v1/memos?filter=visibility',
    headers: { authorization: auth },
  },
];

describe('answerOf', () => {
  it.each(cases)('records $name as the client receives it', async ({ name, method, path, headers, body }) => {
    const response = await fetch(`${server.url}${path}`, {
      method,
      headers: { 'x-test-id': name, ...(body ? { 'content-type': 'application/json' } : {}), ...headers },
      body: body ?? null,
    });
    const bytes = await response.text();
    await expect.poll(() => recorded.has(name)).toBe(true);
    const { status, answer } = recorded.get(name) ?? {};
    expect(status).toBe(response.status);
    expect(answer?.text).toBe(bytes);
    if (response.headers.get('content-type')?.includes('json')) {
      expect(answer?.json, 'a JSON answer carries its value').toBeDefined();
      expect(JSON.stringify(answer?.json?.value)).toBe(bytes);
    } else {
      expect(answer?.json).toBeUndefined();
    }
  });

  it('has nothing for a response this app did not answer', () => {
    expect(answerOf(new ServerResponse(new IncomingMessage(new Socket())))).toBeUndefined();
  });
});
