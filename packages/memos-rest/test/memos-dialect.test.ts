import { listen } from '@memos-kit/process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRestApp } from '../src/index.ts';

// `dialect: 'memos'`: the mock as a stand-in for a real Memos v0.30.0 (the MCP adapter's --memos-url tests
// front it), so these are the places where it must answer as Memos does, not as the article prints.
let url = '';
let close: () => Promise<unknown> = async () => {};
beforeAll(async () => {
  const running = await listen(createRestApp({ dataset: 'workshop', dialect: 'memos' }).app);
  url = `${running.url}/api/v1`;
  close = () => running.close();
});
afterAll(() => close());

const get = async (path: string, headers: Record<string, string> = {}) => {
  const response = await fetch(`${url}${path}`, {
    headers: { Authorization: 'Bearer example-token', ...headers },
  });
  return { status: response.status, type: response.headers.get('content-type'), json: await response.json() };
};

describe("the mock in Memos' dialect", () => {
  it('serves no OpenAPI route: the gateway 404 of any unknown path', async () => {
    expect(await get('/openapi.json')).toEqual({
      status: 404,
      type: 'application/json',
      json: { code: 5, message: 'Not Found', details: [] },
    });
  });

  it.each([
    '/memos?pageSize=1000',
    '/memos/q3-roadmap/comments',
    '/memos/welcome/reactions',
    '/memos/design-review/attachments',
    '/memos/q3-roadmap/relations',
    '/attachments',
  ])('writes nextPageToken "" last on %s when there is no next page', async (path) => {
    const { status, json } = await get(path);
    expect(status).toBe(200);
    expect(json.nextPageToken).toBe('');
    expect(Object.keys(json).at(-1)).toBe('nextPageToken');
  });

  it('keeps a real next page token', async () => {
    const { json } = await get('/memos?pageSize=1');
    expect(json.nextPageToken).toBe('CAEQAQ==');
  });

  it('offers plain JSON only (HAL is the kit’s addition)', async () => {
    const { type, json } = await get('/memos/welcome', { Accept: 'application/hal+json' });
    expect(type).toBe('application/json');
    expect(json).not.toHaveProperty('_links');
  });

  it('answers an error as grpc-gateway does: code, message, details, and the matching status', async () => {
    expect(await get('/memos/no-such-memo')).toMatchObject({
      status: 404,
      json: { code: 5, message: 'memo not found', details: [] },
    });
  });
});
