import { PassThrough } from 'node:stream';
import { portIsClosed, processIsGone, type RunningEntry, startEntry } from '@memos-kit/process';
import { afterAll, describe, expect, it } from 'vitest';
import { parseTourArgs } from '../src/options.ts';
import { runTour } from '../src/tour.ts';
import { stepNumber, tourMain, tourRun } from './tour-process.ts';

describe('Ctrl-C during an interactive tour', () => {
  let tour: RunningEntry | undefined;
  afterAll(() => tour?.stop({ signal: 'SIGKILL' }));

  it('stops its servers and its stdio child, says so in one line, and exits 0', async () => {
    tour = startEntry(tourMain, tourRun(['--interactive', '--pace', 'fast', '--no-color', '--lang', 'en']));
    const running = tour;
    const prompts = (out: string) => out.split('Press Enter').length - 1;
    // Press Enter at each pause until the stdio step has run, so the tour holds two servers and a child.
    for (let seen = 1; ; seen++) {
      await running.waitFor((out) => prompts(out) >= seen);
      if (running.stdout().includes('Line read from stdout')) break;
      running.child.stdin?.write('\n');
    }
    const ports = [...running.stdout().matchAll(/Server started http:\/\/127\.0\.0\.1:(\d+)/g)].map((m) =>
      Number(m[1]),
    );
    const pid = Number(running.stdout().match(/stdio child process pid (\d+)/)?.[1]);
    expect(ports.length).toBeGreaterThanOrEqual(2);
    expect(processIsGone(pid)).toBe(false);
    for (const port of ports) expect(await portIsClosed(port)).toBe(false);

    running.child.kill('SIGINT');
    // A stop its user asked for is no failure: pnpm reports any other status as "Command failed".
    expect((await running.exited).code).toBe(0);
    expect(running.stderr()).toBe('Stopped (Ctrl-C)\n');
    for (const port of ports) expect(await portIsClosed(port)).toBe(true);
    expect(processIsGone(pid)).toBe(true);
  }, 120_000);

  it('stops mid-stream, while the SSE response is still open at the article’s pace', async () => {
    tour = startEntry(
      tourMain,
      tourRun(['--step', stepNumber('sse-progress'), '--pace', 'article', '--no-color', '--lang', 'en']),
    );
    const running = tour;
    await running.waitFor(/event 1\n/);
    const port = Number(running.stdout().match(/Server started http:\/\/127\.0\.0\.1:(\d+)/)?.[1]);
    running.child.kill('SIGINT');
    expect((await running.exited).code).toBe(0);
    // The final event was due two seconds later; the stream was cut, not waited for.
    expect(running.stdout()).not.toContain('event 2');
    expect(await portIsClosed(port)).toBe(true);
  }, 60_000);
});

describe('q at a pause', () => {
  it('ends the tour cleanly before anything is started', async () => {
    const input = new PassThrough();
    let out = '';
    const io = { write: (text: string) => (out += text), width: 120, input };
    const options = parseTourArgs(['--interactive', '--lang', 'en', '--step', '2'], { env: {}, stdout: {} });
    const running = runTour(options, io, new AbortController().signal);
    input.write('q\n');
    const outcome = await running;
    expect(outcome.exitCode).toBe(0);
    expect(out).toContain('Press Enter to begin, q to quit');
    expect(out).toContain('Tour ended.');
    expect(out).not.toContain('Server started');
  });
});
