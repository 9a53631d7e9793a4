// What a class of students does to a teacher's server: bad input, hostile input, partial failures. Each probe
// drives a real server over loopback with raw requests (not the contract-checking client, since several
// answers here are deliberately outside the OpenAPI document), and every loop is bounded.
import { describe, expect, it } from 'vitest';
import { TOKENS, useTestServer } from './support/client.ts';

interface RawResult {
  status: number;
  text: string;
  // biome-ignore lint/suspicious/noExplicitAny: the probes read error bodies freely
  json: any;
}

async function raw(
  url: string,
  method: string,
  path: string,
  options: { token?: string; body?: string; headers?: Record<string, string> } = {},
): Promise<RawResult> {
  const headers: Record<string, string> = { 'content-type': 'application/json', ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const response = await fetch(`${url}/api/v1${path}`, { method, headers, body: options.body });
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, text, json };
}

describe('writes are atomic', () => {
  const server = useTestServer('workshop');
  const memoOf = async (uid: string) =>
    (await raw(server.url, 'GET', `/memos/${uid}`, { token: TOKENS.bob })).json;

  it.each([
    ["another user's attachment", 'attachments/handbook-pdf', 403],
    ['a missing attachment', 'attachments/ghost', 404],
  ])('a PATCH naming %s changes nothing', async (_label, attachment, status) => {
    const before = await memoOf('deploy-snippet');
    const response = await raw(
      server.url,
      'PATCH',
      '/memos/deploy-snippet?updateMask=content,update_time,attachments',
      {
        token: TOKENS.bob,
        body: JSON.stringify({ content: 'overwritten', attachments: [{ name: attachment }] }),
      },
    );
    expect(response.status).toBe(status);
    expect(await memoOf('deploy-snippet')).toEqual(before);
  });

  it('a PATCH naming a missing related memo changes nothing', async () => {
    const before = await memoOf('deploy-snippet');
    const response = await raw(
      server.url,
      'PATCH',
      '/memos/deploy-snippet?updateMask=content,pinned,relations',
      {
        token: TOKENS.bob,
        body: JSON.stringify({
          content: 'overwritten',
          pinned: true,
          relations: [{ relatedMemo: { name: 'memos/ghost' }, type: 'REFERENCE' }],
        }),
      },
    );
    expect(response.status).toBe(404);
    expect(await memoOf('deploy-snippet')).toEqual(before);
  });

  it('a refused attachment set on its own route keeps the old set and the update time', async () => {
    const before = await memoOf('incident-db');
    const response = await raw(server.url, 'PATCH', '/memos/incident-db/attachments', {
      token: TOKENS.bob,
      body: JSON.stringify({ attachments: [{ name: 'attachments/ghost' }] }),
    });
    expect(response.status).toBe(404);
    expect(await memoOf('incident-db')).toEqual(before);
  });

  it('a valid multi-field PATCH applies every field', async () => {
    const response = await raw(server.url, 'PATCH', '/memos/deploy-snippet?updateMask=content,pinned', {
      token: TOKENS.bob,
      body: JSON.stringify({ content: 'new text', pinned: true }),
    });
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({ content: 'new text', pinned: true });
  });
});
