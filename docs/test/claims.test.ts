// Every status, JSON-RPC code, error text, limit, count and default a page, a lab or a README states about
// the kit is read from it here and checked against the running kit (claims/); a fact about another source
// cites it in the same sentence. A new fact nobody registered fails this test and says how to hold it.
import { afterAll, describe, expect, it } from 'vitest';
import { type AsideHere, HOW_TO_HOLD, judge, type Measured, quotes } from './claims/judge.ts';
import { Kit } from './claims/kit.ts';
import { type Facts, type ProbeName, probes } from './claims/probes.ts';
import { asides, claims, knownWrong, type Place } from './claims/registry.ts';
import { type Finding, readerFiles, scan, tokensOf } from './claims/scan.ts';

describe('the claim scanner', () => {
  const kinds = (text: string) => tokensOf(text).map((token) => `${token.kind}:${token.value}`);

  it('finds statuses, codes, error texts, limits and defaults, in both languages', () => {
    expect(kinds('| A body over 1 MiB | 413, `-32600` |')).toEqual([
      'limit:bytes:1048576',
      'status:413',
      'code:-32600',
    ]);
    expect(kinds('匿名请求得到 401；JSON 嵌套超过 64 层是 400')).toEqual([
      'status:401',
      'limit:levels:64',
      'status:400',
    ]);
    expect(kinds('a call answers `404 Not Found: memo not found`')).toEqual([
      'text:404 Not Found: memo not found',
    ]);
    expect(kinds('JSON-RPC error `-32602` `Unknown tool: <name>`')).toEqual([
      'code:-32602',
      'text:Unknown tool: <name>',
    ]);
    expect(kinds('REST gets "permission denied"')).toEqual(['text:permission denied']);
    expect(kinds("Memos' 20 tools on `127.0.0.1:5230`; 20 个工具")).toEqual([
      'limit:tools:20',
      'limit:port:5230',
      'limit:tools:20',
    ]);
    expect(kinds('| Tag tests | 20,000,000 characters compared | 400 |; 最多比较 2000 万个字符')).toEqual([
      'limit:chars:20000000',
      'status:400',
      'limit:chars:20000000',
    ]);
    expect(kinds('The default dataset is `workshop`; `article`（默认）')).toEqual([
      'limit:default:workshop',
      'limit:default:article',
    ]);
  });

  it('leaves out numbers that are no status, and link targets', () => {
    expect(kinds('order 123, 161 ms, about 400 lines, id 404, 2026-07-28, 10 000 levels')).toEqual([]);
    expect(kinds('[the 404 page](./x#404-not-found) and `pnpm serve` with "a b"')).toEqual(['status:404']);
  });

  it('holds a fact by a measured value, a citation or an aside, and reports the rest', () => {
    const line = (text: string): Finding => ({ file: 'docs/x.md', line: 7, text, tokens: tokensOf(text) });
    const unknownTool: Measured = { probe: 'unknown tool', facts: { status: [200], code: [-32602] } };
    expect(judge(line('| An unknown tool | 200, `-32602` |'), [unknownTool], [])).toEqual([]);
    expect(judge(line('| An unknown tool | 400, `-32602` |'), [unknownTool], [])).toEqual([
      'docs/x.md:7 states the HTTP status 400, but the kit gives 200 (unknown tool).',
    ]);
    const bare = judge(line('An unknown tool gets `-32601`.'), [], []);
    expect(bare).toEqual([
      'docs/x.md:7 states the JSON-RPC code -32601 about the kit, and nothing checks it.',
    ]);
    const cited =
      'The spec answers `-32601` ([Tools](https://modelcontextprotocol.io/specification/2026-07-28/server/tools#errors)).';
    expect(judge(line(cited), [], [])).toEqual([]);
    // A citation holds only its own sentence.
    expect(judge(line(`${cited} The kit answers 404.`), [], [])).toHaveLength(1);
    expect(
      judge(line('Would 403 leak more than 404?'), [], [{ only: ['403'], because: 'a question' }]),
    ).toHaveLength(1);
    expect(judge(line('| A stale claim | — |'.replace('—', '202')), [unknownTool], [])).toHaveLength(2);
  });

  it("matches a quoted text against the kit's with its placeholders", () => {
    expect(quotes('Unknown tool: <name>', 'Unknown tool: memo_nope')).toBe(true);
    expect(quotes('memo not found', '404 Not Found: memo not found')).toBe(true);
    expect(
      quotes(
        'cancelled, nothing changed',
        'Cancelled: the user declined, so x did not run and nothing changed.',
      ),
    ).toBe(false);
  });
});

const findings = scan();
const kit = new Kit();
afterAll(() => kit.close(), 60_000);

interface Located<T> {
  item: T;
  place: Place;
}

/**
 * The findings each place names: the one line of its file that states a fact and contains its text, or
 * several lines that read the same (a diagram repeats an arrow).
 */
function locate<T extends { at: readonly Place[] }>(
  items: readonly T[],
): { found: Map<Finding, Located<T>[]>; problems: string[] } {
  const found = new Map<Finding, Located<T>[]>();
  const problems: string[] = [];
  for (const item of items)
    for (const place of item.at) {
      const [file, text] = place;
      const lines = findings.filter(
        (finding) =>
          finding.file === file &&
          (typeof text === 'string' ? finding.text.includes(text) : text.test(finding.text)),
      );
      if (lines.length === 0 || new Set(lines.map((line) => line.text)).size > 1) {
        problems.push(
          `${file}: ${lines.length === 0 ? 'no line that states a fact contains' : `${lines.length} different lines contain`} ${String(typeof text === 'string' ? JSON.stringify(text) : text)}` +
            ' (a line rewritten or moved: point the place in registry.ts at it again)',
        );
        continue;
      }
      for (const finding of lines) found.set(finding, [...(found.get(finding) ?? []), { item, place }]);
    }
  return { found, problems };
}

const claimed = locate(claims);
const setAside = locate(asides);
const stillWrong = locate(knownWrong);

/** A probe's facts for a line: measured once for each set of limits a line states, or each line it reads. */
const measurements = new Map<string, Promise<Facts>>();
function measure(probe: ProbeName, finding: Finding): Promise<Facts> {
  const stated = (unit: string) =>
    finding.tokens
      .filter((token) => token.kind === 'limit' && token.value.startsWith(`${unit}:`))
      .map((token) => Number(token.value.slice(unit.length + 1)));
  const key = probe.startsWith('line:')
    ? `${probe}\n${finding.text}`
    : `${probe}\n${JSON.stringify(['bytes', 'pieces'].map(stated))}`;
  let facts = measurements.get(key);
  if (!facts) {
    facts = probes[probe](kit, { text: finding.text, stated });
    measurements.set(key, facts);
  }
  return facts;
}

describe('every fact a page, a lab or a README states about the kit', () => {
  it('has each registered place on exactly one line that states a fact', () => {
    expect([...claimed.problems, ...setAside.problems, ...stillWrong.problems]).toEqual([]);
  });

  it.each(knownWrong.map((entry) => [entry.at[0]?.[0] ?? '', entry] as const))(
    '%s is still wrong as registered, until the change that rewrites it',
    async (_file, entry) => {
      for (const [finding, located] of stillWrong.found)
        for (const { item } of located.filter(({ item }) => item === entry)) {
          const measured: Measured[] = [];
          for (const probe of [item.probe].flat() as ProbeName[])
            measured.push({ probe, facts: await measure(probe, finding) });
          const problems = judge(finding, measured, []);
          expect(
            problems,
            `${finding.file}:${finding.line} now holds: move it from knownWrong to claims`,
          ).not.toEqual([]);
        }
    },
  );

  it.each(readerFiles())(
    '%s states only what the kit does, or cites its source',
    async (file) => {
      const problems: string[] = [];
      // One at a time: the probes share the servers and the stdio process, and the machine is shared too.
      for (const finding of findings.filter((candidate) => candidate.file === file)) {
        if (stillWrong.found.has(finding)) continue;
        const measured: Measured[] = [];
        for (const { item } of claimed.found.get(finding) ?? [])
          for (const probe of [item.probe].flat() as ProbeName[])
            measured.push({ probe, facts: await measure(probe, finding) });
        const here: AsideHere[] = (setAside.found.get(finding) ?? []).map(({ item }) => item);
        problems.push(...judge(finding, measured, here));
      }
      expect(problems, problems.length > 0 ? `\n${HOW_TO_HOLD}\n` : '').toEqual([]);
    },
    // A bound, not a speed claim: the refusals page alone sends some 250 MiB of refused bodies through one
    // process (client and server both), which took over a minute on two cores shared with a whole CI run.
    300_000,
  );
});
