import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dataset } from '../src/index.ts';
import {
  ANON,
  AUTH_REQUIRED,
  startTestServer,
  type TestServer,
  TOKENS,
  useTestServer,
} from './support/client.ts';

describe('MemoService_ListMemos', () => {
  const server = useTestServer('workshop');

  const list = async (token: string | undefined, query: Record<string, string | number | boolean> = {}) => {
    const response = await server.call('GET', '/memos', { token, query: { pageSize: 1000, ...query } });
    expect(response.status, response.text).toBe(200);
    return response.json.memos as {
      name: string;
      visibility: string;
      creator: string;
      pinned: boolean;
      createTime: string;
      updateTime: string;
    }[];
  };

  it.each([
    ['anonymous', ANON, (m: { visibility: string }) => m.visibility === 'PUBLIC'],
    [
      'alice',
      TOKENS.alice,
      (m: { visibility: string; creator: string }) =>
        m.visibility !== 'PRIVATE' || m.creator === 'users/alice',
    ],
    [
      'bob',
      TOKENS.bob,
      (m: { visibility: string; creator: string }) => m.visibility !== 'PRIVATE' || m.creator === 'users/bob',
    ],
    // Admins get no bypass on reads: demo does not see bob's PRIVATE memo.
    [
      'admin',
      TOKENS.admin,
      (m: { visibility: string; creator: string }) =>
        m.visibility !== 'PRIVATE' || m.creator === 'users/demo',
    ],
  ])('lists what %s may see, top-level NORMAL memos only', async (_label, token, visible) => {
    const memos = await list(token);
    const expected = server.store.memos
      .filter((m) => m.parentId === undefined && m.state === 'NORMAL')
      .filter((m) => visible({ visibility: m.visibility, creator: m.creator }))
      .map((m) => `memos/${m.uid}`);
    expect(memos.map((m) => m.name).sort()).toEqual(expected.sort());
  });

  it('lists archived memos only for their creator (state=ARCHIVED)', async () => {
    expect((await list(TOKENS.alice, { state: 'ARCHIVED' })).map((m) => m.name)).toEqual([
      'memos/archived-idea',
    ]);
    expect(await list(TOKENS.bob, { state: 'ARCHIVED' })).toEqual([]);
    expect(await list(ANON, { state: 'ARCHIVED' })).toEqual([]);
    expect((await list(TOKENS.alice, { state: 2 })).map((m) => m.name)).toEqual(['memos/archived-idea']);
  });

  it('orders by create time, newest first, by default', async () => {
    const times = (await list(TOKENS.admin)).map((m) => m.createTime);
    expect(times).toEqual([...times].sort().reverse());
  });

  it.each([
    ['create_time asc', (a: string[]) => expect(a).toEqual([...a].sort())],
    ['name asc', (a: string[]) => expect(a).toEqual([...a].sort())],
    ['CREATE_TIME', () => undefined],
  ])('orderBy=%s', async (orderBy, check) => {
    if (orderBy === 'CREATE_TIME') {
      const response = await server.call('GET', '/memos', { token: TOKENS.admin, query: { orderBy } });
      expect(response.status).toBe(400);
      return;
    }
    check((await list(TOKENS.admin, { orderBy })).map((m) => m.createTime));
  });

  it('orderBy=update_time desc sorts by update time', async () => {
    const times = (await list(TOKENS.admin, { orderBy: 'update_time desc' })).map((m) => m.updateTime);
    expect(times).toEqual([...times].sort().reverse());
  });

  it('orderBy=pinned desc, create_time desc puts pinned memos first', async () => {
    const memos = await list(TOKENS.admin, { orderBy: 'pinned desc, create_time desc' });
    const firstUnpinned = memos.findIndex((m) => !m.pinned);
    expect(firstUnpinned).toBeGreaterThan(0);
    expect(memos.slice(firstUnpinned).some((m) => m.pinned)).toBe(false);
    expect((await list(TOKENS.admin)).findIndex((m) => !m.pinned)).toBe(0);
  });

  it.each([
    [
      'title',
      'invalid order_by: unsupported order field: title, supported fields are: pinned, create_time, update_time, name',
    ],
    ['create_time up', "invalid order_by: invalid order direction: up, must be 'asc' or 'desc'"],
    ['   ', 'invalid order_by: empty order_by'],
  ])('rejects orderBy=%j with 400', async (orderBy, message) => {
    const response = await server.call('GET', '/memos', { token: TOKENS.admin, query: { orderBy } });
    expect(response.status).toBe(400);
    expect(response.json).toEqual({ code: 3, message, details: [] });
  });

  it('pages with opaque tokens until the last page, which has no nextPageToken', async () => {
    const all = (await list(TOKENS.admin)).map((m) => m.name);
    const seen: string[] = [];
    let query: Record<string, string | number> = { pageSize: 4 };
    for (let pages = 0; pages < 20; pages++) {
      const response = await server.call('GET', '/memos', { token: TOKENS.admin, query });
      seen.push(...response.json.memos.map((m: { name: string }) => m.name));
      if (!('nextPageToken' in response.json)) break;
      expect(response.json.memos).toHaveLength(4);
      query = { pageToken: response.json.nextPageToken, pageSize: 999 };
    }
    expect(seen).toEqual(all);
  });

  it('encodes the token as base64 of the PageToken proto (limit 4, offset 4 = CAQQBA==)', async () => {
    const response = await server.call('GET', '/memos', { token: TOKENS.admin, query: { pageSize: 4 } });
    expect(response.json.nextPageToken).toBe('CAQQBA==');
  });

  it.each([
    ['!!!!', 'invalid page token: failed to decode page token: illegal base64 data at input byte 0'],
    ['CDIQM', 'invalid page token: failed to decode page token: illegal base64 data at input byte 5'],
    ['GAE=', 'invalid page token: failed to unmarshal page token: unexpected field tag 0x18'],
  ])('rejects pageToken=%s with 400', async (pageToken, message) => {
    const response = await server.call('GET', '/memos', { query: { pageToken } });
    expect(response.status).toBe(400);
    expect(response.json).toEqual({ code: 3, message, details: [] });
  });

  it('rejects an unknown state', async () => {
    const response = await server.call('GET', '/memos', { query: { state: 'DELETED' } });
    expect(response.status).toBe(400);
    expect(response.json.message).toMatch(/state.*"DELETED".*NORMAL, ARCHIVED/);
  });

  it('rejects a pageSize that is not an integer', async () => {
    const response = await server.call('GET', '/memos', { query: { pageSize: 'ten' } });
    expect(response.status).toBe(400);
    expect(response.json.message).toMatch(/page_size.*"ten": invalid syntax/);
  });

  it('rejects a pageSize outside int32 as grpc-gateway does, and accepts the int32 edges', async () => {
    const tooBig = await server.call('GET', '/memos', { query: { pageSize: '3000000000' } });
    expect(tooBig.status).toBe(400);
    expect(tooBig.json.message).toMatch(/page_size.*"3000000000": value out of range/);
    for (const edge of ['2147483647', '-2147483648']) {
      expect((await server.call('GET', '/memos', { query: { pageSize: edge } })).status).toBe(200);
    }
  });

  it('accepts snake_case query names and ignores showDeleted', async () => {
    const response = await server.call('GET', '/memos', {
      token: TOKENS.admin,
      query: { page_size: 2, show_deleted: true },
    });
    expect(response.json.memos).toHaveLength(2);
  });

  it('answers with exactly Content-Type: application/json', async () => {
    const response = await server.call('GET', '/memos', { query: { pageSize: 1 } });
    expect(response.contentType).toBe('application/json');
  });
});

describe('page size limits', () => {
  let server: TestServer;
  beforeAll(async () => {
    const dataset: Dataset = {
      users: [{ username: 'demo', role: 'ADMIN' }],
      memos: Array.from({ length: 1003 }, (_, i) => ({
        id: `m${i}`,
        creator: 'demo',
        content: `memo ${i}`,
        visibility: 'PUBLIC' as const,
        createTime: `-${i + 1}m`,
      })),
    };
    server = await startTestServer(dataset);
  });
  afterAll(() => server.close());

  it.each([
    [undefined, 50],
    [0, 50],
    [-3, 50],
    [7, 7],
    [1000, 1000],
    [5000, 1000],
  ])('pageSize=%s returns %i memos', async (pageSize, count) => {
    const query = pageSize === undefined ? undefined : { pageSize };
    const response = await server.call('GET', '/memos', { query });
    expect(response.json.memos).toHaveLength(count);
    expect(response.json.nextPageToken).toBeTypeOf('string');
  });

  it("uses the token's limit, not pageSize, on later pages", async () => {
    const first = await server.call('GET', '/memos', { query: { pageSize: 3 } });
    const second = await server.call('GET', '/memos', {
      query: { pageSize: 100, pageToken: first.json.nextPageToken },
    });
    expect(second.json.memos.map((m: { name: string }) => m.name)).toEqual([
      'memos/m3',
      'memos/m4',
      'memos/m5',
    ]);
  });
});

describe('MemoService_GetMemo', () => {
  const server = useTestServer('workshop');

  // memo -> [anonymous, creator, another user, admin]
  const matrix: [string, string, [number, number, number, number]][] = [
    ['lunch-poll', 'PUBLIC by alice', [200, 200, 200, 200]],
    ['q3-roadmap', 'PROTECTED by alice', [401, 200, 200, 200]],
    ['bob-private-todo', 'PRIVATE by bob', [401, 200, 403, 403]],
    ['archived-idea', 'ARCHIVED by alice', [404, 200, 404, 404]],
    ['comment-roadmap-1', 'a comment on a PROTECTED memo', [401, 200, 200, 200]],
    ['no-such-memo', 'missing', [404, 404, 404, 404]],
  ];
  const creatorToken = (uid: string) =>
    uid === 'bob-private-todo' || uid === 'comment-roadmap-1' ? TOKENS.bob : TOKENS.alice;
  const otherToken = (uid: string) => (creatorToken(uid) === TOKENS.bob ? TOKENS.meimei : TOKENS.bob);

  it.each(matrix)('%s (%s)', async (uid, _label, [anonymous, creator, other, admin]) => {
    const statuses = [];
    for (const token of [ANON, creatorToken(uid), otherToken(uid), TOKENS.admin]) {
      statuses.push((await server.call('GET', `/memos/${uid}`, { token })).status);
    }
    expect(statuses).toEqual([anonymous, creator, other, admin]);
  });

  it.each([
    [ANON, 'q3-roadmap', { code: 16, message: 'user not authenticated', details: [] }],
    [TOKENS.alice, 'bob-private-todo', { code: 7, message: 'permission denied', details: [] }],
    [TOKENS.alice, 'nope', { code: 5, message: 'memo not found', details: [] }],
  ])('answers with a google.rpc.Status body', async (token, uid, body) => {
    const response = await server.call('GET', `/memos/${uid}`, { token });
    expect(response.json).toEqual(body);
    expect(response.contentType).toBe('application/json');
  });

  it('sends WWW-Authenticate with a 401 from the handler', async () => {
    const response = await server.call('GET', '/memos/q3-roadmap');
    expect(response.headers.get('www-authenticate')).toBe('user not authenticated');
  });

  it('returns the whole memo, with relation snippets filled in', async () => {
    const memo = (await server.call('GET', '/memos/q3-roadmap', { token: TOKENS.bob })).json;
    expect(memo).toMatchObject({
      name: 'memos/q3-roadmap',
      state: 'NORMAL',
      creator: 'users/alice',
      visibility: 'PROTECTED',
      pinned: true,
      tags: ['work', 'roadmap'],
      property: {
        hasTaskList: true,
        hasIncompleteTasks: true,
        hasLink: false,
        hasCode: false,
        title: 'Q3 roadmap',
      },
    });
    const reference = memo.relations.find(
      (r: { type: string; relatedMemo: { name: string } }) => r.relatedMemo.name === 'memos/old-roadmap',
    );
    expect(reference.memo).toEqual({
      name: 'memos/q3-roadmap',
      snippet: expect.stringContaining('Q3 roadmap'),
    });
    expect(reference.relatedMemo.snippet).toContain('Q2 roadmap retro');
    expect(memo.createTime).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
  });

  it('rejects a memo name with extra segments', async () => {
    const response = await server.call('GET', `/memos/${encodeURIComponent('memos/a/b')}`);
    expect(response.status).toBe(400);
    expect(response.json.message).toBe('invalid memo name: "memos/a/b"');
  });

  it('accepts a full resource name, URL-encoded, as the path parameter', async () => {
    const response = await server.call('GET', `/memos/${encodeURIComponent('memos/lunch-poll')}`);
    expect(response.json.name).toBe('memos/lunch-poll');
  });
});

describe('MemoService_CreateMemo', () => {
  const server = useTestServer('workshop');

  it("needs a token: the middleware's text/plain 401", async () => {
    const response = await server.call('POST', '/memos', { body: { content: 'x' } });
    expect(response.status).toBe(401);
    expect(response.contentType).toBe('text/plain; charset=utf-8');
    expect(response.text).toBe(AUTH_REQUIRED);
  });

  it('creates a PRIVATE, NORMAL, unpinned memo owned by the caller, ignoring state and pinned', async () => {
    const response = await server.call('POST', '/memos', {
      token: TOKENS.alice,
      query: { memoId: 'alice-new' },
      body: { content: 'Ship it #release\n\n- [ ] write notes', state: 'ARCHIVED', pinned: true },
    });
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({
      name: 'memos/alice-new',
      creator: 'users/alice',
      state: 'NORMAL',
      visibility: 'PRIVATE',
      pinned: false,
      tags: ['release'],
      property: { hasTaskList: true, hasIncompleteTasks: true },
      attachments: [],
      relations: [],
      reactions: [],
    });
    expect((await server.call('GET', '/memos/alice-new', { token: TOKENS.bob })).status).toBe(403);
    expect((await server.call('GET', '/memos/alice-new', { token: TOKENS.alice })).status).toBe(200);
  });

  it('generates a 22-character id when memoId is left out', async () => {
    const response = await server.call('POST', '/memos', {
      token: TOKENS.bob,
      body: { content: 'hi', visibility: 'PUBLIC' },
    });
    expect(response.json.name).toMatch(/^memos\/[A-Za-z0-9]{22}$/);
    expect(response.json.visibility).toBe('PUBLIC');
  });

  it('links attachments and references given in the body', async () => {
    const response = await server.call('POST', '/memos', {
      token: TOKENS.alice,
      body: {
        content: 'with parts',
        attachments: [{ name: 'attachments/unlinked-draft' }],
        relations: [{ relatedMemo: { name: 'memos/q3-roadmap' }, type: 'REFERENCE' }],
      },
    });
    expect(response.status).toBe(200);
    expect(response.json.attachments.map((a: { name: string }) => a.name)).toEqual([
      'attachments/unlinked-draft',
    ]);
    expect(response.json.relations).toEqual([
      {
        memo: { name: response.json.name, snippet: '' },
        relatedMemo: { name: 'memos/q3-roadmap', snippet: '' },
        type: 'REFERENCE',
      },
    ]);
  });

  it.each([
    [{ memoId: 'bad_id!' }, { content: 'x' }, 400, /^invalid UID: must be 1-36 characters/],
    [{ memoId: 'welcome' }, { content: 'x' }, 409, /^memo with ID "welcome" already exists$/],
    [{}, { content: 'x'.repeat(8193) }, 400, /^content too long \(max 8192 characters\)$/],
    [{}, { content: 'x', visibility: 'SECRET' }, 400, /invalid value for enum field visibility: "SECRET"/],
    [{}, { content: 42 }, 400, /invalid value for string field content/],
    [
      {},
      { content: 'x', attachments: [{ name: 'attachments/roadmap-mockup' }] },
      403,
      /cannot attach another user's attachment/,
    ],
    [
      {},
      { content: 'x', relations: [{ relatedMemo: { name: 'memos/ghost' } }] },
      404,
      /memo not found: ghost/,
    ],
  ])('rejects %j %j with %i', async (query, body, status, message) => {
    const before = server.store.memos.length;
    const response = await server.call('POST', '/memos', { token: TOKENS.alice, query, body });
    expect(response.status).toBe(status);
    expect(response.json.message).toMatch(message);
    expect(server.store.memos.length).toBe(before);
  });

  it('reads a JSON body sent with another Content-Type, as grpc-gateway does', async () => {
    const response = await server.call('POST', '/memos', {
      token: TOKENS.bob,
      headers: { 'content-type': 'text/plain' },
      body: JSON.stringify({ content: 'sent as text/plain' }),
    });
    expect(response.status).toBe(200);
    expect(response.json.content).toBe('sent as text/plain');
  });

  it('rejects a body that is not JSON', async () => {
    const response = await server.call('POST', '/memos', { token: TOKENS.alice, body: '{"content": ' });
    expect(response.status).toBe(400);
    expect(response.json.message).toMatch(/^invalid JSON body/);
  });
});

describe('MemoService_UpdateMemo', () => {
  const server = useTestServer('workshop');

  it.each([
    ['anonymous', ANON, 401],
    ['another user', TOKENS.bob, 403],
    ['the creator', TOKENS.alice, 200],
    ['an admin', TOKENS.admin, 200],
  ])('%s gets %i', async (_label, token, status) => {
    const response = await server.call('PATCH', '/memos/standup-notes', { token, body: { pinned: true } });
    expect(response.status).toBe(status);
  });

  it('infers the mask from the body and re-derives tags from new content', async () => {
    const response = await server.call('PATCH', '/memos/old-roadmap', {
      token: TOKENS.alice,
      body: { content: 'Renamed #archive', visibility: 'PUBLIC' },
    });
    expect(response.json).toMatchObject({
      content: 'Renamed #archive',
      tags: ['archive'],
      visibility: 'PUBLIC',
    });
    expect((await server.call('GET', '/memos/old-roadmap')).status).toBe(200);
  });

  it('changes only the fields named in updateMask', async () => {
    const response = await server.call('PATCH', '/memos/css-tip', {
      token: TOKENS.meimei,
      query: { updateMask: 'pinned' },
      body: { pinned: true, content: 'ignored' },
    });
    expect(response.json.pinned).toBe(true);
    expect(response.json.content).toContain('CSS');
  });

  it('archives a memo through state, which hides it from lists', async () => {
    await server.call('PATCH', '/memos/release-checklist', {
      token: TOKENS.bob,
      body: { state: 'ARCHIVED' },
    });
    const list = await server.call('GET', '/memos', { query: { pageSize: 1000 } });
    expect(list.json.memos.map((m: { name: string }) => m.name)).not.toContain('memos/release-checklist');
  });

  it.each([
    ['welcome', {}, {}, 400, 'update mask is required'],
    ['welcome', { updateMask: 'display_time' }, {}, 400, 'display_time is not supported'],
    ['ghost', {}, { pinned: true }, 404, 'memo not found'],
  ])('PATCH /memos/%s %j %j gives %i', async (uid, query, body, status, message) => {
    const response = await server.call('PATCH', `/memos/${uid}`, { token: TOKENS.admin, query, body });
    expect(response.status).toBe(status);
    expect(response.json.message).toBe(message);
  });

  it('leaves the memo untouched when a field in the mask is invalid', async () => {
    const response = await server.call('PATCH', '/memos/welcome', {
      token: TOKENS.admin,
      body: { content: 'changed', visibility: 'NOPE' },
    });
    expect(response.status).toBe(400);
    expect(server.store.memoByUid('welcome')?.content).toContain('Welcome');
  });
});

describe('MemoService_DeleteMemo', () => {
  const server = useTestServer('workshop');

  it.each([
    ['anonymous', ANON, 'lunch-poll', 401],
    ['another user', TOKENS.bob, 'lunch-poll', 403],
    ['a missing memo', TOKENS.admin, 'ghost', 404],
  ])('%s gets %i', async (_label, token, uid, status) => {
    expect((await server.call('DELETE', `/memos/${uid}`, { token })).status).toBe(status);
  });

  it("lets the creator delete, with the memo's comments and reactions", async () => {
    const response = await server.call('DELETE', '/memos/lunch-poll', {
      token: TOKENS.alice,
      query: { force: true },
    });
    expect(response.status).toBe(200);
    expect(response.json).toEqual({});
    expect((await server.call('GET', '/memos/lunch-poll')).status).toBe(404);
    expect(server.store.memoByUid('comment-lunch')).toBeUndefined();
    expect(server.store.reactions.some((r) => r.contentId === 'memos/lunch-poll')).toBe(false);
  });

  it("lets an admin delete someone else's memo", async () => {
    expect((await server.call('DELETE', '/memos/css-tip', { token: TOKENS.admin })).status).toBe(200);
    expect(server.store.memoByUid('css-tip')).toBeUndefined();
  });
});

describe('routing', () => {
  const server = useTestServer('empty');

  it('answers an unknown path with 404 Not Found and a known path with a wrong method with 501', async () => {
    const missing = await fetch(`${server.url}/api/v1/notes`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ code: 5, message: 'Not Found', details: [] });
    // Outside /api/v1 too (a mistyped curl): the same JSON, not Express's HTML page.
    for (const path of ['/', '/api/v2/memos', '/memos']) {
      const outside = await fetch(`${server.url}${path}`);
      expect(outside.status, path).toBe(404);
      expect(await outside.json(), path).toEqual({ code: 5, message: 'Not Found', details: [] });
    }
    const wrongMethod = await fetch(`${server.url}/api/v1/memos`, { method: 'PUT' });
    expect(wrongMethod.status).toBe(501);
    expect(await wrongMethod.json()).toEqual({ code: 12, message: 'Method Not Allowed', details: [] });
  });
});
