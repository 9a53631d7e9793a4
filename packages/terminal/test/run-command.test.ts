import { runEntry, startEntry } from '@memos-kit/process';
import { describe, expect, it } from 'vitest';

const cli = new URL('./__fixtures__/cli.ts', import.meta.url);

describe('runCommand', () => {
  it('prints a usage error in one line with a pointer to --help, exit status 2', async () => {
    const run = await runEntry(cli, { args: ['--bogus'], env: { KIT_LANG: '' } });
    expect(run.code).toBe(2);
    expect(run.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(/^demo:fixture: Unknown option '--bogus'/),
      '查看用法：demo:fixture --help',
    ]);
  });

  it('prints any other error in one line without a stack, exit status 1', async () => {
    const run = await runEntry(cli, { args: ['--fail'] });
    expect(run.code).toBe(1);
    expect(run.stderr).toBe('demo:fixture: something broke\n');
  });

  it('names the cause an error carries, as fetch keeps its reason there', async () => {
    const run = await runEntry(cli, { args: ['--cause'] });
    expect(run.stderr).toBe('demo:fixture: fetch failed (connect ECONNREFUSED 127.0.0.1:9)\n');
  });

  it.each([
    ['SIGINT', [], 0, '已停止（Ctrl-C）\n'],
    ['SIGINT', ['--lang', 'en'], 0, 'Stopped (Ctrl-C)\n'],
    ['SIGTERM', ['--lang', 'en'], 143, 'Stopped (SIGTERM)\n'],
  ] as const)(
    'stopped by %s %j, closes what it started, then says so in one line on stderr',
    async (signal, args, code, said) => {
      const entry = startEntry(cli, { args: ['--serve', ...args], env: { KIT_LANG: '' } });
      await entry.waitFor(/serving\n/);
      entry.child.kill(signal);
      // 0 after Ctrl-C: a stop its user asked for is no failure, and pnpm reports any other status as one.
      expect((await entry.exited).code).toBe(code);
      expect(entry.stdout()).toBe(`serving\nclosing on ${signal}\nclosed\n`);
      expect(entry.stderr()).toBe(said);
    },
  );

  it('ends quietly when the reader closes the pipe (pnpm demo | head)', async () => {
    const entry = startEntry(cli, { args: ['--lines', '100000'], stdin: 'ignore' });
    // Like `head`: read a little, then close our end while the command is still writing.
    entry.child.stdout?.once('data', () => entry.child.stdout?.destroy());
    const exit = await entry.exited;
    expect(entry.stderr()).toBe('');
    expect(exit.code).toBe(0);
  });
});
