import { readdirSync, readFileSync } from 'node:fs';
import { type RunningEntry, runEntry, startEntry } from '@memos-kit/process';
import {
  catalogProblems,
  formatHelp,
  PIPED_WIDTH,
  parseCommand,
  stringWidth,
  UsageError,
} from '@memos-kit/terminal';
import { afterEach, describe, expect, it } from 'vitest';
import { parts } from '../src/demo/walk.ts';
import { messages } from '../src/messages.ts';
import { demoSpec, serveSpec } from '../src/options.ts';

const demo = new URL('../src/demo.ts', import.meta.url);
const serve = new URL('../src/serve.ts', import.meta.url);

// NO_COLOR and KIT_LANG from the shell that runs the tests must not change what the tests see.
const env = { NO_COLOR: '', FORCE_COLOR: '', KIT_LANG: '' };

const running = new Set<RunningEntry>();
afterEach(async () => {
  await Promise.all([...running].map((entry) => entry.stop({ signal: 'SIGKILL' })));
  running.clear();
});

describe('pnpm demo:hateoas', () => {
  it('walks the scenario non-interactively and exits 0', async () => {
    const run = await runEntry(demo, { args: ['--lang', 'en', '--no-color'], env, input: '' });
    const output = run.stdout + run.stderr;
    expect(output).not.toMatch(/✗|Check failed/);
    expect(run.code).toBe(0);
    const order = [
      'GET /orders/123 HTTP/1.1',
      'same JSON as the article',
      'POST /orders/123/payment HTTP/1.1',
      '· refund',
      'POST /orders/123/cancellation HTTP/1.1',
      'HTTP/1.1 409 Conflict',
      'Content-Type: application/problem+json',
      'Mcp-Method: tools/list',
      'Mcp-Name: order_pay',
      'The catalogue is identical',
      'Mcp-Name: order_cancel',
      '"isError": true',
      'Mcp-Name: order_refund',
      'GET /api/v1/memos/lunch-poll HTTP/1.1',
      'Content-Type: application/hal+json',
      '"edit": { "href": "/api/v1/memos/lunch-poll" }',
      'Mcp-Name: memo_get_memo',
      'Mcp-Name: memo_update_memo',
      '"text": "403 Forbidden: permission denied"',
    ];
    // Each marker must appear after the one before it: the steps run in the article's order.
    let from = 0;
    for (const marker of order) {
      const at = output.indexOf(marker, from);
      expect(at, `"${marker}" missing or out of order`).toBeGreaterThanOrEqual(0);
      from = at + marker.length;
    }
    // No colour codes with --no-color.
    expect(output).not.toContain('\u001b[');
    // The narration wraps to the piped width; only the wire (start lines, headers, bodies) is shown as sent.
    let inWire = false;
    const shown = output.split('\n').filter((line) => {
      // A message starts with its arrow; its headers and body follow, indented by four.
      inWire = /^ {2}[→←] /.test(line) || (inWire && line.startsWith('    '));
      return !inWire;
    });
    expect(shown.filter((line) => stringWidth(line) > PIPED_WIDTH)).toStrictEqual([]);
  });

  it('narrates in Chinese by default, with KIT_LANG=en in English', async () => {
    const zh = await runEntry(demo, { env, input: '' });
    expect(zh.code).toBe(0);
    expect(zh.stdout).toContain(messages.t('zh', 'title'));
    expect(zh.stdout).toContain(messages.t('zh', 'listSame'));
    const en = await runEntry(demo, { env: { ...env, KIT_LANG: 'en' }, input: '' });
    expect(en.stdout).toContain(messages.t('en', 'title'));
  });

  it('takes a class through the menu with --interactive and stops at end of input', async () => {
    const run = await runEntry(demo, {
      args: ['--interactive', '--lang', 'en', '--no-color'],
      env,
      input: '1\n2\nm\n3\n',
    });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('POST /orders/123/payment HTTP/1.1');
    expect(run.stdout).toContain('HTTP/1.1 409 Conflict');
    expect(run.stdout).toContain('Mcp-Name: order_cancel');
  });

  it('refuses an unknown option in one line, in the language asked for, with exit code 2', async () => {
    const zh = await runEntry(demo, { args: ['--fast'], env, input: '' });
    expect(zh.code).toBe(2);
    expect(zh.stdout).toBe('');
    expect(zh.stderr).toMatch(/^pnpm demo:hateoas: [^\n]+\n查看用法：pnpm demo:hateoas --help\n$/);
    const en = await runEntry(demo, { args: ['--lang', 'en', '--fast'], env, input: '' });
    expect(en.stderr).toMatch(/^pnpm demo:hateoas: [^\n]+\nSee pnpm demo:hateoas --help\n$/);
  });

  it('answers --help in either language from its option table, and --version', async () => {
    for (const lang of ['zh', 'en'] as const) {
      const { code, stdout } = await runEntry(demo, { args: ['--help', '--lang', lang], env, input: '' });
      expect(code).toBe(0);
      expect(stdout).toBe(`${formatHelp(demoSpec, lang, PIPED_WIDTH)}\n`);
      for (const option of ['--list', '--step N', '--interactive', '--lang', '--[no-]color', '--version'])
        expect(stdout).toContain(option);
    }
    const version = await runEntry(demo, { args: ['--version'], env, input: '' });
    expect(version.code).toBe(0);
    expect(version.stdout).toMatch(/^pnpm demo:hateoas \S+ \(MCP 2026-07-28\)\n$/);
  });
});

describe('pnpm demo:hateoas, one step at a time', () => {
  const run = (...args: string[]) => runEntry(demo, { args: [...args, '--no-color'], env, input: '' });
  /** `--step N` in English: what it printed, and its part and step headings. */
  const step = async (n: number) => {
    const shown = await run('--step', String(n), '--lang', 'en');
    expect(shown.code, shown.stderr).toBe(0);
    return { out: shown.stdout, headings: shown.stdout.match(/^(Step \d+ ·|━━ ).*/gm) };
  };

  it('--list prints every step, numbered, under its part, and nothing else, in either language', async () => {
    for (const lang of ['zh', 'en'] as const) {
      const listed = await run('--list', '--lang', lang);
      expect(listed.code, listed.stderr).toBe(0);
      const say = messages.in(lang);
      let number = 0;
      const expected = [say('stepsHeading')];
      for (const part of parts) {
        expected.push(say(part.title));
        for (const title of part.steps) expected.push(`${String(++number).padStart(2)}. ${say(title)}`);
      }
      expect(listed.stdout).toBe(`${expected.join('\n')}\n`);
    }
  });

  it('--step N shows step N alone under its part, after the steps it builds on ran unseen', async () => {
    const { out, headings } = await step(3);
    expect(headings).toEqual([
      '━━ Part 1 · A classic hypermedia client ━━',
      'Step 3 · Another tab still shows the old page, and the user presses Cancel there',
    ]);
    expect(out).toContain('(The steps before step 3 ran first, unseen: this step builds on what they left.)');
    // The old tab's Cancel is refused because step 2 paid the order, unseen.
    expect(out).toContain('HTTP/1.1 409 Conflict');
    expect(out).not.toContain('POST /orders/123/payment');
    expect(out).not.toContain('✗');
  });

  it('--step N in a later part skips what comes after it and the comparison at the end', async () => {
    const { out, headings } = await step(9);
    expect(headings).toEqual([
      '━━ Part 3 · One memo, three ways: REST, HAL, MCP ━━',
      'Step 9 · REST: bob reads a public memo of alice’s',
    ]);
    expect(out).toContain('GET /api/v1/memos/lunch-poll HTTP/1.1');
    expect(out).not.toContain(messages.t('en', 'summaryTitle'));
  });

  it('refuses a step that does not exist, and --step with --interactive, with exit 2', async () => {
    const missing = await run('--step', '13', '--lang', 'en');
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain(
      'pnpm demo:hateoas: --step needs a step number from 1 to 12 (see --list); there is no step 13',
    );
    const both = await run('--step', '2', '--interactive');
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('pnpm demo:hateoas: --step 和 --interactive 不能同时使用');
  });
});

describe('the command line', () => {
  const parse = (argv: string[], environment: NodeJS.ProcessEnv = {}, isTTY = true) => {
    const outcome = parseCommand(demoSpec, argv, { env: environment, stdout: { isTTY, columns: 120 } });
    if (outcome.kind !== 'run') throw new Error(`expected a run, got ${outcome.kind}`);
    return outcome;
  };

  it('reads --interactive and --lang, and takes colour from the kit’s one rule', () => {
    const run = parse(['--interactive', '--lang', 'en']);
    expect(run).toMatchObject({ values: { interactive: true }, lang: 'en', colour: true });
    expect(parse([]).values.interactive).toBe(false);
    expect(parse([]).lang).toBe('zh');
    expect(parse(['--no-color']).colour).toBe(false);
    expect(parse([], { NO_COLOR: '1' }).colour).toBe(false);
    expect(parse([], {}, false).colour).toBe(false);
    expect(parseCommand(demoSpec, ['-h'], { env: {} }).kind).toBe('help');
  });

  it('rejects what it does not know with a UsageError', () => {
    expect(() => parse(['--lang', 'fr'])).toThrow(UsageError);
    expect(() => parse(['--fast'])).toThrow(UsageError);
    expect(() => parse(['order'])).toThrow(UsageError);
  });
});

describe('serve', () => {
  it('serves the orders on the port asked for and stops on SIGTERM', async () => {
    const server = startEntry(serve, { args: ['0', '--lang', 'en'], env });
    running.add(server);
    const banner = await server.waitFor(/Ctrl-C stops the server\./);
    const orders = /orders \(HAL\) +(http:\/\/127\.0\.0\.1:\d+\/orders\/123)/.exec(banner)?.[1];
    expect(banner).toMatch(/MCP +http:\/\/127\.0\.0\.1:\d+\/mcp/);
    if (!orders) throw new Error(`no orders URL in:\n${banner}`);
    const response = await fetch(orders);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/hal\+json/);
    expect((await server.stop()).code).toBe(143);
  });

  it('refuses a port that is not a number, and a second word, in one line with exit code 2', async () => {
    for (const args of [['eighty'], ['70000'], ['5240', '5241']]) {
      const run = await runEntry(serve, { args: [...args, '--lang', 'en'], env, input: '' });
      expect(run.code, args.join(' ')).toBe(2);
      expect(run.stderr).toMatch(
        new RegExp(`^${serveSpec.name}: [^\\n]+\\nSee ${serveSpec.name} --help\\n$`),
      );
    }
  });
});

describe('the messages', () => {
  it('has every sentence in both languages, with the same placeholders', () => {
    expect(catalogProblems(messages.catalogs)).toStrictEqual([]);
  });

  it('says nothing it has no use for: every key is used by the source', () => {
    const dir = new URL('../src/', import.meta.url);
    const source = readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.ts'))
      .map((file) => readFileSync(new URL(file, dir), 'utf8'))
      .join('\n');
    const unused = Object.keys(messages.catalogs.en).filter((key) => !source.includes(`'${key}'`));
    expect(unused).toStrictEqual([]);
  });
});
