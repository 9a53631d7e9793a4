import { describe, expect, it } from 'vitest';
import { TOKENS, useTestServer } from './support/client.ts';

const server = useTestServer('workshop');

describe('concurrent writes', () => {
  it('lose nothing: 60 parallel creates from four users all land and are listed', async () => {
    const tokens = Object.values(TOKENS);
    const before = server.store.memos.length;
    const responses = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        server.call('POST', '/memos', {
          token: tokens[i % tokens.length],
          query: { memoId: `burst-${i}` },
          body: { content: `burst ${i} #burst`, visibility: 'PUBLIC' },
        }),
      ),
    );
    expect(responses.map((r) => r.status)).toEqual(Array(60).fill(200));
    expect(server.store.memos.length).toBe(before + 60);
    const listed = await server.call('GET', '/memos', {
      query: { filter: '"burst" in tags', pageSize: 1000 },
    });
    expect(listed.json.memos).toHaveLength(60);
  });

  it('give exactly one winner when the same id is created in parallel', async () => {
    const responses = await Promise.all(
      Array.from({ length: 10 }, () =>
        server.call('POST', '/memos', {
          token: TOKENS.alice,
          query: { memoId: 'race' },
          body: { content: 'race' },
        }),
      ),
    );
    expect(responses.filter((r) => r.status === 200)).toHaveLength(1);
    expect(responses.filter((r) => r.status === 409)).toHaveLength(9);
  });

  it('keep every parallel reaction and every parallel update', async () => {
    const types = ['👍', '🎉', '❤️', '🚀', '👀', '😄'];
    await Promise.all(
      Object.values(TOKENS).flatMap((token) =>
        types.map((reactionType) =>
          server.call('POST', '/memos/welcome/reactions', {
            token,
            body: { reaction: { contentId: 'memos/welcome', reactionType } },
          }),
        ),
      ),
    );
    const reactions = (await server.call('GET', '/memos/welcome/reactions', { token: TOKENS.bob })).json
      .reactions;
    // 4 users x 6 types, with the dataset's two reactions among them.
    expect(reactions).toHaveLength(24);
    await Promise.all(
      ['css-tip', 'reading-list'].map((uid) =>
        server.call('PATCH', `/memos/${uid}`, { token: TOKENS.meimei, body: { pinned: true } }),
      ),
    );
    expect(server.store.memoByUid('css-tip')?.pinned && server.store.memoByUid('reading-list')?.pinned).toBe(
      true,
    );
  });
});
