import { spawn } from 'node:child_process';
import { runEntry } from '@memos-kit/process';
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

  it('ends quietly when the reader closes the pipe (pnpm demo | head)', async () => {
    const { entryArgs } = await import('@memos-kit/process');
    const child = spawn(process.execPath, entryArgs(cli, ['--lines', '100000']), {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.stdout.once('data', () => child.stdout.destroy());
    const code = await new Promise((resolve) => child.once('close', resolve));
    expect(stderr).toBe('');
    expect(code).toBe(0);
  });
});
