import { once } from 'node:events';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type RunningEntry, startEntry } from '@memos-kit/process';
import { createPaint, type Lang, PIPED_WIDTH, Printer } from '@memos-kit/terminal';
import { loadFixture } from '@memos-kit/wire';
import { expect } from 'vitest';
import { liveServers } from '../src/client.ts';
import type { LessonContext } from '../src/lessons/index.ts';
import { messages } from '../src/messages.ts';

const stdioFixture = loadFixture('stdio-tools-call');
export const fixtureBytes = (key: 'request' | 'response' | 'stderr' | 'stdout' | 'terminal') =>
  readFileSync(stdioFixture.path(key));

export const srcPath = (file: string) => fileURLToPath(new URL(`../src/${file}`, import.meta.url));

/** The text of every TypeScript file under src/, lessons included. */
export function sourceFiles(): string[] {
  return readdirSync(srcPath(''), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts'))
    .map((file) => readFileSync(srcPath(file), 'utf8'));
}

const scripts = new Set<RunningEntry>();

/**
 * Runs one of the package's scripts as a person would from a terminal (piped, so 100 columns and no
 * colour unless asked; Chinese unless `--lang en`), and returns what it wrote. `output` is stdout and
 * stderr together, chunk by chunk in the order they arrived, as a terminal shows them. That is the order
 * they were written in: the scripts write their lines one after another, milliseconds apart, and of two
 * pipes the one that became readable first is read first.
 */
export async function runScript(file: string, args: string[] = [], env: NodeJS.ProcessEnv = {}) {
  const running = startEntry(srcPath(file), {
    args,
    stdin: 'ignore',
    // Unset, not empty: Node warns when NO_COLOR and FORCE_COLOR are both defined, even as ''.
    env: { COLUMNS: '', KIT_LANG: '', NO_COLOR: undefined, FORCE_COLOR: undefined, ...env },
  });
  scripts.add(running);
  let output = '';
  const collect = (chunk: string) => {
    output += chunk;
  };
  running.child.stdout?.on('data', collect);
  running.child.stderr?.on('data', collect);
  const { code } = await running.exited;
  scripts.delete(running);
  return { code, output, stdout: running.stdout(), stderr: running.stderr() };
}

/**
 * For afterEach: nothing a test started may outlive it, also when the test failed. Returns how many
 * processes were still running, which should be none: the code under test cleans up after itself.
 */
async function killLeftovers(): Promise<number> {
  const children = [...liveServers].filter((child) => child.exitCode === null && child.signalCode === null);
  for (const child of children) {
    const exited = once(child, 'exit');
    child.kill('SIGKILL');
    await exited;
  }
  // A script gets SIGTERM first: it then ends the servers it started itself.
  const running = [...scripts];
  for (const script of running) await script.stop();
  scripts.clear();
  return children.length + running.length;
}

/** Fails the test whose code left a process running (after killing it). */
export async function expectNoLeftovers(): Promise<void> {
  expect(await killLeftovers(), 'processes still running after the test').toBe(0);
}

/**
 * A lesson's context that records what it prints (`lines`, `output()`), with a short patience so the suites
 * stay quick. English unless asked, so the assertions can quote the story; the Chinese one has tests of its own.
 */
export function lessonContext(
  lang: Lang = 'en',
  trace = true,
): LessonContext & { lines: string[]; output: () => string } {
  const lines: string[] = [];
  return {
    printer: new Printer({
      paint: createPaint(false),
      width: PIPED_WIDTH,
      write: (text) => lines.push(...text.replace(/\n$/, '').split('\n')),
    }),
    say: messages.in(lang),
    lang,
    trace,
    timeoutMs: 600,
    lines,
    output: () => lines.join('\n'),
  };
}
