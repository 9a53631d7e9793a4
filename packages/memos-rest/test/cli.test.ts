import { fileURLToPath } from 'node:url';
import { type RunningEntry, startEntry } from '@memos-kit/process';
import {
  bilingualMessages,
  catalogProblems,
  createPaint,
  type ParsedCommand,
  parseCommand,
} from '@memos-kit/terminal';
import { expectMatch, loadFixture, matchResponse, replayHttpFixture } from '@memos-kit/wire';
import { afterEach, describe, expect, it } from 'vitest';
import pairs from '../src/cli-messages.json' with { type: 'json' };
import {
  dialectSetting,
  formatBanner,
  restServeCommand,
  type ServeSettings,
  sampleToken,
  serveOptions,
  serveSettings,
} from '../src/cli-options.ts';
import { createRestApp } from '../src/index.ts';

const piped = { isTTY: false };

/** Reads a command line the way `pnpm serve` does, with no terminal and the given environment. */
function settingsOf(argv: string[], env: NodeJS.ProcessEnv = {}): ServeSettings {
  const outcome = parseCommand(restServeCommand, argv, { env, stdout: piped });
  if (outcome.kind !== 'run') throw new Error(`expected a run, got ${outcome.kind}`);
  return serveSettings(outcome.values, outcome.lang, env);
}

describe('serve options', () => {
  it('has every sentence in both languages, with the same placeholders', () => {
    expect(catalogProblems(bilingualMessages(pairs).catalogs)).toEqual([]);
  });

  it('defaults to 127.0.0.1:5230 and the workshop dataset', () => {
    expect(settingsOf([])).toEqual({ host: '127.0.0.1', port: 5230, dataset: 'workshop' });
  });

  it.each([
    [['--port', '0', '--dataset', 'empty', '--host', '::1'], { port: 0, dataset: 'empty', host: '::1' }],
    [['-p', '8080', '-d', '/data/mine.json'], { port: 8080, dataset: '/data/mine.json' }],
  ])('parses %j', (argv, expected) => {
    expect(settingsOf(argv)).toMatchObject(expected);
  });

  it('resolves a relative dataset path against the directory pnpm was started in', () => {
    expect(settingsOf(['--dataset', 'class/mine.json'], { INIT_CWD: '/home/teacher' }).dataset).toBe(
      '/home/teacher/class/mine.json',
    );
    expect(settingsOf(['--dataset', 'article'], { INIT_CWD: '/home/teacher' }).dataset).toBe('article');
  });

  it('reads --dialect, article unless told, and refuses any other, naming the option', () => {
    const dialectOf = (argv: string[]) => {
      const outcome = parseCommand(restServeCommand, argv, { env: {}, stdout: piped });
      if (outcome.kind !== 'run') throw new Error(`expected a run, got ${outcome.kind}`);
      return dialectSetting(outcome.values.dialect, 'en');
    };
    expect(dialectOf([])).toBe('article');
    expect(dialectOf(['--dialect', 'memos'])).toBe('memos');
    expect(() => dialectOf(['--dialect', 'grpc'])).toThrow('--dialect must be article or memos, got "grpc"');
    expect(() => dialectOf(['--wire', 'memos'])).toThrow(/wire/);
  });

  it('keeps a mistyped dataset name as typed, so the error names it', () => {
    const { dataset } = settingsOf(['--dataset', 'workshp'], { INIT_CWD: '/home/teacher' });
    expect(dataset).toBe('workshp');
    expect(() => createRestApp({ dataset })).toThrow(
      /unknown dataset "workshp": use empty, article, workshop/,
    );
  });

  it('turns colour off when piped, with --no-color and with NO_COLOR, and on with --color', () => {
    const colourOf = (argv: string[], env: NodeJS.ProcessEnv, isTTY: boolean) =>
      (parseCommand(restServeCommand, argv, { env, stdout: { isTTY } }) as ParsedCommand<typeof serveOptions>)
        .colour;
    expect(colourOf([], {}, false)).toBe(false);
    expect(colourOf([], {}, true)).toBe(true);
    expect(colourOf(['--no-color'], {}, true)).toBe(false);
    expect(colourOf([], { NO_COLOR: '1' }, true)).toBe(false);
    expect(colourOf(['--color'], {}, false)).toBe(true);
  });

  it.each([
    [['--port', 'http'], 'en', /--port must be a number/],
    [['--port', '70000'], 'en', /--port must be a number/],
    [['--port', 'http'], 'zh', /--port 必须是 0 到 65535 之间的数字/],
    [['--verbose'], 'en', /Unknown option '--verbose'/],
  ])('rejects %j (%s) as a usage error', (argv, lang, message) => {
    const read = () => settingsOf([...argv, '--lang', lang]);
    expect(read).toThrow(message);
    expect(read).toThrow(expect.objectContaining({ name: 'UsageError' }));
  });

  it('makes its help from the option table, in Chinese unless told otherwise', () => {
    const help = (argv: string[]) => {
      const outcome = parseCommand(restServeCommand, [...argv, '--help'], { env: {}, stdout: piped });
      return outcome.kind === 'help' ? outcome.text : '';
    };
    for (const text of [help([]), help(['--lang', 'en'])]) {
      for (const name of Object.keys(serveOptions)) expect(text).toContain(`--${name}`);
      expect(text).toContain('5230');
    }
    expect(help([])).toContain('监听的端口');
    expect(help(['--lang', 'en'])).toContain('port to listen on');
  });

  it('prints every token with its user, and the endpoints, with no escape codes when colour is off', () => {
    const { store } = createRestApp({ dataset: 'workshop' });
    const banner = formatBanner({
      url: 'http://127.0.0.1:5230',
      dataset: 'workshop',
      store,
      paint: createPaint(false),
      lang: 'en',
    });
    for (const user of store.users) {
      expect(banner).toMatch(new RegExp(`${user.tokens[0]}\\s+users/${user.username}\\s+${user.role}`));
    }
    expect(banner).toContain('http://127.0.0.1:5230/api/v1/openapi.json');
    expect(banner).toContain('Ctrl-C stops the server.');
    expect(banner.includes('\u001b[')).toBe(false);
    expect(
      formatBanner({ url: 'http://x', dataset: 'workshop', store, paint: createPaint(true), lang: 'en' }),
    ).toContain('\u001b[');
  });

  it('shows a token the dataset really has in its example request, and labels in Chinese by default', () => {
    const teacher = createRestApp({
      dataset: { users: [{ username: 'teacher', tokens: ['class-token'] }] },
    }).store;
    expect(sampleToken(teacher.users)).toBe('class-token');
    const banner = formatBanner({
      url: 'http://127.0.0.1:5230',
      dataset: 'class.json',
      store: teacher,
      paint: createPaint(false),
      lang: 'zh',
    });
    expect(banner).toContain(
      'curl -H "Authorization: Bearer class-token" "http://127.0.0.1:5230/api/v1/memos?pageSize=1"',
    );
    expect(banner).not.toContain('example-token');
    expect(banner).toContain('按 Ctrl-C 停止服务。');
    const anonymous = createRestApp({ dataset: { users: [{ username: 'nobody' }] } }).store;
    expect(sampleToken(anonymous.users)).toBeUndefined();
  });
});

describe('pnpm serve', () => {
  const cli = fileURLToPath(new URL('../src/cli.ts', import.meta.url));
  let child: RunningEntry | undefined;
  afterEach(async () => {
    await child?.stop({ signal: 'SIGKILL' });
  });

  it("starts, prints what it serves, answers the article's request, and drains on SIGTERM", async () => {
    child = startEntry(cli, { args: ['--port', '0', '--dataset', 'empty', '--lang', 'en'] });
    const output = await child.waitFor(/Ctrl-C stops the server/);
    const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1];
    if (!url) throw new Error(`no URL in the banner:\n${output}`);
    expect(output).toMatch(/example-token\s+users\/demo\s+ADMIN/);
    expect(output).not.toContain('\u001b[');
    // The acceptance check: the article's REST exchange replays against `pnpm serve --dataset empty`.
    expectMatch(
      matchResponse(loadFixture('rest-list-memos'), await replayHttpFixture('rest-list-memos', url)),
    );
    const exit = await child.stop({ signal: 'SIGTERM', graceMs: 10_000 });
    // 128 + 15, as a shell reports a process ended by SIGTERM, after it said what it was doing.
    expect(exit.code).toBe(143);
    expect(child.stdout()).toMatch(/SIGTERM: no new connections; waiting up to 3 s/);
    expect(child.stderr()).toBe('Stopped (SIGTERM)\n');
  }, 20_000);

  it('says in one line when it cannot start, in Chinese by default', async () => {
    child = startEntry(cli, { args: ['--port', '0', '--dataset', 'nope'] });
    const exit = await child.exited;
    expect(exit.code).toBe(1);
    expect(child.stderr()).toMatch(/^pnpm --filter @memos-kit\/memos-rest serve: unknown dataset "nope"/);
    expect(child.stderr().trim().split('\n')).toHaveLength(1);
    child = startEntry(cli, { args: ['--port', 'x'] });
    expect((await child.exited).code).toBe(2);
    expect(child.stderr()).toContain('--port 必须是 0 到 65535 之间的数字');
  }, 20_000);
});
