import { describe, expect, it } from 'vitest';
import {
  compareJson,
  expectMatch,
  type Fixture,
  formatDifferences,
  type LiveResponse,
  loadFixture,
  matchResponse,
  parseHttpMessage,
} from '../src/index.ts';

/** The fixture's own response, as if a perfect server had sent it. */
function echo(fixture: Fixture): LiveResponse {
  const response =
    fixture.entry.transport === 'sse' ? parseHttpMessage(fixture.text('response')) : fixture.response;
  if (!response) throw new Error(`${fixture.entry.id} has no response`);
  return { status: response.status, headers: response.headers, body: response.body };
}

// biome-ignore lint/suspicious/noExplicitAny: the tests reach deep into fixture JSON to break one value at a time.
type Json = Record<string, any>;

function mutate(live: LiveResponse, change: (json: Json) => void): LiveResponse {
  const json = JSON.parse(live.body) as Json;
  change(json);
  return { ...live, body: JSON.stringify(json) };
}

/** What the matcher finds once `change` is made to the fixture's own answer. */
function afterChange(fixture: Fixture, change: (json: Json) => void) {
  return matchResponse(fixture, mutate(echo(fixture), change));
}

const exact = loadFixture('mcp-tools-call');
const abridged = loadFixture('tools-list');

describe('a fixture matches itself', () => {
  it.each([
    'rest-list-memos',
    'mcp-tools-call',
    'server-discover',
    'tools-list',
    'tools-call-ordered',
    'unknown-tool',
    'tool-execution-error',
    'sse-progress',
    'hateoas-order',
  ])('%s', (id) => {
    const fixture = loadFixture(id);
    expectMatch(matchResponse(fixture, echo(fixture)));
  });

  it('key order and whitespace do not count', () => {
    const live = echo(exact);
    const reversed = (value: unknown): unknown =>
      Array.isArray(value)
        ? value.map(reversed)
        : value && typeof value === 'object'
          ? Object.fromEntries(
              Object.entries(value)
                .reverse()
                .map(([k, v]) => [k, reversed(v)]),
            )
          : value;
    const body = JSON.stringify(reversed(JSON.parse(live.body)), null, 4);
    expect(body.startsWith('{\n    "result"')).toBe(true);
    expectMatch(matchResponse(exact, { ...live, body }));
  });
});

describe.each([
  ['exact', exact, (json: Json) => json.result.structuredContent],
  ['abridged', abridged, (json: Json) => json.result.tools[0].inputSchema.properties.pageSize],
] as const)('%s mode catches', (mode, fixture, business) => {
  it('a changed value', () => {
    const result = afterChange(fixture, (json) => {
      const target = business(json);
      const key = Object.keys(target)[0] as string;
      target[key] = 'changed';
    });
    expect(result.mode).toBe(mode);
    expect(result.ok).toBe(false);
    expect(result.differences[0]?.kind).toMatch(/changed|type/);
  });

  it('a missing field', () => {
    const result = afterChange(fixture, (json) => {
      delete json.result._meta;
    });
    expect(result.differences).toContainEqual(
      expect.objectContaining({ kind: 'missing', path: '$.result._meta' }),
    );
  });

  it('a wrong id', () => {
    const result = afterChange(fixture, (json) => {
      json.id = 99;
    });
    expect(result.differences).toContainEqual(
      expect.objectContaining({ path: '$.id', expected: fixture.entry.jsonrpcId, actual: 99 }),
    );
  });

  it('a wrong header value', () => {
    const live = echo(loadFixture('mcp-tools-call'));
    live.headers = [['content-type', 'application/json; charset=utf-8']];
    const result = matchResponse(loadFixture('mcp-tools-call'), live, { mode });
    expect(result.differences).toContainEqual(
      expect.objectContaining({ where: 'header', path: 'Content-Type', kind: 'changed' }),
    );
  });
});

describe('abridged mode', () => {
  it('lets the live response carry more tools and more fields', () => {
    const result = afterChange(abridged, (json) => {
      json.result.tools.unshift({ name: 'attachment_list_attachments', inputSchema: { type: 'object' } });
      json.result.tools[1].outputSchema.$defs.Memo.properties.creator = { type: 'string' };
    });
    expectMatch(result);
  });

  it('finds a tool that went missing, by name', () => {
    const result = afterChange(abridged, (json) => {
      json.result.tools = json.result.tools.filter((tool: Json) => tool.name !== 'auth_get_current_user');
    });
    expect(result.differences).toContainEqual(
      expect.objectContaining({ kind: 'missing', path: '$.result.tools[name=auth_get_current_user]' }),
    );
  });

  it('still holds the protocol exact: extra envelope keys and isError', () => {
    const result = afterChange(abridged, (json) => {
      json.error = { code: -32603, message: 'boom' };
      json.result.isError = true;
    });
    expect(result.differences.map((d) => d.path)).toEqual(
      expect.arrayContaining(['$.error', '$.result.isError']),
    );
  });

  it('compares JSON inside a text block as JSON, by name', () => {
    const fixture = loadFixture('tools-call-ordered');
    const live = mutate(echo(fixture), (json) => {
      const memo = { ...json.result.structuredContent.memos[0], creator: 'users/demo' };
      json.result.structuredContent.memos[0] = memo;
      json.result.content[0].text = JSON.stringify({ memos: [memo] });
    });
    expectMatch(matchResponse(fixture, live));
    const wrong = mutate(live, (json) => {
      json.result.content[0].text = json.result.content[0].text.replace('PUBLIC', 'PROTECTED');
    });
    expect(matchResponse(fixture, wrong).differences[0]?.path).toBe(
      '$.result.content[0].text<json>.memos[name=memos/example-public-memo].visibility',
    );
  });
});

describe('sse', () => {
  const fixture = loadFixture('sse-progress');

  it('compares event by event, and a progress notification is always exact', () => {
    const live = echo(fixture);
    live.body = live.body.replace('"progress":1', '"progress":1,"message":"extra"');
    const result = matchResponse(fixture, live);
    expect(result.differences).toContainEqual(
      expect.objectContaining({ where: 'event', path: 'events[0].data.params.message', kind: 'unexpected' }),
    );
  });

  it('notices a missing event and a wrong Cache-Control', () => {
    const live = echo(fixture);
    live.body = live.body.slice(live.body.indexOf('\n\n') + 2);
    live.headers = live.headers?.map(([name, value]) => [
      name,
      name === 'Cache-Control' ? 'no-cache, no-transform' : value,
    ]);
    const result = matchResponse(fixture, live);
    expect(result.differences).toContainEqual(
      expect.objectContaining({ where: 'event', kind: 'length', expected: 2, actual: 1 }),
    );
    expect(result.differences).toContainEqual(
      expect.objectContaining({ where: 'header', path: 'Cache-Control', actual: 'no-cache, no-transform' }),
    );
  });
});

describe('formatDifferences', () => {
  /** The article's tools/call answer with one memo too many. */
  const oneMemoMore = () =>
    afterChange(exact, (json) => {
      json.result.structuredContent.memos.push({ name: 'memos/x' });
    });

  it('names the file, the place, what the article has and what came live', () => {
    const result = oneMemoMore();
    const text = formatDifferences(result);
    expect(text).toContain('✗ 1 difference from fixtures/02-mcp-tools-call/response.http (exact)');
    expect(text).toContain('body $.result.structuredContent.memos');
    expect(text).toContain('article: 0');
    expect(text).toContain('live:    1');
    expect(() => expectMatch(result)).toThrow(/structuredContent\.memos/);
  });

  it('colours only through the paint it is handed, and is plain without one', () => {
    const result = oneMemoMore();
    const tagged = formatDifferences(result, { paint: (format, text) => `<${String(format)}>${text}</>` });
    expect(tagged).toContain('<red>✗ 1 difference from fixtures/02-mcp-tools-call/response.http (exact)</>');
    expect(tagged).toContain('<green>article:</> 0');
    const plain = formatDifferences(result);
    expect(plain).not.toContain('<');
    expect(plain).not.toContain('\u001b[');
    expect(formatDifferences(matchResponse(exact, echo(exact)), { paint: (_f, text) => `[${text}]` })).toBe(
      '[✓ matches fixtures/02-mcp-tools-call/response.http (exact)]',
    );
  });

  it('speaks Chinese when told, every word of it, and English otherwise', () => {
    const missing = afterChange(exact, (json) => {
      delete json.result.structuredContent;
    });
    const zh = formatDifferences(oneMemoMore(), { lang: 'zh' });
    expect(zh).toContain('✗ 与 fixtures/02-mcp-tools-call/response.http 有 1 处不同（同一 JSON 值）');
    expect(zh).toContain('body $.result.structuredContent.memos  项数不同');
    expect(zh).toContain('文章： 0');
    expect(zh).toContain('实际： 1');
    const zhMissing = formatDifferences(missing, { lang: 'zh' });
    expect(zhMissing).toContain('文章里有，实际的响应里没有');
    // None of the English words is left; what stays is the fixture's path, JSON paths and values.
    // body is the glossary's Chinese word too (一词一义), so it may stay.
    for (const text of [zh, zhMissing])
      for (const word of ['difference', 'article', 'live', 'exact', 'items', 'value'])
        expect(text).not.toContain(word);
    expect(formatDifferences(matchResponse(exact, echo(exact)), { lang: 'zh' })).toBe(
      '✓ 与 fixtures/02-mcp-tools-call/response.http 一致（同一 JSON 值）',
    );
    expect(formatDifferences(oneMemoMore(), { lang: 'en' })).toBe(formatDifferences(oneMemoMore()));
  });

  it('compareJson treats numbers and strings as different types', () => {
    expect(compareJson({ id: '0' }, { id: 0 }, 'exact')).toEqual([
      { where: 'body', path: '$.id', kind: 'type', expected: 0, actual: '0' },
    ]);
  });
});
