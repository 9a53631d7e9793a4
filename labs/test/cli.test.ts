// `pnpm lab` as a learner uses it, on a copy of the labs (KIT_LAB_WORKDIR), so progress, hints and resets
// never touch the repository.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runEntry } from '@memos-kit/process';
import { stringWidth } from '@memos-kit/terminal';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findLab, type Lab, labsDir, ladders, loadLabs } from '../src/catalog.ts';
import { readCommitted } from '../src/committed.ts';
import { checkProgress } from '../src/report.ts';
import { makeWorkdir, type Workdir } from './support/workdir.ts';

const CLI = join(labsDir, 'src', 'cli.ts');
let work: Workdir;
const lab = (args: string[]) =>
  runEntry(CLI, { args, env: { KIT_LAB_WORKDIR: work.root }, timeoutMs: 60_000 });

beforeAll(async () => {
  work = await makeWorkdir('starter');
});
afterAll(() => work.remove());

describe('pnpm lab', () => {
  it('lists every lab in Chinese by default and in English with --lang en, with time and state', async () => {
    const [zh, en] = await Promise.all([lab([]), lab(['--lang', 'en'])]);
    expect(zh.code).toBe(0);
    expect(zh.stdout).toContain(`工作坊练习：${loadLabs().length} 个`);
    expect(zh.stdout).toContain('15 分钟');
    for (const { id, title } of loadLabs()) {
      expect(zh.stdout).toContain(title.zh);
      expect(en.stdout).toContain(title.en);
      expect(en.stdout).toContain(id);
    }
    expect(en.stdout).toContain('to do');
    expect(en.stdout).not.toMatch(/\p{Script=Han}/u);
  });

  it('--list --json gives ids, titles and {starter, solution} pairs from the repository root', async () => {
    const run = await lab(['--list', '--json']);
    const list = JSON.parse(run.stdout) as Array<{
      id: string;
      title: { zh: string; en: string };
      starter: Array<{ starter: string; solution: string }>;
    }>;
    expect(list.map((entry) => entry.id)).toEqual(loadLabs().map((entry) => entry.id));
    for (const entry of list) {
      expect(entry.title.zh && entry.title.en).toBeTruthy();
      for (const pair of entry.starter) {
        expect(pair.starter).toMatch(/^labs\/\d\d-[a-z-]+\/starter\//);
        expect(pair.solution).toBe(pair.starter.replace('/starter/', '/solution/'));
      }
    }
  });

  it('on a starter: exit 1, the step that failed, what is wrong and what came, and a hint pointing to the article and docs', async () => {
    const run = await lab(['two-messages', '--lang', 'en']);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('✗ rest.http has the article’s request line');
    expect(run.stdout).toContain('· pageSize: missing\n    · filter: missing');
    expect(run.stdout).toMatch(/got:\n\s+GET \/api\/v1\/memos HTTP\/1\.1/);
    // The article's request line is the answer: it is not printed before the hints are all out.
    expect(run.stdout).not.toContain('pageSize=1');
    expect(run.stdout).not.toContain('expected:');
    expect(run.stdout).toContain('The full expected value shows once you have seen every hint');
    expect(run.stdout).toContain('section 1 of the article');
    expect(run.stdout).toContain('docs/en/labs/two-messages.md');
    // Piped, no status line while the checks run: stderr stays empty.
    expect(run.stderr).toBe('');
  });

  it('says “(none)” and the like in the learner’s language, where a failure shows a missing value', async () => {
    const [zh, en] = await Promise.all([lab(['sse-parser']), lab(['sse-parser', '--lang', 'en'])]);
    expect(zh.code).toBe(1);
    expect(zh.stdout).toContain('id: （没有）');
    expect(en.stdout).toContain('id: (none)');
    // The checks' markers for those words never reach the learner.
    for (const run of [zh, en]) expect(run.stdout).not.toMatch(/[\uE000\uE001]/);
  });

  it('on a terminal, names each check as it starts on one status line, and erases it at the end', () => {
    const written: string[] = [];
    const terminal = { isTTY: true, columns: 30, write: (text: string) => written.push(text) };
    const status = checkProgress('en', terminal);
    status.onCheck('The answer arrives while stdin is still open');
    status.onCheck('One line is one whole message');
    status.done();
    status.done();
    expect(written).toEqual([
      '\r\u001b[KChecking: The answer arrives…',
      '\r\u001b[KChecking: One line is one…',
      '\r\u001b[K',
    ]);
    for (const line of written) expect(stringWidth(line.replace('\r\u001b[K', ''))).toBeLessThan(30);

    const piped: string[] = [];
    const quiet = checkProgress('zh', { write: (text: string) => piped.push(text) });
    quiet.onCheck('任何检查');
    quiet.done();
    expect(piped).toEqual([]);
  });

  it('--json gives one result per check', async () => {
    const run = await lab(['8', '--json']);
    expect(run.code).toBe(1);
    const result = JSON.parse(run.stdout) as {
      id: string;
      ok: boolean;
      checks: Array<{ id: string; status: string; expected?: string }>;
    };
    expect(result.id).toBe('hateoas-menu');
    expect(result.checks.map((check) => check.id)).toEqual([
      'everyState',
      'linksOnly',
      'followLink',
      'versusTools',
      'ownImports',
    ]);
    expect(result.checks.map((check) => check.status)).toEqual(['fail', 'skip', 'skip', 'skip', 'skip']);
    expect(result.checks[0]?.expected).toContain('refund');
  });

  it('--solution checks the reference solution and passes', async () => {
    const run = await lab(['hateoas-menu', '--solution', '--lang', 'en']);
    expect(run.code, run.stdout).toBe(0);
    // After the article's last lab comes the build track.
    expect(run.stdout).toContain('Next lab: pnpm lab 9');
  });

  it('shows the expected value it kept back once the last hint is out', async () => {
    // Before that, the test above sees it kept back; climbing the ladder runs no check, so it is quick.
    for (const _ of Object.values(ladders(loadLabs()[0] as Lab)).flat())
      await lab(['1', '--hint', '--lang', 'en']);
    const after = await lab(['1', '--lang', 'en']);
    expect(after.stdout).toMatch(
      /expected:\n\s+GET \/api\/v1\/memos\?pageSize=1&filter=visibility\+%21%3D\+%22PRIVATE%22 HTTP\/1\.1/,
    );
    expect(after.stdout).not.toContain('The full expected value shows');
  });

  it('--hint climbs the ladder one rung per call', async () => {
    const first = await lab(['3', '--hint', '--lang', 'en']);
    const second = await lab(['3', '--hint', '--lang', 'en']);
    expect(first.stdout).toContain('1/4');
    expect(first.stdout).not.toContain('2/4');
    expect(second.stdout).toContain('2/4');
    expect(second.stdout).not.toContain('3/4');
  });

  it('--hint on a lab with a ladder per step climbs the ladder of the step the last run stopped at', async () => {
    const stdioServer = findLab('stdio-server') as Lab;
    const ladder = ladders(stdioServer);
    // Before any run: the lab's first step.
    const early = await lab(['9', '--hint', '--lang', 'en']);
    expect(early.stdout).toContain(`1/4  ${ladder.serve?.[0]?.en.split(' ').slice(0, 6).join(' ')}`);
    expect(early.stdout).toContain('(serve, the first step)');
    expect(early.stdout).not.toContain('stopped');
    // The starter stops at tools/list (step `tools`); the failure says where the hints for it stand.
    const run = await lab(['9', '--lang', 'en']);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('✗ tools/list has list_memos and create_memo');
    expect(run.stdout).toMatch(/Sent\n\s+\{"jsonrpc":"2\.0","id":\d+,"method":"tools\/list"/);
    expect(run.stdout.replace(/\s+/g, ' ')).toContain(
      'You have seen 0/4 hints for this step (tools): pnpm lab stdio-server --hint gives the next.',
    );
    const first = await lab(['9', '--hint', '--lang', 'en']);
    const second = await lab(['9', '--hint', '--lang', 'en']);
    expect(first.stdout).toContain('(tools, the step you last stopped at)');
    expect(first.stdout).toContain(`1/4  ${ladder.tools?.[0]?.en.split(' ').slice(0, 6).join(' ')}`);
    expect(first.stdout).not.toContain('2/4');
    expect(second.stdout).toContain(`2/4  ${ladder.tools?.[1]?.en.split(' ').slice(0, 6).join(' ')}`);
    // The rung counts of one step do not move another's.
    const serve = JSON.parse(readFileSync(join(work.root, '.progress.json'), 'utf8'))['stdio-server'];
    expect(serve).toMatchObject({ lastTopic: 'tools', topics: { serve: 1, tools: 2 } });
  });

  it('--hint after a run where every check passed does not say the learner stopped anywhere', async () => {
    const bearer = findLab('bearer-auth') as Lab;
    const first = Object.keys(ladders(bearer))[0];
    // What `pnpm lab 13` leaves after a failing run and then a passing one: passed, no step stopped at.
    const path = join(work.root, '.progress.json');
    const progress = (existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : {}) as Record<
      string,
      unknown
    >;
    progress[bearer.id] = { passedAt: new Date().toISOString(), topics: { verify: 2 } };
    writeFileSync(path, `${JSON.stringify(progress, null, 2)}\n`);
    for (const [lang, words] of [
      ['en', `(${first}, the first step; every check passed in your last run)`],
      ['zh', `（${first}，第一步；你上次运行检查时每一项都通过了）`],
    ] as const) {
      const run = await lab(['13', '--hint', '--lang', lang]);
      expect(run.code).toBe(0);
      expect(run.stdout).toContain(words);
      expect(run.stdout).not.toMatch(/stopped at|停在/);
    }
  });

  it('--diff and --reset ask first; with no terminal they need --yes', async () => {
    for (const flag of ['--diff', '--reset']) {
      const run = await lab(['1', flag, '--lang', 'en']);
      expect(run.code).toBe(2);
      expect(run.stderr).toContain('--yes');
    }
  });

  it('--diff --yes shows the learner’s lines against the solution’s', async () => {
    const run = await lab(['6', '--diff', '--yes', '--lang', 'en']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('- process.stdout.cork();');
    expect(run.stdout).toContain("+   console.error('server: received tools/call');");
  });

  it('--reset --yes restores the committed starter', async () => {
    const file = join(work.root, '01-two-messages', 'starter', 'rest.http');
    const committed = await readCommitted(work.root, ['01-two-messages/starter/rest.http']);
    if (committed.from !== 'git') throw new Error('the test checkout has no git');
    writeFileSync(file, 'GET /learner-was-here HTTP/1.1\n');
    const run = await lab(['1', '--reset', '--yes', '--lang', 'en']);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toContain('Restored: rest.http, mcp.http');
    expect(readFileSync(file, 'utf8')).toBe(committed.files.get('01-two-messages/starter/rest.http'));
    expect(readFileSync(file, 'utf8')).toContain('GET /api/v1/memos HTTP/1.1');
  });

  it('--reset --yes without git says what to do instead, exit 1, and leaves the file alone', async () => {
    const file = join(work.root, '02-discover-list-call', 'starter', 'client.ts');
    writeFileSync(file, '// the learner was here\n');
    const run = await runEntry(CLI, {
      args: ['2', '--reset', '--yes', '--lang', 'en'],
      env: { KIT_LAB_WORKDIR: work.root, PATH: join(work.root, 'no-such-dir') },
    });
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(
      'Cannot restore: git was not found. Copy labs/02-discover-list-call/starter/ again',
    );
    expect(readFileSync(file, 'utf8')).toBe('// the learner was here\n');
  });

  it('an unknown lab is a usage error', async () => {
    const run = await lab(['no-such-lab', '--lang', 'en']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('no lab "no-such-lab"');
  });
});
