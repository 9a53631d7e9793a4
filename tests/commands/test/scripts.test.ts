// Every root script, run through pnpm as the README tells a student to, in a quick mode: servers start and
// answer, demos end with 0 in both languages, the benchmarks run a tiny round. A script added to
// package.json without a smoke test here, or a reason it needs none, fails the first test.
import { join } from 'node:path';
import { listeningAddresses, portIsClosed } from '@memos-kit/process';
import { stringWidth } from '@memos-kit/terminal';
import { describe, expect, it } from 'vitest';
import { quickDemos, serveAnswers, stdioAnswers } from './answers.ts';
import { type PnpmRun, root, rootScripts, runScript, startScript } from './pnpm.ts';

const servers = ['serve', 'mcp:stdio', 'playground', 'replay', 'docs:preview'];
/**
 * Commands that answer and end: the labs, the labs' MCP tutor (tested through the SDK in labs/), preflight,
 * connect (its configurations are started and called in packages/connect) and the quiz.
 */
const classroom = ['lab', 'lab:mcp', 'preflight', 'connect', 'quiz'];
const commands = [...Object.keys(quickDemos), ...servers, ...classroom];

/** Scripts with no smoke test here, and why none is needed. */
const exempt: Record<string, string> = {
  bench: 'run below with a tiny round; it has no --help of its own (pnpm -r runs two benches)',
  'docs:dev':
    "VitePress's own dev server (its help is VitePress's); loopback.test.ts starts it and checks where it listens",
  'docs:build':
    'pnpm test runs the same build (turbo @memos-kit/docs#build); the browser test checks every page and link of it',
  lint: 'pnpm test runs it (turbo //#lint), in CI on every push',
  format: 'lint checks the same Biome rules; format only writes what lint reports',
  typecheck: 'pnpm test runs it (turbo //#typecheck, one program over every package), in CI on every push',
  test: 'is CI itself; this test runs inside it',
  'lint:deps': 'pnpm test runs it (turbo //#lint:deps), in CI on every push',
  'lint:cycles': 'pnpm test runs it (turbo //#lint:cycles), in CI on every push',
  prepare:
    'pnpm install runs it (a lifecycle script); packages/entry-bundle tests the bundles it makes and their staleness check',
};

const ESC = '\u001b[';
const HAN = /\p{Script=Han}/gu;
const hanCount = (text: string) => text.match(HAN)?.length ?? 0;

/** Piped output as the issue asks of every command: no escape codes, at most 100 columns. */
function expectPlainPipedText(text: string, label: string): void {
  expect(text.includes(ESC), `${label}: escape codes in piped output`).toBe(false);
  const wide = text.split('\n').filter((line) => stringWidth(line) > 100);
  expect(wide, `${label}: lines wider than 100 columns`).toEqual([]);
}

describe('the root scripts', () => {
  it('each one is smoke-tested here or exempt with a reason', () => {
    const tested = new Set(commands);
    for (const name of Object.keys(rootScripts)) {
      expect(tested.has(name) || name in exempt, `${name} has no smoke test`).toBe(true);
    }
    for (const name of [...tested, ...Object.keys(exempt)]) expect(rootScripts, name).toHaveProperty(name);
  });
});

// A command's three checks run side by side: each waits on its own processes, and they share no state.
describe.concurrent.each(commands)('pnpm run %s', (script) => {
  it('--help in Chinese by default and in English with --lang en, on stdout, exit 0', async () => {
    const zh = await runScript(script, ['--help']);
    const en = await runScript(script, ['--help', '--lang', 'en']);
    expect(zh.code, zh.stderr).toBe(0);
    expect(en.code, en.stderr).toBe(0);
    expect(zh.stdout).toContain(`pnpm ${script}`);
    expect(en.stdout).toMatch(new RegExp(`Usage: pnpm ${script} (SOURCE )?\\[options\\]`));
    expect(hanCount(zh.stdout)).toBeGreaterThan(20);
    expect(hanCount(en.stdout)).toBe(0);
    expectPlainPipedText(zh.stdout, `${script} --help`);
  }, 60_000);

  it('--version names the kit and the protocol, exit 0', async () => {
    const run = await runScript(script, ['--version']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/\d+\.\d+\.\d+/);
    expect(run.stdout).toContain('2026-07-28');
  }, 60_000);

  it('a wrong option is one line and exit 2', async () => {
    const run = await runScript(script, ['--no-such-option']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--no-such-option');
  }, 60_000);
});

describe.each(Object.entries(quickDemos))('pnpm run %s %s', (script, quick) => {
  // Both languages run once, side by side, when the first test asks; each test judges one property, so a
  // failure in one does not hide the others.
  let started: Promise<{ zh: PnpmRun; en: PnpmRun }> | undefined;
  const both = () => {
    started ??= Promise.all([
      runScript(script, [...quick, '--lang', 'zh']),
      runScript(script, [...quick, '--lang', 'en']),
    ]).then(([zh, en]) => ({ zh, en }));
    return started;
  };

  it('ends with 0 with --lang zh and with --lang en', async () => {
    const { zh, en } = await both();
    for (const run of [zh, en]) expect(run.code, `${run.stdout}\n${run.stderr}`).toBe(0);
  }, 120_000);

  it('speaks the language asked for: Chinese narration with zh, none with en', async () => {
    const { zh, en } = await both();
    // The wire and the data stay as they are (the workshop data has Chinese names); the narration changes.
    expect(zh.stdout).not.toBe(en.stdout);
    expect(hanCount(zh.stdout)).toBeGreaterThan(hanCount(en.stdout) + 20);
  }, 120_000);

  it('piped, prints no escape codes and no line over 100 columns', async () => {
    for (const [lang, run] of Object.entries(await both())) {
      expectPlainPipedText(run.stdout, `${script} --lang ${lang}`);
    }
  }, 120_000);
});

describe.each(['demo', 'demo:features', 'demo:hateoas'])('pnpm run %s, one step at a time', (script) => {
  it('--list numbers the steps; --step 2 shows the second and not the first', async () => {
    const list = await runScript(script, ['--list', '--lang', 'en']);
    expect(list.code, list.stderr).toBe(0);
    // " 1. title", and in the tour "  [§3.1]" after it.
    const titles = [...list.stdout.matchAll(/^ ?(\d+)\. (.+?)(?: {2}\[§[\d.]+\])?$/gm)].map(
      (m) => m[2] ?? '',
    );
    expect(titles.length).toBeGreaterThan(5);
    const second = await runScript(script, [...(quickDemos[script] ?? []), '--step', '2', '--lang', 'en']);
    expect(second.code, `${second.stdout}\n${second.stderr}`).toBe(0);
    expect(second.stdout).toContain(titles[1]);
    expect(second.stdout).not.toContain(titles[0]);
  }, 120_000);
});

describe('arguments after `--`', () => {
  // pnpm 12 hands the `--` itself to the script; a student who learned `npm run x -- args` types it.
  it('pnpm run <command> -- --version works like pnpm run <command> --version', async () => {
    for (const script of commands) {
      const run = await runScript(script, ['--', '--version']);
      expect(run.code, `${script}: ${run.stderr}`).toBe(0);
      expect(run.stdout).toContain('2026-07-28');
    }
  }, 120_000);
});

describe('pnpm run serve', () => {
  let banner = '';

  it('starts on a free port, answers its index, REST and MCP, and stops on Ctrl-C', async () => {
    banner = (await serveAnswers()).stdout;
  }, 60_000);

  it('prints a banner, piped, with no escape codes and no line over 100 columns', () => {
    expect(banner).toContain('127.0.0.1');
    expectPlainPipedText(banner, 'serve banner');
  });
});

describe('pnpm run playground', () => {
  it('starts the server and the docs site, wired by CORS, prints both addresses, and stops both on Ctrl-C', async () => {
    // --dev: the VitePress dev server whether or not a fresh build exists (docs/test starts the built one).
    const run = startScript('playground', [
      '--dev',
      '--port',
      '0',
      '--docs-port',
      '0',
      '--dataset',
      'empty',
      '--lang',
      'en',
    ]);
    try {
      const banner = await run.waitFor(/Ctrl-C/, { timeoutMs: 90_000 });
      expectPlainPipedText(banner, 'playground banner');
      const page = /Playground page\s+(http:\/\/127\.0\.0\.1:\d+\/en\/playground\.html\?server=(\S+))/.exec(
        banner,
      );
      const pageUrl = new URL(page?.[1] ?? '');
      const serverUrl = page?.[2] ?? '';
      expect((await fetch(pageUrl)).status).toBe(200);
      // Both on loopback alone, as the kernel sees them (where it can be asked).
      for (const port of [pageUrl.port, new URL(serverUrl).port]) {
        expect(listeningAddresses(Number(port)) ?? ['127.0.0.1']).toEqual(['127.0.0.1']);
      }
      // The server lets the docs origin in (a preflight as the browser sends it) and names it, never `*`.
      const preflight = await fetch(`${serverUrl}/mcp`, {
        method: 'OPTIONS',
        headers: {
          Origin: pageUrl.origin,
          'Access-Control-Request-Method': 'POST',
          'Access-Control-Request-Headers': 'content-type, mcp-method',
        },
      });
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get('access-control-allow-origin')).toBe(pageUrl.origin);
      await run.interrupt();
      expect(await portIsClosed(Number(pageUrl.port))).toBe(true);
      expect(await portIsClosed(Number(new URL(serverUrl).port))).toBe(true);
    } finally {
      await run.interrupt(1_000);
    }
  }, 120_000);
});

describe('pnpm run mcp:stdio', () => {
  it("answers the article's stdio request with the article's line, logs on stderr, ends when stdin ends", async () => {
    await stdioAnswers();
  }, 60_000);
});

describe('pnpm run replay', () => {
  it("serves the article's fixtures as a mock on a free port, answers a recorded request, stops on Ctrl-C", async () => {
    const replay = startScript('replay', ['fixtures', '--port', '0', '--pace', 'fast', '--lang', 'en']);
    try {
      const banner = await replay.waitFor(/http:\/\/127\.0\.0\.1:\d+/);
      expectPlainPipedText(banner, 'replay banner');
      const url = /http:\/\/127\.0\.0\.1:\d+/.exec(banner)?.[0] ?? '';
      const rest = await fetch(`${url}/api/v1/memos?pageSize=1&filter=visibility+%21%3D+%22PRIVATE%22`);
      expect(rest.status).toBe(200);
      await replay.interrupt();
      expect(await portIsClosed(Number(new URL(url).port))).toBe(true);
    } finally {
      await replay.interrupt(1_000);
    }
  }, 60_000);

  it('exports a recording as a mermaid diagram, and names the line of a broken file', async () => {
    const diagram = await runScript('replay', ['fixtures', '--export', 'mermaid']);
    expect(diagram.code, diagram.stderr).toBe(0);
    expect(diagram.stdout).toMatch(/^sequenceDiagram\n/);
    const broken = await runScript('replay', ['fixtures/manifest.json', '--lang', 'en']);
    expect(broken.code).toBe(1);
    expect(broken.stderr).toMatch(/manifest\.json, line 1: /);
  }, 60_000);
});

describe('pnpm run bench', () => {
  it('runs a tiny round of every benchmark and ends with 0', async () => {
    // No cold starts (BENCH_COLD_ROUNDS=0): they spawn every demo and server again, over half this run's CPU, and
    // packages/memos-mcp/test/bench.test.ts already runs them and checks their rows; this checks the wiring.
    const run = await runScript('bench', [], {
      env: {
        BENCH_ROUNDS: '20',
        BENCH_WARMUP: '5',
        BENCH_THROUGHPUT_CALLS: '40',
        BENCH_COLD_ROUNDS: '0',
        KIT_LANG: 'en',
      },
      timeoutMs: 180_000,
    });
    expect(run.code, `${run.stdout}\n${run.stderr}`).toBe(0);
    expect(run.stdout).toContain('ListMemos');
    expect(run.stdout).toMatch(/MCP \/ REST/);
  }, 200_000);
});

describe('the classroom commands', () => {
  it('pnpm lab lists the labs in Chinese, in English with --lang en, and as JSON', async () => {
    const [zh, en, json] = await Promise.all([
      runScript('lab', []),
      runScript('lab', ['--lang', 'en']),
      runScript('lab', ['--list', '--json']),
    ]);
    for (const run of [zh, en, json]) expect(run.code, run.stderr).toBe(0);
    const labs = JSON.parse(json.stdout) as Array<{ id: string; title: { zh: string; en: string } }>;
    expect(labs.length).toBeGreaterThanOrEqual(8);
    for (const lab of labs) {
      expect(zh.stdout).toContain(lab.title.zh);
      expect(en.stdout).toContain(lab.title.en);
    }
    expectPlainPipedText(zh.stdout, 'lab');
    expect(hanCount(en.stdout)).toBe(0);
  }, 60_000);

  it('pnpm lab <id> --solution passes with exit 0', async () => {
    const run = await runScript('lab', ['sse-parser', '--solution', '--lang', 'en']);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    // The summary counts the ticks above it, however many checks the lab has.
    const ticks = run.stdout.match(/^ {2}✓ /gm)?.length ?? 0;
    expect(ticks).toBeGreaterThan(0);
    expect(run.stdout).toContain(`All ${ticks} checks pass.`);
  }, 60_000);

  it("pnpm connect lists its hosts in both languages and as JSON, and prints one host's configuration", async () => {
    const [zh, en, json, cursor] = await Promise.all([
      runScript('connect', []),
      runScript('connect', ['--lang', 'en']),
      runScript('connect', ['--list', '--json']),
      runScript('connect', ['cursor', '--json']),
    ]);
    for (const run of [zh, en, json, cursor]) expect(run.code, run.stderr).toBe(0);
    const hosts = JSON.parse(json.stdout) as Array<{ id: string; name: string }>;
    expect(hosts.length).toBeGreaterThanOrEqual(10);
    for (const host of hosts) {
      expect(zh.stdout).toContain(host.id);
      expect(en.stdout).toContain(host.name);
    }
    expectPlainPipedText(zh.stdout, 'connect');
    expect(hanCount(en.stdout)).toBe(0);
    // The host starts the entry with Node itself, by absolute paths: no pnpm, npx or shell in between.
    const { entry } = JSON.parse(cursor.stdout) as { entry: { command: string; args: string[] } };
    expect(entry.command).toBe(process.execPath);
    expect(entry.args.at(-1)).toBe(join(root, 'packages', 'memos-mcp', 'src', 'stdio.ts'));
  });

  it('pnpm quiz asks a section’s questions from a pipe, says right or wrong, and --json collects the answers', async () => {
    const asked = await runScript('quiz', ['2'], { input: 'x\na\nc\n' });
    expect(asked.code, asked.stderr).toBe(0);
    expect(asked.stdout).toContain('✓ 答对了');
    expect(asked.stdout).toContain('✗ 答案是 B.');
    expect(asked.stdout).toContain('答对 1/3 题');
    expectPlainPipedText(asked.stdout, 'quiz 2');
    const collected = await runScript('quiz', ['6', '--answers', 'b,c,a,b', '--json', '--lang', 'en']);
    expect(collected.code, collected.stderr).toBe(0);
    expect(hanCount(collected.stderr)).toBe(0);
    const record = JSON.parse(collected.stdout.slice(collected.stdout.indexOf('{'))) as {
      section: string;
      answers: { given: string | null; right: boolean }[];
      right: number;
      total: number;
    };
    expect(record).toMatchObject({ section: '6', right: 3, total: 4 });
    expect(record.answers.map((answer) => answer.given)).toEqual(['B', 'C', 'A', 'B']);
    const wrongSection = await runScript('quiz', ['12', '--lang', 'en']);
    expect(wrongSection.code).toBe(2);
    expect(wrongSection.stderr).toContain('there is no section 12');
  }, 60_000);

  it('pnpm preflight prints one line per item and names pnpm, which runs it', async () => {
    const run = await runScript('preflight', ['--lang', 'en']);
    expect(run.stdout).toMatch(/Node \d+\.\d+\.\d+/);
    expect(run.stdout).toMatch(/✓ pnpm 12\./);
    expect(run.stdout).toMatch(/port 5230/);
    expectPlainPipedText(run.stdout, 'preflight');
  }, 60_000);
});
