import { loadFixture } from '@memos-kit/wire';
import { describe, expect, it } from 'vitest';
import { filterErrorParts } from '../src/index.ts';
import type { MemoRow } from '../src/model.ts';
import { TOKENS, useTestServer } from './support/client.ts';

// Each example filter is checked against a plain-JavaScript oracle over the store's rows, run as the admin
// `demo` (who sees PUBLIC, PROTECTED and their own PRIVATE memos, and no archived ones).
const server = useTestServer('workshop');

const HOUR = 3600;
const now = () => Math.floor(Date.now() / 1000);
const utc = (m: MemoRow) => new Date(m.createdTs * 1000);

async function listNames(filter: string, token: string = TOKENS.admin): Promise<string[]> {
  const response = await server.call('GET', '/memos', { token, query: { filter, pageSize: 1000 } });
  expect(response.status, response.text).toBe(200);
  return response.json.memos.map((m: { name: string }) => m.name).sort();
}

function expected(oracle: (m: MemoRow) => boolean): string[] {
  const demo = server.store.userByUsername('demo');
  return server.store.memos
    .filter((m) => m.parentId === undefined && m.state === 'NORMAL')
    .filter((m) => m.visibility !== 'PRIVATE' || m.creatorId === demo?.id)
    .filter(oracle)
    .map((m) => `memos/${m.uid}`)
    .sort();
}

const EXAMPLES: [string, (m: MemoRow) => boolean][] = [
  // The three examples of the tool description, and the tags form it recommends.
  ['pinned == true && visibility == "PUBLIC"', (m) => m.pinned && m.visibility === 'PUBLIC'],
  ['tags.exists(t, t == "urgent")', (m) => m.tags.includes('urgent')],
  [
    'content.contains("roadmap") && created_ts > now - duration("168h")',
    (m) => m.content.toLowerCase().includes('roadmap') && m.createdTs > now() - 168 * HOUR,
  ],
  ['"work" in tags', (m) => m.tags.includes('work')],
  // The article's filter.
  ['visibility != "PRIVATE"', (m) => m.visibility !== 'PRIVATE'],
  // The other forms Memos accepts.
  ['creator == "users/alice"', (m) => m.creator === 'users/alice'],
  [
    'creator != "users/alice" && visibility == "PROTECTED"',
    (m) => m.creator !== 'users/alice' && m.visibility === 'PROTECTED',
  ],
  ['creator_id == 3', (m) => m.creatorId === 3],
  ['visibility in ["PUBLIC", "PRIVATE"]', (m) => m.visibility !== 'PROTECTED'],
  ['"PUBLIC" == visibility', (m) => m.visibility === 'PUBLIC'],
  ['!(visibility == "PUBLIC")', (m) => m.visibility !== 'PUBLIC'],
  ['pinned', (m) => m.pinned],
  ['!pinned || has_code', (m) => !m.pinned || m.property.hasCode],
  ['has_task_list', (m) => m.property.hasTaskList],
  ['has_incomplete_tasks', (m) => m.property.hasIncompleteTasks],
  ['has_task_list && !has_incomplete_tasks', (m) => m.property.hasTaskList && !m.property.hasIncompleteTasks],
  ['has_code == true', (m) => m.property.hasCode],
  ['has_link != false', (m) => m.property.hasLink],
  ['content.contains("ROADMAP")', (m) => m.content.toLowerCase().includes('roadmap')],
  ['content.startsWith("release")', (m) => m.content.toLowerCase().startsWith('release')],
  ['content.endsWith("#release")', (m) => m.content.toLowerCase().endsWith('#release')],
  ['content.matches("^# ")', (m) => /^# /.test(m.content)],
  ['content.matches("(?i)DUMPLINGS|noodles")', (m) => /dumplings|noodles/i.test(m.content)],
  ['content.matches("[[:digit:]]{2}:[[:digit:]]{2}")', (m) => /\d{2}:\d{2}/.test(m.content)],
  ['content == "Friday lunch: dumplings or noodles? React below."', (m) => m.uid === 'lunch-poll'],
  ['tag in ["book"]', (m) => m.tags.some((t) => t === 'book' || t.startsWith('book/'))],
  ['tags.exists(t, t.startsWith("BOOK/"))', (m) => m.tags.some((t) => t.startsWith('book/'))],
  ['tags.all(t, t.startsWith("w"))', (m) => m.tags.length > 0 && m.tags.every((t) => t.startsWith('w'))],
  ['tags.all(t, t.contains("o"))', (m) => m.tags.length > 0 && m.tags.every((t) => t.includes('o'))],
  ['tags.exists_one(t, t == "work")', (m) => m.tags.includes('work')],
  ['sets.contains(tags, ["work", "ops"])', (m) => m.tags.includes('work') && m.tags.includes('ops')],
  [
    'sets.intersects(tags, ["urgent", "release"])',
    (m) => m.tags.includes('urgent') || m.tags.includes('release'),
  ],
  [
    'sets.equivalent(tags, ["work", "roadmap"])',
    (m) => m.tags.length === 2 && m.tags.includes('work') && m.tags.includes('roadmap'),
  ],
  ['size(tags) >= 2', (m) => m.tags.length >= 2],
  ['size(tags) == 0', (m) => m.tags.length === 0],
  ['size(content) > 100', (m) => Array.from(m.content).length > 100],
  ['created_ts > now - duration("24h")', (m) => m.createdTs > now() - 24 * HOUR],
  [
    'updated_ts >= now - duration("48h") && created_ts < now - duration("48h")',
    (m) => m.updatedTs >= now() - 48 * HOUR && m.createdTs < now() - 48 * HOUR,
  ],
  ['now - duration("168h") < created_ts', (m) => m.createdTs > now() - 168 * HOUR],
  ['created_ts > timestamp("2000-01-01T00:00:00Z")', () => true],
  [
    'created_ts.getFullYear() == now.getFullYear()',
    (m) => utc(m).getUTCFullYear() === new Date().getUTCFullYear(),
  ],
  [
    'created_ts.getDayOfWeek() == 0 || created_ts.getDayOfWeek() == 6',
    (m) => [0, 6].includes(utc(m).getUTCDay()),
  ],
  ['created_ts.getHours() < 12', (m) => utc(m).getUTCHours() < 12],
  ['true', () => true],
  ['false', () => false],
  ['1 == 1 && pinned', (m) => m.pinned],
  // Two literals fold to a constant, each side its own value (as Memos folds them).
  ['1 == 2 || pinned', (m) => m.pinned],
  ['1 < 2 && has_code', (m) => m.property.hasCode],
  ['"b" > "a" && !pinned', (m) => !m.pinned],
  ['now > now - duration("1h") && visibility == "PUBLIC"', (m) => m.visibility === 'PUBLIC'],
];

describe('ListMemos filter on the workshop dataset', () => {
  it.each(EXAMPLES)('%s', async (filter, oracle) => {
    expect(await listNames(filter)).toEqual(expected(oracle));
  });

  it('has examples that tell memos apart (none of them is trivially all or nothing by accident)', () => {
    const total = expected(() => true).length;
    const selective = EXAMPLES.filter(([, oracle]) => {
      const n = expected(oracle).length;
      return n > 0 && n < total;
    });
    expect(selective.length).toBeGreaterThan(EXAMPLES.length - 6);
  });

  it('runs each shortcut of the dataset as a filter', async () => {
    for (const shortcut of server.store.shortcuts) {
      const response = await server.call('GET', '/memos', {
        token: TOKENS.admin,
        query: { filter: shortcut.filter },
      });
      expect(response.status, shortcut.filter).toBe(200);
    }
  });
});

describe('bad filters', () => {
  async function filterError(filter: string): Promise<string> {
    const response = await server.call('GET', '/memos', { token: TOKENS.admin, query: { filter } });
    expect(response.status, filter).toBe(400);
    expect(response.contentType).toBe('application/json');
    expect(response.json.code).toBe(3);
    expect(response.json.details).toEqual([]);
    return response.json.message;
  }

  it("answers the article's `visibility` in Memos' words, with the article's sentence as the hint", async () => {
    const fixture = loadFixture('tool-execution-error');
    const article: string = JSON.parse(fixture.text('response')).result.content[0].text;
    const sent = JSON.parse(fixture.request?.body ?? '{}').params.arguments.filter;
    const message = await filterError(sent);
    expect(message).toBe(
      'invalid filter: failed to compile filter: filter must evaluate to a boolean value (hint: expected a comparison after visibility)',
    );
    // The MCP adapter's article wording is made from these two parts (see memos-mcp's tool runner).
    expect(`Invalid filter expression: ${filterErrorParts(message)?.hint}.`).toBe(article);
  });

  it.each([
    ['visibility', 'filter must evaluate to a boolean value'],
    ['"work"', 'filter must evaluate to a boolean value'],
    ['   ', 'filter expression is empty'],
    ['tag == "work"', 'field "tag" does not support comparison'],
    ['visibility > "PUBLIC"', 'operator > not allowed for field "visibility"'],
    ['visibility.contains("P")', 'identifier "visibility" does not support text matching'],
    ['pinned ? true : false', 'unsupported call expression "_?_:_"'],
    ['size(tags) > 1 / 0', 'division by zero'],
  ])('words %s as Memos does', async (filter, memos) => {
    const parts = filterErrorParts(await filterError(filter));
    expect(parts?.memos).toBe(memos);
  });

  it.each([
    ['content', /expected a comparison after content/],
    ['pinned && visibility', /expected a comparison after visibility/],
    [
      'visibility == PUBLIC',
      /PUBLIC is a value, not a field: put it in quotes, e\.g\. visibility == "PUBLIC"/,
    ],
    ['pinned == 1', /cannot use == between bool and int/],
    ['visibility = "PUBLIC"', /compare with ==, not = at column 12/],
    ['pinned and has_code', /combine terms with && and \|\| and negate with ! \(not "and"\)/],
    ['content == "this and that" or pinned', /\(not "or"\)/],
    ['tags contains "work"', /to test a tag write "work" in tags/],
    [
      'content.includes("x")',
      /string has no method includes\(\) at column 1; use contains, startsWith, endsWith or matches/,
    ],
    ['created_ts > now() - duration("1h")', /now is a value, not a function/],
    ['visibility in "PUBLIC"', /in needs a list on the right/],
    ['size(tags) > "2"', /write numbers without quotes/],
    ['creator == users/demo', /unknown field users .*text values need quotes/],
    ['created_ts > 1700000000', /compare timestamps with now - duration\("24h"\)/],
    ['visibility ==', /ends too early at column 14/],
    ['content == "abc', /Unterminated string/i],
    ['visibility > "PUBLIC"', /operator > is not allowed for visibility; use == or !=/],
    ['creator < "users/b"', /operator < is not allowed for creator/],
    ['created_ts > now - duration("7d")', /unknown unit "d".*"168h"/],
    ['created_ts > timestamp("yesterday")', /invalid timestamp literal "yesterday"/],
    ['pinned ? true : false', /conditional expressions/],
    ['foo == 1', /unknown field foo at column 1; available fields: content, creator/],
    ['tag == "work"', /tag can only be used as tag in \["name"\]/],
    ['tags.map(t, t == "a")', /must be a condition/],
    ['tags.exists(t, t != "a")', /unsupported condition inside the comprehension/],
    ['tags.all(t, t.endsWith("o") || t == "work")', /unsupported condition inside the comprehension/],
    ['visibility.contains("P")', /visibility does not support text matching/],
    ['content.contains(creator)', /needs a quoted text argument/],
    ['updated_ts > created_ts', /not with another field/],
    ['pinned in [true]', /pinned does not support in/],
    ['size(tags) > 1 / 0', /division by zero/],
    ['content.matches("(")', /invalid regular expression \(RE2 syntax\)/],
    // Backreferences and lookahead are not RE2; they would also open the door to catastrophic backtracking.
    ['content.matches("(a)\\\\1")', /invalid regular expression \(RE2 syntax\)/],
    ['content.matches("a(?=b)")', /invalid regular expression \(RE2 syntax\)/],
    ['"work"', /must be a condition \(true or false\), but this expression is a string/],
    ['5', /but this expression is an int/],
    ['$$', /unexpected character: \$ at column 1/],
    ['   ', /the filter expression is empty/],
    // Pathological nesting exhausts the parser's depth or the stack: still the filter's fault, a 400.
    [`${'!'.repeat(3000)}pinned`, /nested too deeply/],
    [`${'('.repeat(400)}pinned${')'.repeat(400)}`, /nested too deeply/],
  ])('%s', async (filter, message) => {
    const text = await filterError(filter);
    expect(text).toMatch(/^invalid filter: failed to compile filter: \S.*$/s);
    expect(text).toMatch(message);
  });
});

describe('regular expressions', () => {
  const own = useTestServer('workshop');

  it('match in linear time, so a pattern that backtracks catastrophically elsewhere cannot hang the server', async () => {
    await own.call('POST', '/memos', {
      token: TOKENS.alice,
      query: { memoId: 'many-as' },
      body: { content: `${'a'.repeat(5000)}!`, visibility: 'PUBLIC' },
    });
    const response = await own.call('GET', '/memos', {
      token: TOKENS.alice,
      query: { filter: 'content.matches("^(a+)+$")' },
    });
    expect(response.status).toBe(200);
    expect(response.json.memos).toEqual([]);
    const prefix = await own.call('GET', '/memos', {
      token: TOKENS.alice,
      query: { filter: 'content.matches("^(a+)+!$")' },
    });
    expect(prefix.json.memos.map((m: { name: string }) => m.name)).toEqual(['memos/many-as']);
  });
});
