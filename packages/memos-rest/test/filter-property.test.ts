import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TOKENS, useTestServer } from './support/client.ts';

// Whatever a filter says, it is ANDed with the caller's visibility scope: it can narrow a listing, never widen it.
const server = useTestServer('workshop');

const quoted = (text: string) => JSON.stringify(text);
const visibility = fc.constantFrom('PUBLIC', 'PROTECTED', 'PRIVATE');
const atom = fc.oneof(
  fc.constantFrom(
    'true',
    'false',
    'pinned',
    'has_code',
    'has_task_list',
    '!has_link',
    'has_incomplete_tasks',
  ),
  fc.tuple(fc.constantFrom('==', '!='), visibility).map(([op, v]) => `visibility ${op} ${quoted(v)}`),
  fc.uniqueArray(visibility, { minLength: 1 }).map((vs) => `visibility in [${vs.map(quoted).join(', ')}]`),
  fc.constantFrom('work', 'urgent', 'todo', 'admin', 'diary', 'book/tech').map((t) => `${quoted(t)} in tags`),
  fc.constantFrom('demo', 'alice', 'bob', 'meimei').map((u) => `creator == "users/${u}"`),
  fc.stringMatching(/^[a-z ]{0,6}$/).map((s) => `content.contains(${quoted(s)})`),
  fc.integer({ min: 0, max: 2000 }).map((h) => `created_ts > now - duration("${h}h")`),
);
const { filter } = fc.letrec<{ filter: string }>((tie) => ({
  filter: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    atom,
    fc.tuple(tie('filter'), tie('filter')).map(([a, b]) => `(${a} && ${b})`),
    fc.tuple(tie('filter'), tie('filter')).map(([a, b]) => `(${a} || ${b})`),
    tie('filter').map((a) => `!(${a})`),
  ),
}));

const viewers = [
  { label: 'anonymous', token: undefined, username: undefined },
  { label: 'admin demo', token: TOKENS.admin, username: 'demo' },
  { label: 'alice', token: TOKENS.alice, username: 'alice' },
  { label: 'bob', token: TOKENS.bob, username: 'bob' },
] as const;

async function names(token: string | undefined, filterText?: string): Promise<string[]> {
  const query: Record<string, string | number> = { pageSize: 1000 };
  if (filterText !== undefined) query.filter = filterText;
  const response = await server.call('GET', '/memos', { token, query });
  expect(response.status, response.text).toBe(200);
  return response.json.memos.map((m: { name: string }) => m.name);
}

describe('a filter never widens visibility', () => {
  it.each(viewers)('for $label', async ({ token, username }) => {
    const scope = new Set(await names(token));
    await fc.assert(
      fc.asyncProperty(filter, async (filterText) => {
        for (const name of await names(token, filterText)) {
          expect(scope.has(name), `${filterText} leaked ${name}`).toBe(true);
          const memo = server.store.memoByUid(name.slice('memos/'.length));
          expect(memo?.state).toBe('NORMAL');
          if (username === undefined) expect(memo?.visibility).toBe('PUBLIC');
          else if (memo?.visibility === 'PRIVATE') expect(memo.creator).toBe(`users/${username}`);
        }
      }),
      { numRuns: 60 },
    );
  });

  it('still shows each viewer something, so the property is not vacuous', async () => {
    for (const { token } of viewers) expect((await names(token)).length).toBeGreaterThan(0);
    // and the private memos exist: they are hidden, not missing
    expect(server.store.memos.some((m) => m.visibility === 'PRIVATE')).toBe(true);
  });
});
