import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PIPED_WIDTH, stringWidth } from '@memos-kit/terminal';
import { compareJson } from '@memos-kit/wire';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterAll, afterEach, describe, expect, it, type TestContext } from 'vitest';
import { pythonClient } from '../src/lessons/python-client.ts';
import { bytesOn } from '../src/lessons/python-pair.ts';
import { pythonServer } from '../src/lessons/python-server.ts';
import { messages } from '../src/messages.ts';
import { ARTICLE_CLIENT, ARTICLE_SERVER, findPython, type Python, RUNNABLE_CLIENT } from '../src/python.ts';
import { expectNoLeftovers, fixtureBytes, lessonContext, runScript } from './helpers.ts';

afterEach(expectNoLeftovers);

const python = findPython();
/** CI installs Python 3 (scripts/system-packages.mjs) and sets KIT_REQUIRE_PYTHON=1: there a missing one fails. */
const pythonRequired = process.env.KIT_REQUIRE_PYTHON === '1';
const WHY_SKIPPED =
  'no Python 3 on PATH (python3, python): the article’s Python programs cannot run here (CI installs it)';

/** The Python to run the article's programs with; without one the test is skipped, saying why (failed in CI). */
function needPython(test: TestContext): Python {
  if (python) return python;
  if (pythonRequired) throw new Error(`KIT_REQUIRE_PYTHON=1 but ${WHY_SKIPPED}`);
  return test.skip(WHY_SKIPPED);
}

/** Runs a Python program to its end, as `python3 file args…` from a terminal would, bounded. */
function runPython(py: Python, file: string, args: string[] = []) {
  const run = spawnSync(py.command, [...py.args, file, ...args], { encoding: 'utf8', timeout: 30_000 });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

/**
 * The lines where `after` differs from `before`, hunk by hunk (a longest common subsequence of lines): what
 * was removed and what was added in its place.
 */
function lineHunks(before: string[], after: string[]): { removed: string[]; added: string[] }[] {
  const common: number[][] = Array.from({ length: before.length + 1 }, () =>
    new Array<number>(after.length + 1).fill(0),
  );
  const at = (i: number, j: number) => common[i]?.[j] ?? 0;
  for (let i = before.length - 1; i >= 0; i--)
    for (let j = after.length - 1; j >= 0; j--) {
      const row = common[i] ?? [];
      row[j] = before[i] === after[j] ? at(i + 1, j + 1) + 1 : Math.max(at(i + 1, j), at(i, j + 1));
    }
  const hunks: { removed: string[]; added: string[] }[] = [];
  let hunk = { removed: [] as string[], added: [] as string[] };
  let [i, j] = [0, 0];
  while (i < before.length || j < after.length) {
    if (i < before.length && j < after.length && before[i] === after[j]) {
      if (hunk.removed.length + hunk.added.length > 0) hunks.push(hunk);
      hunk = { removed: [], added: [] };
      i++;
      j++;
    } else if (j >= after.length || (i < before.length && at(i + 1, j) >= at(i, j + 1))) {
      hunk.removed.push(before[i++] ?? '');
    } else {
      hunk.added.push(after[j++] ?? '');
    }
  }
  if (hunk.removed.length + hunk.added.length > 0) hunks.push(hunk);
  return hunks;
}

const MARK = /^(\s*)# 本套件改动 \/ kit change: \S/;

describe("the runnable copy of the article's programs (demos/stdio-pair/python)", () => {
  it('client.py differs from the article’s only where a line says it is the kit’s change', () => {
    const article = readFileSync(ARTICLE_CLIENT, 'utf8').split('\n');
    const runnable = readFileSync(RUNNABLE_CLIENT, 'utf8').split('\n');
    const hunks = lineHunks(article, runnable);
    // The smallest change: one place, one marked line replacing one line of the article.
    expect(hunks).toHaveLength(1);
    for (const { removed, added } of hunks) {
      const [marker = '', ...changed] = added;
      expect(marker, 'a change starts with its mark').toMatch(MARK);
      expect(changed).toHaveLength(removed.length);
      for (const [index, line] of changed.entries()) {
        const replaced = removed[index] ?? '';
        // The mark sits at the changed line's indent, and the article's behaviour stays the default.
        expect(line.match(/^\s*/)?.[0]).toBe(MARK.exec(marker)?.[1]);
        expect(line).toContain(replaced.trim().replace(/,$/, ''));
      }
    }
  });

  it('memo_stdio_demo.py is the article’s, byte for byte: it needs no change to run', () => {
    const copy = new URL('../python/memo_stdio_demo.py', import.meta.url);
    expect(readFileSync(copy)).toEqual(readFileSync(ARTICLE_SERVER));
  });

  it('the check above fails on a copy changed without its mark', () => {
    const article = readFileSync(ARTICLE_CLIENT, 'utf8').split('\n');
    const unmarked = article.map((line) => line.replace('timeout=5', 'timeout=50'));
    const [hunk] = lineHunks(article, unmarked);
    expect(hunk?.added[0]).not.toMatch(MARK);
  });
});

describe.skipIf(process.platform === 'win32')('finding Python 3 on PATH', () => {
  const dir = mkdtempSync(join(tmpdir(), 'kit-python-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  /** A stand-in interpreter that answers --version as the given Python would (Node, no shell). */
  const standIn = (folder: string, name: string, says: string) => {
    const file = join(dir, folder, name);
    mkdirSync(join(dir, folder), { recursive: true });
    writeFileSync(file, `#!${process.execPath}\nconsole.log(${JSON.stringify(says)});\n`);
    chmodSync(file, 0o755);
  };
  standIn('two', 'python3', 'pyenv: python3: command not found');
  standIn('two', 'python', 'Python 2.7.18');
  standIn('three', 'python', 'Python 3.12.3');
  standIn('first', 'python3', 'Python 3.13.1');

  it('takes python3, then python, and only a Python 3', () => {
    expect(findPython({ PATH: [join(dir, 'two'), join(dir, 'three')].join(':') })).toEqual({
      command: join(dir, 'three', 'python'),
      args: [],
      version: '3.12.3',
    });
    // python3 anywhere on PATH comes before a python earlier on it.
    expect(findPython({ PATH: [join(dir, 'three'), join(dir, 'first')].join(':') })?.command).toBe(
      join(dir, 'first', 'python3'),
    );
  });

  it('finds none where PATH has no Python 3', () => {
    expect(findPython({ PATH: join(dir, 'two') })).toBeUndefined();
    expect(findPython({ PATH: '' })).toBeUndefined();
  });
});

// Each run chains processes (client.py, the tap, Node, the server), one after another: on a busy machine a
// test takes more than the suite's 20 s, so these get a minute, still bounded.
describe("the article's Python programs", { timeout: 60_000 }, () => {
  it('as the article gives them, print the article’s two lines', (test) => {
    const py = needPython(test);
    const run = runPython(py, ARTICLE_CLIENT);
    expect(run).toEqual({
      code: 0,
      stdout: fixtureBytes('stdout').toString(),
      stderr: fixtureBytes('stderr').toString(),
    });
    // The runnable copy without `--` is the article's client: it starts the server beside it.
    expect(runPython(py, RUNNABLE_CLIENT)).toEqual(run);
  });

  it('python-server: the kit’s TypeScript client and the article’s Python server write the fixture’s bytes', async (test) => {
    needPython(test);
    const ctx = lessonContext('en');
    const outcome = await pythonServer.run(ctx);
    if (!outcome.python) throw new Error('the lesson found no Python');
    expect(outcome.same).toEqual([true, true, true, true]);
    expect(outcome.exit).toMatchObject({ code: 0, stoppedBy: 'eof' });
    expect(outcome.printed).toBe('{"memos": []}');
    // What an SDK client asks first ends the article's server, which answers nothing.
    expect(outcome.discover.error).toBe('Server closed stdout before sending a response');
    expect(outcome.discover.exit.code).toBe(1);
    expect(outcome.discover.stderr).toContain('ValueError: This demo only handles memo_list_memos');
    expect(ctx.lines.filter((line) => stringWidth(line) > PIPED_WIDTH)).toEqual([]);
  });

  it('python-client: the article’s client.py prints {"memos": []} from the pair’s server and the full MCP server', async (test) => {
    needPython(test);
    const ctx = lessonContext('en');
    const outcome = await pythonClient.run(ctx);
    if (!outcome.python) throw new Error('the lesson found no Python');
    const article = JSON.parse(fixtureBytes('response').toString());
    for (const run of [outcome.pair, outcome.full]) {
      expect(run.code, run.terminal).toBe(0);
      expect(run.stdout).toEqual(fixtureBytes('stdout'));
      expect(bytesOn(run.events ?? [], 0)).toEqual(fixtureBytes('request'));
      expect(compareJson(JSON.parse(bytesOn(run.events ?? [], 1).toString()), article, 'exact')).toEqual([]);
    }
    // The pair's server writes the article's bytes; the full one the same JSON value in other bytes.
    expect(bytesOn(outcome.pair.events ?? [], 1)).toEqual(fixtureBytes('response'));
    expect(bytesOn(outcome.full.events ?? [], 1)).not.toEqual(fixtureBytes('response'));
    // Where they part, as DIFFERENCES.md and the stdio page say: the key order, and the text's spacing.
    const full = JSON.parse(bytesOn(outcome.full.events ?? [], 1).toString());
    expect(Object.keys(full)).toEqual(['result', 'jsonrpc', 'id']);
    expect(full.result.content[0].text).toBe('{"memos":[]}');
    expect(outcome.full.terminal).toContain('memos-mcp: serving 20 tools over stdio (dataset empty)');
    expect(ctx.output().replace(/\n\s+/g, ' ')).toContain('other bytes, the same JSON value');
    // The command the lesson shows is what runs, and what the README and the stdio page (zh+en) name.
    const fullCommand =
      'packages/entry-bundle/src/launch.mjs packages/memos-mcp/src/stdio.ts --dataset empty';
    expect(ctx.output().replace(/\n\s+/g, ' ')).toContain(`python/client.py -- node ${fullCommand}`);
    expect(readFileSync(new URL('../README.md', import.meta.url), 'utf8')).toContain(
      `python3 demos/stdio-pair/python/client.py -- node ${fullCommand}`,
    );
    for (const page of ['../../../docs/guide/stdio.md', '../../../docs/en/guide/stdio.md']) {
      const text = readFileSync(new URL(page, import.meta.url), 'utf8');
      for (const file of fullCommand.split(' ').slice(0, 2)) expect(text).toContain(`\`${file}\``);
    }
    expect(ctx.lines.filter((line) => stringWidth(line) > PIPED_WIDTH)).toEqual([]);
  });

  it('python-client with the trace off: no tap between them, the same two answers', async (test) => {
    needPython(test);
    const outcome = await pythonClient.run(lessonContext('zh', false));
    if (!outcome.python) throw new Error('the lesson found no Python');
    for (const run of [outcome.pair, outcome.full]) {
      expect(run.events).toBeUndefined();
      expect(run.code, run.terminal).toBe(0);
      expect(run.stdout).toEqual(fixtureBytes('stdout'));
    }
    // The kit's full server speaks the class's language in its log, as pnpm mcp:stdio does.
    expect(outcome.full.terminal).toContain('memos-mcp: 通过 stdio 提供 20 个工具');
  });

  it('an SDK client (pinned to 2026-07-28) gets nowhere with the article’s server: it asks server/discover first', async (test) => {
    const py = needPython(test);
    const client = new Client(
      { name: 'memos-kit-test', version: '1.0.0' },
      { versionNegotiation: { mode: { pin: '2026-07-28' } } },
    );
    const transport = new StdioClientTransport({
      command: py.command,
      args: [...py.args, ARTICLE_SERVER],
      stderr: 'ignore',
    });
    try {
      await expect(client.connect(transport)).rejects.toThrow(/server\/discover/);
    } finally {
      await client.close();
      await transport.close();
    }
  });
});

describe('without Python', () => {
  const empty = mkdtempSync(join(tmpdir(), 'kit-no-python-'));
  afterAll(() => rmSync(empty, { recursive: true, force: true }));

  it.each(['python-server', 'python-client'])(
    '--lesson %s says so in one line and ends with 0',
    async (lesson) => {
      for (const lang of ['zh', 'en'] as const) {
        const run = await runScript('demo.ts', ['--lesson', lesson, '--lang', lang], { PATH: empty });
        expect(run.code, run.output).toBe(0);
        const said = messages.t(lang, 'noPython');
        expect(run.stdout.split('\n').filter((line) => line === said)).toHaveLength(1);
        expect(stringWidth(said)).toBeLessThanOrEqual(PIPED_WIDTH);
        expect(run.stdout).not.toContain('$ ');
      }
    },
  );
});
