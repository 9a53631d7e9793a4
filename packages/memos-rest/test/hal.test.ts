import { type Listening, listen } from '@memos-kit/process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRestApp, type Dataset } from '../src/index.ts';

// A small world of its own, so these tests do not move when the shipped datasets grow.
const dataset: Dataset = {
  users: [
    { username: 'demo', role: 'ADMIN', tokens: ['admin-token'] },
    { username: 'alice', tokens: ['alice-token'] },
    { username: 'bob', tokens: ['bob-token'] },
  ],
  memos: [
    { id: 'alice-public', creator: 'alice', content: 'hello', visibility: 'PUBLIC', createTime: '-5h' },
    {
      id: 'alice-protected',
      creator: 'alice',
      content: 'team only',
      visibility: 'PROTECTED',
      createTime: '-4h',
    },
    { id: 'alice-private', creator: 'alice', content: 'diary', visibility: 'PRIVATE', createTime: '-3h' },
    { id: 'bob-public', creator: 'bob', content: 'lunch?', visibility: 'PUBLIC', createTime: '-2h' },
    { id: 'bob-reply', creator: 'bob', content: 'hi alice', parent: 'alice-public', createTime: '-1h' },
  ],
};

const TOKEN = { anonymous: undefined, alice: 'alice-token', bob: 'bob-token', admin: 'admin-token' } as const;
type Caller = keyof typeof TOKEN;

let server: Listening;
beforeAll(async () => {
  server = await listen(createRestApp({ dataset }).app);
});
afterAll(async () => {
  await server?.close();
});

async function call(caller: Caller, method: string, target: string, accept = 'application/hal+json') {
  const headers: Record<string, string> = { accept };
  const token = TOKEN[caller];
  if (token) headers.authorization = `Bearer ${token}`;
  if (method === 'PATCH') headers['content-type'] = 'application/json';
  const response = await fetch(new URL(target, server.url), {
    method,
    headers,
    body: method === 'PATCH' ? JSON.stringify({ pinned: true }) : undefined,
  });
  const text = await response.text();
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    vary: response.headers.get('vary'),
    json: text ? JSON.parse(text) : {},
  };
}

const relsOf = (links: Record<string, unknown> | undefined) => Object.keys(links ?? {}).sort();

// Written out from Memos' rules, not from the code: who may read (self, comments) and who may change
// (edit, delete) each memo. An admin may change anything but, as in Memos, reads no one's private memo.
const EXPECTED: Record<string, Record<Caller, string[]>> = {
  'alice-public': {
    anonymous: ['comments', 'self'],
    alice: ['comments', 'delete', 'edit', 'self'],
    bob: ['comments', 'self'],
    admin: ['comments', 'delete', 'edit', 'self'],
  },
  'alice-protected': {
    anonymous: [],
    alice: ['comments', 'delete', 'edit', 'self'],
    bob: ['comments', 'self'],
    admin: ['comments', 'delete', 'edit', 'self'],
  },
  'alice-private': {
    anonymous: [],
    alice: ['comments', 'delete', 'edit', 'self'],
    bob: [],
    admin: [],
  },
};

describe('HAL view of a memo', () => {
  for (const [uid, byCaller] of Object.entries(EXPECTED)) {
    for (const [caller, rels] of Object.entries(byCaller) as [Caller, string[]][]) {
      it(`${uid} for ${caller}: ${rels.join(', ') || 'not readable'}`, async () => {
        const { status, type, json } = await call(caller, 'GET', `/api/v1/memos/${uid}`);
        if (rels.length === 0) {
          // No link and no body: the error stays Memos' plain JSON status.
          expect(status).toBeGreaterThanOrEqual(400);
          expect(type).toBe('application/json');
          return;
        }
        expect(status).toBe(200);
        expect(type).toBe('application/hal+json');
        expect(json.name).toBe(`memos/${uid}`);
        expect(relsOf(json._links)).toEqual(rels);
        expect(json._links.self.href).toBe(`/api/v1/memos/${uid}`);
        expect(json._links.comments.href).toBe(`/api/v1/memos/${uid}/comments`);
      });
    }
  }

  it('an edit link means the PATCH succeeds; no edit link means it is refused', async () => {
    const forBob = await call('bob', 'GET', '/api/v1/memos/alice-protected');
    expect(forBob.json._links.edit).toBeUndefined();
    expect((await call('bob', 'PATCH', '/api/v1/memos/alice-protected')).status).toBe(403);

    const forAlice = await call('alice', 'GET', '/api/v1/memos/alice-protected');
    const patched = await call('alice', 'PATCH', forAlice.json._links.edit.href);
    expect(patched.status).toBe(200);
    expect(patched.json.pinned).toBe(true);
    expect(relsOf(patched.json._links)).toEqual(['comments', 'delete', 'edit', 'self']);
  });

  it('adds only _links: without the HAL media type the JSON is unchanged', async () => {
    const plain = await call('alice', 'GET', '/api/v1/memos/alice-public', 'application/json');
    const hal = await call('alice', 'GET', '/api/v1/memos/alice-public');
    expect(plain.type).toBe('application/json');
    expect(plain.json._links).toBeUndefined();
    // Both bodies come from one URL, so caches are told that Accept picks between them.
    expect([plain.vary, hal.vary]).toEqual(['Accept', 'Accept']);
    const { _links, ...rest } = hal.json;
    expect(rest).toEqual(plain.json);
  });
});

describe('HAL view of memo lists', () => {
  it('links each listed memo by what the caller may do, and the list to itself', async () => {
    const { type, json } = await call('bob', 'GET', '/api/v1/memos');
    expect(type).toBe('application/hal+json');
    expect(json._links).toEqual({ self: { href: '/api/v1/memos' } });
    const byName = Object.fromEntries(
      json.memos.map((memo: { name: string; _links: Record<string, unknown> }) => [
        memo.name,
        relsOf(memo._links),
      ]),
    );
    expect(byName).toEqual({
      'memos/bob-public': ['comments', 'delete', 'edit', 'self'],
      'memos/alice-protected': ['comments', 'self'],
      'memos/alice-public': ['comments', 'self'],
    });
  });

  it('anonymous callers see public memos with no edit or delete anywhere', async () => {
    const { json } = await call('anonymous', 'GET', '/api/v1/memos');
    expect(json.memos.map((memo: { visibility: string }) => memo.visibility)).toEqual(['PUBLIC', 'PUBLIC']);
    for (const memo of json.memos) expect(relsOf(memo._links)).toEqual(['comments', 'self']);
  });

  it('following next walks every page and ends where nextPageToken ends', async () => {
    const plain = await call('alice', 'GET', '/api/v1/memos', 'application/json');
    const seen: string[] = [];
    let target: string | undefined = '/api/v1/memos?pageSize=1';
    let pages = 0;
    while (target && pages < 10) {
      const { json } = await call('alice', 'GET', target);
      seen.push(...json.memos.map((memo: { name: string }) => memo.name));
      expect(json._links.self.href).toBe(target);
      expect(Boolean(json._links.next)).toBe(Boolean(json.nextPageToken));
      target = json._links.next?.href;
      pages++;
    }
    expect(pages).toBe(plain.json.memos.length);
    expect(seen).toEqual(plain.json.memos.map((memo: { name: string }) => memo.name));
  });

  it('comments carry links too, and the comments list links to itself', async () => {
    const { json } = await call('alice', 'GET', '/api/v1/memos/alice-public/comments');
    expect(json._links).toEqual({ self: { href: '/api/v1/memos/alice-public/comments' } });
    expect(json.memos).toHaveLength(1);
    expect(relsOf(json.memos[0]._links)).toEqual(['comments', 'self']);
    const asBob = await call('bob', 'GET', '/api/v1/memos/alice-public/comments');
    expect(relsOf(asBob.json.memos[0]._links)).toEqual(['comments', 'delete', 'edit', 'self']);
  });
});
