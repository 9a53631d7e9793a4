import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadFixture } from '@memos-kit/wire';
import { expect } from 'vitest';
import { liveServers } from '../src/client.ts';

export const stdioFixture = loadFixture('stdio-tools-call');
export const fixtureBytes = (key: 'request' | 'response' | 'stderr' | 'stdout' | 'terminal') =>
  readFileSync(stdioFixture.path(key));

export const srcPath = (file: string) => fileURLToPath(new URL(`../src/${file}`, import.meta.url));

const scripts = new Set<ChildProcess>();

/**
 * Runs one of the package's scripts with stdout and stderr on the same file, as a terminal shows
 * them: both fds share one open file, so the bytes land in the order they were written.
 */
export async function runScript(file: string, args: string[] = []) {
  const dir = mkdtempSync(join(tmpdir(), 'stdio-pair-'));
  const outPath = join(dir, 'terminal.txt');
  const fd = openSync(outPath, 'a');
  try {
    // Its own process group, so cleanup can take the script's own children with it.
    const child = spawn(process.execPath, ['--import', import.meta.resolve('tsx'), srcPath(file), ...args], {
      stdio: ['ignore', fd, fd],
      detached: true,
    });
    scripts.add(child);
    const [code] = (await once(child, 'exit')) as [number | null];
    scripts.delete(child);
    return { code, output: readFileSync(outPath, 'utf8') };
  } finally {
    closeSync(fd);
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * For afterEach: nothing a test started may outlive it, also when the test failed. Returns how many
 * processes were still running, which should be none: the code under test cleans up after itself.
 */
export async function killLeftovers(): Promise<number> {
  const children = [...liveServers, ...scripts].filter(
    (child) => child.exitCode === null && child.signalCode === null,
  );
  for (const child of children) {
    const exited = once(child, 'exit');
    if (scripts.has(child) && child.pid) process.kill(-child.pid, 'SIGKILL');
    else child.kill('SIGKILL');
    await exited;
  }
  scripts.clear();
  return children.length;
}

/** Fails the test whose code left a process running (after killing it). */
export async function expectNoLeftovers(): Promise<void> {
  expect(await killLeftovers(), 'processes still running after the test').toBe(0);
}
