import { describe, expect, it } from 'vitest';
import { loadDataset } from '../src/index.ts';
import { ANON, AUTH_REQUIRED, names, TOKENS, useTestServer } from './support/client.ts';

// Comments, attachments, reactions and relations of a memo.

const server = useTestServer('workshop');

describe('MemoService_ListMemoComments', () => {
  it('lists comments newest first for anyone who may read the memo', async () => {
    const response = await server.call('GET', '/memos/q3-roadmap/comments', { token: TOKENS.bob });
    expect(names(response.json.memos)).toEqual(['memos/comment-roadmap-2', 'memos/comment-roadmap-1']);
    expect(response.json.memos[0].parent).toBe('memos/q3-roadmap');
    expect(response.json).not.toHaveProperty('nextPageToken');
  });

  it('is public for PUBLIC memos', async () => {
    const response = await server.call('GET', '/memos/welcome/comments');
    expect(names(response.json.memos)).toEqual(['memos/comment-welcome']);
  });

  it('pages like ListMemos', async () => {
    const first = await server.call('GET', '/memos/q3-roadmap/comments', {
      token: TOKENS.bob,
      query: { pageSize: 1 },
    });
    expect(names(first.json.memos)).toEqual(['memos/comment-roadmap-2']);
    const second = await server.call('GET', '/memos/q3-roadmap/comments', {
      token: TOKENS.bob,
      query: { pageToken: first.json.nextPageToken },
    });
    expect(names(second.json.memos)).toEqual(['memos/comment-roadmap-1']);
    expect(second.json).not.toHaveProperty('nextPageToken');
  });

  it('ignores orderBy, as Memos does: newest first, and no field is checked', async () => {
    for (const orderBy of ['create_time asc', 'no_such_field']) {
      const response = await server.call('GET', '/memos/q3-roadmap/comments', {
        token: TOKENS.bob,
        query: { orderBy },
      });
      expect(response.status, orderBy).toBe(200);
      expect(names(response.json.memos), orderBy).toEqual([
        'memos/comment-roadmap-2',
        'memos/comment-roadmap-1',
      ]);
    }
  });

  it.each([
    ['anonymous on a PROTECTED memo', ANON, 'q3-roadmap', 401],
    ['another user on a PRIVATE memo', TOKENS.alice, 'bob-private-todo', 403],
    ['an admin on a PRIVATE memo', TOKENS.admin, 'bob-private-todo', 403],
    ['the creator on a PRIVATE memo', TOKENS.bob, 'bob-private-todo', 200],
    ['anyone on a missing memo', TOKENS.bob, 'ghost', 404],
  ])('%s gets %i', async (_label, token, uid, status) => {
    expect((await server.call('GET', `/memos/${uid}/comments`, { token })).status).toBe(status);
  });
});

describe('MemoService_CreateMemoComment', () => {
  it("creates a comment that takes the parent's visibility and has no parent field in the answer", async () => {
    const response = await server.call('POST', '/memos/lunch-poll/comments', {
      token: TOKENS.meimei,
      query: { commentId: 'noodles-vote' },
      body: { content: 'Noodles!', visibility: 'PRIVATE' },
    });
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({
      name: 'memos/noodles-vote',
      visibility: 'PUBLIC',
      creator: 'users/meimei',
    });
    expect(response.json).not.toHaveProperty('parent');
    expect(response.json.relations).toEqual([
      {
        memo: { name: 'memos/noodles-vote', snippet: '' },
        relatedMemo: { name: 'memos/lunch-poll', snippet: '' },
        type: 'COMMENT',
      },
    ]);
    const listed = await server.call('GET', '/memos/lunch-poll/comments');
    expect(names(listed.json.memos)).toContain('memos/noodles-vote');
    // Comments are not top-level memos.
    const top = await server.call('GET', '/memos', { query: { pageSize: 1000 } });
    expect(names(top.json.memos)).not.toContain('memos/noodles-vote');
  });

  it.each([
    ['anonymous', ANON, 'lunch-poll', 401],
    ['another user on a PRIVATE memo', TOKENS.alice, 'bob-private-todo', 403],
    ['an admin on a PRIVATE memo', TOKENS.admin, 'bob-private-todo', 200],
    ['anyone on a missing memo', TOKENS.alice, 'ghost', 404],
  ])('%s gets %i', async (_label, token, uid, status) => {
    const response = await server.call('POST', `/memos/${uid}/comments`, {
      token,
      body: { content: 'a comment' },
    });
    expect(response.status).toBe(status);
    if (status === 401) expect(response.text).toBe(AUTH_REQUIRED);
  });

  it('reports a failed nested create as 500, as Memos does', async () => {
    const response = await server.call('POST', '/memos/lunch-poll/comments', {
      token: TOKENS.alice,
      query: { commentId: 'welcome' },
      body: { content: 'dup' },
    });
    expect(response.status).toBe(500);
    expect(response.json.message).toMatch(/^failed to create memo/);
  });
});

describe('MemoService_ListMemoAttachments and SetMemoAttachments', () => {
  it.each([
    ['anonymous', ANON, 'welcome', 401],
    ['any user on a PROTECTED memo', TOKENS.bob, 'design-review', 200],
    ['another user on a PRIVATE memo', TOKENS.alice, 'bob-private-todo', 403],
    ['an admin on a PRIVATE memo', TOKENS.admin, 'bob-private-todo', 200],
    ['anyone on a missing memo', TOKENS.alice, 'ghost', 404],
  ])('listing: %s gets %i', async (_label, token, uid, status) => {
    expect((await server.call('GET', `/memos/${uid}/attachments`, { token })).status).toBe(status);
  });

  it("lists a memo's attachments with int64 sizes as strings", async () => {
    const source = loadDataset('workshop').attachments?.find((a) => a.id === 'failover-timeline');
    const bytes = Buffer.from(source?.content ?? '', 'base64').length;
    expect(bytes).toBeGreaterThan(0);
    const response = await server.call('GET', '/memos/incident-db/attachments', { token: TOKENS.alice });
    expect(response.json).toEqual({
      attachments: [
        expect.objectContaining({
          name: 'attachments/failover-timeline',
          filename: 'failover-timeline.txt',
          type: 'text/plain',
          size: String(bytes),
          memo: 'memos/incident-db',
          content: '',
          motionMedia: null,
        }),
      ],
    });
  });

  it('replaces the whole set: listed ones are linked, missing ones are deleted', async () => {
    const created = await server.call('POST', '/attachments', {
      token: TOKENS.bob,
      body: { filename: 'graph.png', content: Buffer.from('png').toString('base64') },
    });
    const name = created.json.name;
    const set = await server.call('PATCH', '/memos/incident-db/attachments', {
      token: TOKENS.bob,
      body: { attachments: [{ name }] },
    });
    expect(set.status).toBe(200);
    expect(set.json).toEqual({});
    const listed = await server.call('GET', '/memos/incident-db/attachments', { token: TOKENS.bob });
    expect(names(listed.json.attachments)).toEqual([name]);
    expect(server.store.attachmentByUid('failover-timeline')).toBeUndefined();
  });

  it.each([
    ['anonymous', ANON, 'release-checklist', [], 401, undefined],
    ['another user', TOKENS.alice, 'release-checklist', [], 403, 'permission denied'],
    [
      'a missing attachment',
      TOKENS.bob,
      'release-checklist',
      ['attachments/ghost'],
      404,
      'attachment not found: ghost',
    ],
    [
      "someone else's attachment",
      TOKENS.bob,
      'release-checklist',
      ['attachments/unlinked-draft'],
      403,
      "cannot attach another user's attachment",
    ],
    ["removing someone else's attachment", TOKENS.alice, 'design-review', [], 403, undefined],
  ])('setting: %s gets %i', async (_label, token, uid, attachmentNames, status, message) => {
    const response = await server.call('PATCH', `/memos/${uid}/attachments`, {
      token,
      body: { attachments: attachmentNames.map((name) => ({ name })) },
    });
    expect(response.status).toBe(status);
    if (message) expect(response.json.message).toBe(message);
  });

  it("lets an admin attach and remove anyone's attachments", async () => {
    const response = await server.call('PATCH', '/memos/design-review/attachments', {
      token: TOKENS.admin,
      body: { attachments: [] },
    });
    expect(response.status).toBe(200);
    expect(
      (await server.call('GET', '/memos/design-review/attachments', { token: TOKENS.admin })).json
        .attachments,
    ).toEqual([]);
  });
});

describe('reactions', () => {
  it("lists a memo's reactions in id order", async () => {
    const response = await server.call('GET', '/memos/welcome/reactions', { token: TOKENS.bob });
    expect(
      response.json.reactions.map((r: { reactionType: string; creator: string }) => [
        r.creator,
        r.reactionType,
      ]),
    ).toEqual([
      ['users/alice', '👍'],
      ['users/bob', '🎉'],
    ]);
    expect(response.json.reactions[0].name).toMatch(/^memos\/welcome\/reactions\/\d+$/);
  });

  it.each([
    ['anonymous', ANON, 'welcome', 401],
    ['another user on a PRIVATE memo', TOKENS.alice, 'bob-private-todo', 403],
    ['an admin on a PRIVATE memo', TOKENS.admin, 'bob-private-todo', 200],
    ['anyone on a missing memo', TOKENS.alice, 'ghost', 404],
  ])('listing: %s gets %i', async (_label, token, uid, status) => {
    expect((await server.call('GET', `/memos/${uid}/reactions`, { token })).status).toBe(status);
  });

  it("upserts the caller's reaction on the memo named by contentId, once per type", async () => {
    const body = { reaction: { contentId: 'memos/release-checklist', reactionType: '🚀' } };
    const first = await server.call('POST', '/memos/release-checklist/reactions', {
      token: TOKENS.meimei,
      body,
    });
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({
      creator: 'users/meimei',
      contentId: 'memos/release-checklist',
      reactionType: '🚀',
    });
    const again = await server.call('POST', '/memos/release-checklist/reactions', {
      token: TOKENS.meimei,
      body,
    });
    expect(again.json.name).toBe(first.json.name);
    const listed = await server.call('GET', '/memos/release-checklist/reactions', { token: TOKENS.meimei });
    expect(listed.json.reactions).toHaveLength(1);
  });

  it.each([
    ['anonymous', ANON, { contentId: 'memos/welcome', reactionType: '👍' }, 401],
    [
      'another user on a PRIVATE memo',
      TOKENS.alice,
      { contentId: 'memos/bob-private-todo', reactionType: '👍' },
      403,
    ],
    [
      'an admin on a PRIVATE memo',
      TOKENS.admin,
      { contentId: 'memos/bob-private-todo', reactionType: '👀' },
      200,
    ],
    ['a missing memo', TOKENS.alice, { contentId: 'memos/ghost', reactionType: '👍' }, 404],
    ['a contentId that is not a memo name', TOKENS.alice, { contentId: 'welcome', reactionType: '👍' }, 400],
    ['no reaction type', TOKENS.alice, { contentId: 'memos/welcome' }, 400],
  ])('upserting: %s gets %i', async (_label, token, reaction, status) => {
    expect(
      (await server.call('POST', '/memos/welcome/reactions', { token, body: { reaction } })).status,
    ).toBe(status);
  });

  it('deletes a reaction for its creator or an admin only', async () => {
    const mine = await server.call('POST', '/memos/welcome/reactions', {
      token: TOKENS.meimei,
      body: { reaction: { contentId: 'memos/welcome', reactionType: '🌟' } },
    });
    const id = mine.json.name.split('/').pop();
    expect(
      (await server.call('DELETE', `/memos/welcome/reactions/${id}`, { token: TOKENS.bob })).status,
    ).toBe(403);
    const own = await server.call('DELETE', `/memos/welcome/reactions/${id}`, { token: TOKENS.meimei });
    expect(own.status).toBe(200);
    expect(own.json).toEqual({});
    // Unknown ids are "permission denied" too, as in Memos.
    expect(
      (await server.call('DELETE', `/memos/welcome/reactions/${id}`, { token: TOKENS.meimei })).status,
    ).toBe(403);
    const alices = server.store.reactions.find(
      (r) => r.contentId === 'memos/welcome' && r.reactionType === '👍',
    );
    expect(
      (await server.call('DELETE', `/memos/welcome/reactions/${alices?.id}`, { token: TOKENS.admin })).status,
    ).toBe(200);
  });

  it.each([
    ['anonymous', ANON, '1', 401, undefined],
    ['a non-numeric id', TOKENS.alice, 'abc', 400, 'invalid reaction name: invalid reaction ID "abc"'],
  ])('deleting: %s gets %i', async (_label, token, id, status, message) => {
    const response = await server.call('DELETE', `/memos/welcome/reactions/${id}`, { token });
    expect(response.status).toBe(status);
    if (message) expect(response.json.message).toBe(message);
  });
});

describe('relations', () => {
  const relationPairs = (
    relations: { memo: { name: string }; relatedMemo: { name: string }; type: string }[],
  ) => relations.map((r) => `${r.memo.name} ${r.type} ${r.relatedMemo.name}`).sort();

  it('lists relations in both directions, comments included', async () => {
    const response = await server.call('GET', '/memos/q3-roadmap/relations', { token: TOKENS.bob });
    expect(relationPairs(response.json.relations)).toEqual([
      'memos/comment-roadmap-1 COMMENT memos/q3-roadmap',
      'memos/comment-roadmap-2 COMMENT memos/q3-roadmap',
      'memos/design-review REFERENCE memos/q3-roadmap',
      'memos/q3-roadmap REFERENCE memos/old-roadmap',
    ]);
  });

  it('hides relations to memos the caller cannot see', async () => {
    const forAlice = await server.call('GET', '/memos/standup-notes/relations', { token: TOKENS.alice });
    expect(forAlice.json.relations).toEqual([]);
    const forBob = await server.call('GET', '/memos/standup-notes/relations', { token: TOKENS.bob });
    expect(relationPairs(forBob.json.relations)).toEqual([
      'memos/standup-notes REFERENCE memos/bob-private-todo',
    ]);
  });

  it.each([
    ['anonymous', ANON, 401],
    ['anyone on a missing memo', TOKENS.bob, 404],
  ])('listing: %s gets %i', async (_label, token, status) => {
    const uid = status === 404 ? 'ghost' : 'welcome';
    expect((await server.call('GET', `/memos/${uid}/relations`, { token })).status).toBe(status);
  });

  it('replaces the outgoing references, skipping COMMENT entries and the memo itself', async () => {
    const response = await server.call('PATCH', '/memos/deploy-snippet/relations', {
      token: TOKENS.bob,
      body: {
        relations: [
          { relatedMemo: { name: 'memos/release-checklist' }, type: 'REFERENCE' },
          { relatedMemo: { name: 'memos/welcome' }, type: 'COMMENT' },
          { relatedMemo: { name: 'memos/deploy-snippet' }, type: 'REFERENCE' },
        ],
      },
    });
    expect(response.status).toBe(200);
    expect(response.json).toEqual({});
    const listed = await server.call('GET', '/memos/deploy-snippet/relations', { token: TOKENS.bob });
    expect(relationPairs(listed.json.relations)).toEqual([
      'memos/deploy-snippet REFERENCE memos/release-checklist',
      'memos/incident-db REFERENCE memos/deploy-snippet',
    ]);
  });

  it.each([
    ['anonymous', ANON, 'memos/welcome', 401],
    ['another user', TOKENS.alice, 'memos/welcome', 403],
    ['an admin', TOKENS.admin, 'memos/welcome', 200],
    ['a missing related memo', TOKENS.bob, 'memos/ghost', 404],
  ])('setting: %s gets %i', async (_label, token, related, status) => {
    const response = await server.call('PATCH', '/memos/deploy-snippet/relations', {
      token,
      body: { relations: [{ relatedMemo: { name: related }, type: 'REFERENCE' }] },
    });
    expect(response.status).toBe(status);
  });
});
