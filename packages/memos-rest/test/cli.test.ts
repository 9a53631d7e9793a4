import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { expectMatch, loadFixture, matchResponse, replayHttpFixture } from '@memos-kit/wire';
import { afterEach, describe, expect, it } from 'vitest';
import { formatBanner, parseServeOptions } from '../src/cli-options.ts';
import { createRestApp } from '../src/index.ts';

describe('serve options', () => {
  it('defaults to 127.0.0.1:5230 and the workshop dataset', () => {
    expect(parseServeOptions([], {})).toEqual({
      host: '127.0.0.1',
      port: 5230,
      dataset: 'workshop',
      color: true,
      help: false,
    });
  });

  it.each([
    [['--port', '0', '--dataset', 'empty', '--host', '::1'], { port: 0, dataset: 'empty', host: '::1' }],
    [['-p', '8080', '-d', '/data/mine.json'], { port: 8080, dataset: '/data/mine.json' }],
    [['--no-color'], { color: false }],
  ])('parses %j', (argv, expected) => {
    expect(parseServeOptions(argv, {})).toMatchObject(expected);
  });

  it('resolves a relative dataset path against the directory pnpm was started in', () => {
    expect(parseServeOptions(['--dataset', 'class/mine.json'], { INIT_CWD: '/home/teacher' }).dataset).toBe(
      '/home/teacher/class/mine.json',
    );
    expect(parseServeOptions(['--dataset', 'article'], { INIT_CWD: '/home/teacher' }).dataset).toBe(
      'article',
    );
  });

  it('keeps a mistyped dataset name as typed, so the error names it', () => {
    const { dataset } = parseServeOptions(['--dataset', 'workshp'], { INIT_CWD: '/home/teacher' });
    expect(dataset).toBe('workshp');
    expect(() => createRestApp({ dataset })).toThrow(
      /unknown dataset "workshp": use empty, article, workshop/,
    );
  });

  it('turns colour off with NO_COLOR', () => {
    expect(parseServeOptions([], { NO_COLOR: '1' }).color).toBe(false);
  });

  it.each([
    [['--port', 'http'], /--port must be a number/],
    [['--port', '70000'], /--port must be a number/],
    [['--verbose'], /Unknown option '--verbose'/],
  ])('rejects %j', (argv, message) => {
    expect(() => parseServeOptions(argv, {})).toThrow(message);
  });

  it('prints every token with its user, and the endpoints', () => {
    const { store } = createRestApp({ dataset: 'workshop' });
    const banner = formatBanner({
      url: 'http://127.0.0.1:5230',
      dataset: 'workshop',
      store,
      color: false,
      endpoints: [{ label: 'MCP', url: 'http://127.0.0.1:5230/mcp' }],
    });
    for (const user of store.users) {
      expect(banner).toMatch(new RegExp(`${user.tokens[0]}\\s+users/${user.username}\\s+${user.role}`));
    }
    expect(banner).toContain('http://127.0.0.1:5230/api/v1/openapi.json');
    expect(banner).toContain('http://127.0.0.1:5230/mcp');
    expect(banner.includes('\u001b[')).toBe(false);
  });
});

describe('pnpm serve', () => {
  let child: ChildProcess | undefined;
  afterEach(() => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
  });

  it("starts, prints what it serves, answers the article's request, and stops cleanly on Ctrl-C", async () => {
    const cli = fileURLToPath(new URL('../src/cli.ts', import.meta.url));
    child = spawn(
      process.execPath,
      ['--import', 'tsx', cli, '--port', '0', '--dataset', 'empty', '--no-color'],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    child.stdout?.setEncoding('utf8');
    const url = await new Promise<string>((resolve, reject) => {
      child?.stdout?.on('data', (chunk: string) => {
        output += chunk;
        const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
        if (match?.[1] && output.includes('Ctrl-C')) resolve(match[1]);
      });
      child?.once('exit', (code) => reject(new Error(`exited with ${code}: ${output}`)));
    });
    expect(output).toMatch(/example-token\s+users\/demo\s+ADMIN/);
    // The acceptance check: the article's REST exchange replays against `pnpm serve --dataset empty`.
    expectMatch(
      matchResponse(loadFixture('rest-list-memos'), await replayHttpFixture('rest-list-memos', url)),
    );
    child.kill('SIGINT');
    const [code] = await once(child, 'exit');
    expect(code).toBe(0);
    expect(output).toContain('stopped');
  }, 20_000);
});
