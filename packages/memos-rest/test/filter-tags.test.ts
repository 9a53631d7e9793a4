import fc from 'fast-check';
import initSqlJs, { type Database } from 'sql.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileMemoFilter } from '../src/filter/index.ts';
import type { MemoRow } from '../src/model.ts';
import { TOKENS, useTestServer } from './support/client.ts';

// Tag conditions as Memos v0.30.0 answers them on SQLite. Its renderer (internal/filter/render.go) turns
// every tag test but the per-tag ones of all() and exists_one() into a LIKE on JSON_EXTRACT(payload, '$.tags'),
// so they compare in ASCII case-insensitively, read % and _ as wildcards, and are NULL for a memo without tags.

function memo(tags: string[]): MemoRow {
  return {
    id: 1,
    uid: 'm',
    creatorId: 1,
    creator: 'users/demo',
    createdTs: 0,
    updatedTs: 0,
    content: '',
    visibility: 'PUBLIC',
    state: 'NORMAL',
    pinned: false,
    tags,
    property: { hasLink: false, hasTaskList: false, hasCode: false, hasIncompleteTasks: false, title: '' },
    snippet: '',
  };
}

const matches = (filter: string, tags: string[]) => compileMemoFilter(filter, 0)(memo(tags));

describe('tag conditions, as Memos answers them on SQLite', () => {
  it.each<[string, string[], boolean]>([
    // Case-insensitive in ASCII: SQLite's LIKE folds A-Z.
    ['"Project" in tags', ['project'], true],
    ['tags.exists(t, t == "PROJECT")', ['project'], true],
    ['"project" in tags', ['Project'], true],
    ['sets.contains(tags, ["PROJECT", "Work"])', ['project', 'work'], true],
    ['tag in ["Book"]', ['book/tech'], true],
    // ...and in ASCII only: SQLite folds no other letter.
    ['"É" in tags', ['é'], false],
    ['tags.exists(t, t == "Ω")', ['ω'], false],
    // all() and exists_one() test each tag: `value = ?`, which is exact.
    ['tags.all(t, t == "PROJECT")', ['project'], false],
    ['tags.all(t, t == "project")', ['project'], true],
    ['tags.exists_one(t, t == "PROJECT")', ['project'], false],
    // The literal's % and _ are LIKE wildcards, and the JSON text's quotes and commas can be matched.
    ['"wor_" in tags', ['work'], true],
    ['"w%k" in tags', ['work'], true],
    ['tags.exists(t, t.contains(","))', ['a', 'b'], true],
    ['tags.exists(t, t.contains(","))', ['a'], false],
    ['tags.exists(t, t.endsWith("a\\",\\"b"))', ['a', 'b'], true],
    // A memo without tags has no tag list in its payload: NULL, and NOT NULL is NULL too.
    ['!("work" in tags)', [], false],
    ['!("work" in tags)', ['home'], true],
    ['!(tag in ["work"])', [], false],
    ['!sets.intersects(tags, ["work"])', [], false],
    // exists() checks the list is there, so its negation does take untagged memos.
    ['!tags.exists(t, t == "work")', [], true],
    ['!sets.equivalent(tags, ["work"])', [], true],
  ])('%s on %j: %s', (filter, tags, expected) => {
    expect(matches(filter, tags)).toBe(expected);
  });
});

describe('tag conditions over HTTP', () => {
  const server = useTestServer('workshop');

  async function names(filter: string): Promise<string[]> {
    const response = await server.call('GET', '/memos', {
      token: TOKENS.admin,
      query: { filter, pageSize: 1000 },
    });
    expect(response.status, response.text).toBe(200);
    return response.json.memos.map((m: { name: string }) => m.name).sort();
  }

  it('finds #work whatever the case of the name asked for, in both forms', async () => {
    const work = await names('"work" in tags');
    expect(work.length).toBeGreaterThan(0);
    expect(await names('"Work" in tags')).toEqual(work);
    expect(await names('tags.exists(t, t == "WORK")')).toEqual(work);
  });
});

// The same conditions as SQL, run by SQLite itself on payloads stored as Memos stores them: each filter's
// statement is the one render.go writes for the SQLite dialect. memos_unicode_lower is Memos' own function
// (store/db/sqlite/functions.go, Unicode case folding); the tags drawn here fold the same with toLowerCase.
describe('tag conditions against SQLite', () => {
  let db: Database;
  const T = "JSON_EXTRACT(payload, '$.tags')";
  const notEmpty = `${T} IS NOT NULL AND ${T} != '[]'`;
  const folded = "memos_unicode_lower(value) LIKE memos_unicode_lower(?) ESCAPE '\\'";
  const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

  beforeAll(async () => {
    const SQL = await initSqlJs();
    db = new SQL.Database();
    db.create_function('memos_unicode_lower', (s: string | null) => s?.toLowerCase() ?? null);
    db.run('CREATE TABLE memo (id INTEGER PRIMARY KEY, payload TEXT NOT NULL)');
  });
  afterAll(() => db.close());

  const letters = ['a', 'A', 'b', 'B', 'é', 'É', '中', '😀', '_', '-', '/', '1'];
  const tag = fc.array(fc.constantFrom(...letters), { minLength: 1, maxLength: 4 }).map((cs) => cs.join(''));
  const literal = fc
    .array(fc.constantFrom(...letters, '%', '"', ','), { minLength: 0, maxLength: 4 })
    .map((cs) => cs.join(''));
  const cel = (s: string) => JSON.stringify(s);

  /** A filter and the WHERE clause Memos renders for it, with its arguments. */
  type Case = { filter: string; sql: string; args: string[] };
  const element = fc.constantFrom('==', 'startsWith', 'endsWith', 'contains');
  const single = fc.oneof(
    literal.map((v): Case => ({ filter: `${cel(v)} in tags`, sql: `${T} LIKE ?`, args: [`%"${v}"%`] })),
    fc.array(literal, { minLength: 1, maxLength: 2 }).map(
      (vs): Case => ({
        filter: `tag in [${vs.map(cel).join(', ')}]`,
        sql: `(${vs.map(() => `(${T} LIKE ? OR ${T} LIKE ?)`).join(' OR ')})`,
        args: vs.flatMap((v) => [`%"${v}"%`, `%"${v}/%`]),
      }),
    ),
    fc.tuple(element, literal).map(([method, v]): Case => {
      const filter =
        method === '==' ? `tags.exists(t, t == ${cel(v)})` : `tags.exists(t, t.${method}(${cel(v)}))`;
      const like: Record<string, [string, string[]]> = {
        '==': [`${T} LIKE ?`, [`%"${v}"%`]],
        startsWith: [`(${T} LIKE ? OR ${T} LIKE ?)`, [`%"${v}"%`, `%"${v}%`]],
        endsWith: [`${T} LIKE ?`, [`%${v}"%`]],
        contains: [`${T} LIKE ?`, [`%${v}%`]],
      };
      const [sql, args] = like[method] ?? ['', []];
      return { filter, sql: `(${sql} AND ${notEmpty})`, args };
    }),
    fc.tuple(fc.constantFrom('all', 'exists_one'), element, literal).map(([kind, method, v]): Case => {
      const filter =
        method === '==' ? `tags.${kind}(t, t == ${cel(v)})` : `tags.${kind}(t, t.${method}(${cel(v)}))`;
      const pattern = {
        startsWith: `${escapeLike(v)}%`,
        endsWith: `%${escapeLike(v)}`,
        contains: `%${escapeLike(v)}%`,
      };
      const [test, arg] =
        method === '==' ? ['value = ?', v] : [folded, pattern[method as keyof typeof pattern]];
      const sql =
        kind === 'all'
          ? `(${notEmpty} AND NOT EXISTS (SELECT 1 FROM json_each(${T}) WHERE NOT (${test})))`
          : `(SELECT COUNT(*) FROM json_each(${T}) WHERE ${test}) = 1`;
      return { filter, sql, args: [arg] };
    }),
    fc
      .tuple(
        fc.constantFrom('contains', 'intersects', 'equivalent'),
        fc.array(literal, { minLength: 1, maxLength: 3 }),
      )
      .map(([method, vs]): Case => {
        const values = method === 'equivalent' ? [...new Set(vs)] : vs;
        const each = `(${values.map(() => `${T} LIKE ?`).join(method === 'intersects' ? ' OR ' : ' AND ')})`;
        const sql =
          method === 'equivalent'
            ? `(${each} AND JSON_ARRAY_LENGTH(COALESCE(${T}, JSON_ARRAY())) = ${values.length})`
            : each;
        return {
          filter: `sets.${method}(tags, [${vs.map(cel).join(', ')}])`,
          sql,
          args: values.map((v) => `%"${v}"%`),
        };
      }),
  );
  const condition: fc.Arbitrary<Case> = fc.oneof(
    { weight: 3, arbitrary: single },
    single.map((c) => ({ filter: `!(${c.filter})`, sql: `NOT (${c.sql})`, args: c.args })),
    fc.tuple(single, single).map(([a, b]) => ({
      filter: `!(${a.filter} || ${b.filter})`,
      sql: `NOT ((${a.sql}) OR (${b.sql}))`,
      args: [...a.args, ...b.args],
    })),
  );

  it('answers like SQLite running the SQL Memos renders', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(tag, { maxLength: 3 }), { minLength: 1, maxLength: 6 }),
        condition,
        (lists, c) => {
          db.run('DELETE FROM memo');
          const rows = lists.map((tags) => [...new Set(tags)]);
          rows.forEach((tags, id) => {
            // protojson leaves an empty list out, and may space its output as it likes.
            const payload = tags.length === 0 ? '{}' : JSON.stringify({ tags }, null, id % 2);
            db.run('INSERT INTO memo (id, payload) VALUES (?, ?)', [id, payload]);
          });
          const result = db.exec(`SELECT id FROM memo WHERE ${c.sql} ORDER BY id`, c.args);
          const sqlite = (result[0]?.values ?? []).map(([id]) => Number(id));
          const filter = compileMemoFilter(c.filter, 0);
          const kit = rows.flatMap((tags, id) => (filter(memo(tags)) ? [id] : []));
          expect(kit, `${c.filter} on ${JSON.stringify(rows)}`).toEqual(sqlite);
        },
      ),
      { numRuns: 200 },
    );
  });
});
