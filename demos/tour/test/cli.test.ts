import { setTimeout as sleep } from 'node:timers/promises';
import { processIsGone, type RunningEntry, runEntry, startEntry } from '@memos-kit/process';
import { afterAll, describe, expect, it } from 'vitest';
import { steps } from '../src/steps.ts';
import { stepNumber, tourMain, tourRun } from './tour-process.ts';

describe('pnpm demo as a command of the kit', () => {
  it('says what is wrong with an option in one line, in Chinese by default, and exits 2', async () => {
    const run = await runEntry(tourMain, tourRun(['--step', '12']));
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe(
      `pnpm demo: --step 需要 1 到 ${steps.length} 之间的步骤序号（见 --list）；没有第 12 步\n查看用法：pnpm demo --help\n`,
    );
  });

  it('answers --version without starting anything', async () => {
    const run = await runEntry(tourMain, tourRun(['--version']));
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^pnpm demo \S+ \(MCP 2026-07-28\)\n$/);
  });

  let tour: RunningEntry | undefined;
  afterAll(() => tour?.stop({ signal: 'SIGKILL' }));

  it('ends quietly when its reader closes the pipe (pnpm demo | head), and its stdio child ends too', async () => {
    tour = startEntry(tourMain, tourRun(['--step', stepNumber('stdio-tools-call'), '--pace', 'fast']));
    const running = tour;
    const pid = Number((await running.waitFor(/子进程 pid (\d+)/)).match(/子进程 pid (\d+)/)?.[1]);
    running.child.stdout?.destroy();
    const exit = await running.exited;
    expect(running.stderr()).toBe('');
    expect(exit.code).toBe(0);
    // The child reads the end of its stdin and stops; a bounded wait, not a sleep that hopes.
    for (let i = 0; i < 50 && !processIsGone(pid); i++) await sleep(100);
    expect(processIsGone(pid)).toBe(true);
  }, 30_000);
});
