import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createRestApp, type Dataset, loadDataset, SHIPPED_DATASETS, validateDataset } from '../src/index.ts';
import { startTestServer } from './support/client.ts';

describe('datasets', () => {
  it.each(SHIPPED_DATASETS)('%s matches the published schema and gives example-token to its host', (name) => {
    const { store } = createRestApp({ dataset: name });
    expect(store.userByToken('example-token')).toBe(store.users[0]);
    expect(() => validateDataset(loadDataset(name))).not.toThrow();
  });

  it('empty has users and no memos', () => {
    const { store } = createRestApp({ dataset: 'empty' });
    expect(store.users.length).toBeGreaterThan(0);
    expect(store.memos).toEqual([]);
  });

  it("article has the article's public memo as its newest non-private memo, and private memos besides", async () => {
    const server = await startTestServer('article');
    try {
      const response = await server.call('GET', '/memos', {
        token: 'example-token',
        query: { pageSize: 1, filter: 'visibility != "PRIVATE"', orderBy: 'create_time desc' },
      });
      expect(response.json).toEqual({
        memos: [
          expect.objectContaining({
            name: 'memos/example-public-memo',
            content: '这是一条公开的示例 memo。',
            visibility: 'PUBLIC',
            state: 'NORMAL',
          }),
        ],
      });
      const all = await server.call('GET', '/memos', { token: 'example-token' });
      expect(all.json.memos.length).toBeGreaterThan(1);
      expect(all.json.memos[0].visibility).toBe('PRIVATE');
    } finally {
      await server.close();
    }
  });

  it('workshop covers what a class explores', () => {
    const { store } = createRestApp({ dataset: 'workshop' });
    expect(store.users.filter((u) => u.role === 'ADMIN')).toHaveLength(1);
    expect(store.users.length).toBeGreaterThanOrEqual(3);
    expect(new Set(store.memos.map((m) => m.visibility))).toEqual(
      new Set(['PUBLIC', 'PROTECTED', 'PRIVATE']),
    );
    const flags = (key: 'hasTaskList' | 'hasCode' | 'hasLink' | 'hasIncompleteTasks') =>
      store.memos.some((m) => m.property[key]);
    expect([flags('hasTaskList'), flags('hasCode'), flags('hasLink'), flags('hasIncompleteTasks')]).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(store.memos.some((m) => m.pinned)).toBe(true);
    expect(store.memos.some((m) => m.state === 'ARCHIVED')).toBe(true);
    expect(store.memos.some((m) => m.parentId !== undefined)).toBe(true);
    expect(store.relations.some((r) => r.type === 'REFERENCE')).toBe(true);
    expect(store.reactions.length).toBeGreaterThan(0);
    expect(store.attachments.length).toBeGreaterThan(0);
    expect(store.shortcuts.length).toBeGreaterThan(0);
    const now = Date.now() / 1000;
    const ages = store.memos.map((m) => (now - m.createdTs) / 86400);
    expect(Math.min(...ages)).toBeLessThan(1);
    expect(Math.max(...ages)).toBeGreaterThan(14);
  });

  describe("a teacher's own file", () => {
    const dir = mkdtempSync(join(tmpdir(), 'memos-dataset-'));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));
    const write = (name: string, data: unknown) => {
      const file = join(dir, name);
      writeFileSync(file, typeof data === 'string' ? data : JSON.stringify(data));
      return file;
    };

    it('loads by path, with relative and absolute times', () => {
      const dataset: Dataset = {
        users: [{ username: 'teacher', role: 'ADMIN', tokens: ['class-token'] }],
        memos: [
          { id: 'one', creator: 'teacher', content: 'hi #class', visibility: 'PUBLIC', createTime: '-90m' },
          { id: 'two', creator: 'teacher', content: 'old', createTime: '2026-01-01T08:00:00Z' },
        ],
      };
      // The clock stands still, so "-90m" has one right answer.
      const now = Date.UTC(2026, 6, 28, 9);
      vi.useFakeTimers({ toFake: ['Date'], now });
      let store: ReturnType<typeof createRestApp>['store'];
      try {
        store = createRestApp({ dataset: write('class.json', dataset) }).store;
      } finally {
        vi.useRealTimers();
      }
      expect(store.userByToken('class-token')?.username).toBe('teacher');
      // Tokens come from the file alone: the article's token is data of the shipped datasets, not a default.
      expect(store.userByToken('example-token')).toBeUndefined();
      expect(store.memoByUid('one')?.createdTs).toBe(now / 1000 - 90 * 60);
      expect(store.memoByUid('two')?.createdTs).toBe(Date.UTC(2026, 0, 1, 8) / 1000);
    });

    it('keeps the tags and property a memo states, derives what it leaves out, and derives again on update', async () => {
      const dataset: Dataset = {
        users: [{ username: 'teacher', role: 'ADMIN', tokens: ['class-token'] }],
        memos: [
          // Legacy data: Memos stored a tag and a task-list flag that the content no longer shows.
          {
            id: 'legacy',
            creator: 'teacher',
            content: 'Plain text, see [docs](https://example.com) #now',
            visibility: 'PUBLIC',
            tags: ['Archive', 'old/notes'],
            property: { hasTaskList: true, hasIncompleteTasks: true },
          },
          { id: 'derived', creator: 'teacher', content: '- [ ] write #todo', visibility: 'PUBLIC' },
        ],
      };
      const server = await startTestServer(write('legacy.json', dataset));
      try {
        const get = async (id: string) =>
          (await server.call('GET', `/memos/${id}`, { token: 'class-token' })).json;
        const legacy = await get('legacy');
        expect(legacy.tags).toEqual(['Archive', 'old/notes']);
        // Stated flags win; hasLink is left out, so it is derived (the content has a link).
        expect(legacy.property).toMatchObject({ hasTaskList: true, hasIncompleteTasks: true, hasLink: true });
        expect((await get('derived')).tags).toEqual(['todo']);
        // The filter reads the stored tags, case-insensitively for tag in [...].
        const list = await server.call('GET', '/memos', {
          token: 'class-token',
          query: { filter: 'tag in ["archive"] && has_task_list' },
        });
        expect(list.json.memos.map((memo: { name: string }) => memo.name)).toEqual(['memos/legacy']);
        // A content update derives tags and property again, as Memos does.
        await server.call('PATCH', '/memos/legacy', {
          token: 'class-token',
          body: { content: 'fresh #new' },
        });
        const updated = await get('legacy');
        expect(updated.tags).toEqual(['new']);
        expect(updated.property).toMatchObject({ hasTaskList: false, hasLink: false });
      } finally {
        await server.close();
      }
    });

    it.each([
      [
        'stored tags that are not a list of words',
        { users: [{ username: 'a' }], memos: [{ id: 'm', creator: 'a', content: '', tags: ['two words'] }] },
        /tags\/0 must match pattern/,
      ],
      [
        'an unknown property flag',
        {
          users: [{ username: 'a' }],
          memos: [{ id: 'm', creator: 'a', content: '', property: { hasLinks: true } }],
        },
        /property must NOT have additional properties/,
      ],
      ['not JSON', '{', /cannot read dataset/],
      ['no users', { users: [] }, /must NOT have fewer than 1 items/],
      [
        'a bad time',
        { users: [{ username: 'a' }], memos: [{ id: 'm', creator: 'a', content: '', createTime: '-7d' }] },
        /createTime must match pattern/,
      ],
      [
        'an unknown creator',
        { users: [{ username: 'a' }], memos: [{ id: 'm', creator: 'b', content: '' }] },
        /unknown user "b"/,
      ],
      [
        'a duplicate id',
        {
          users: [{ username: 'a' }],
          memos: [
            { id: 'm', creator: 'a', content: '' },
            { id: 'm', creator: 'a', content: '' },
          ],
        },
        /used twice/,
      ],
      [
        'a typo in a field name',
        { users: [{ username: 'a', rol: 'ADMIN' }] },
        /must NOT have additional properties/,
      ],
    ])('rejects %s with a readable error', (_label, data, message) => {
      const file = write('bad.json', data);
      expect(() => createRestApp({ dataset: file })).toThrow(message);
    });

    it('rejects an unknown name that is not a file', () => {
      expect(() => loadDataset('nope')).toThrow(/unknown dataset "nope": use empty, article, workshop/);
    });
  });
});
