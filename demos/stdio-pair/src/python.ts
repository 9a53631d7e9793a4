/**
 * The article's own Python programs, run by the kit: finding a Python 3 and starting it without a shell.
 */
import { spawn, spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadFixture } from '@memos-kit/wire';
import { liveServers, type ServerProcess } from './client.ts';

/** The article's two programs as it gives them (fixtures/08-stdio), and the runnable copy of its client. */
export const ARTICLE_SERVER = loadFixture('stdio-tools-call').path('server');
export const ARTICLE_CLIENT = loadFixture('stdio-tools-call').path('client');
export const RUNNABLE_CLIENT = fileURLToPath(new URL('../python/client.py', import.meta.url));

export interface Python {
  /** The interpreter's absolute path, spawned as it is: no shell, no PATH lookup at spawn time. */
  command: string;
  /** What goes before the script: `-3` for Windows' `py` launcher, nothing otherwise. */
  args: string[];
  /** As `--version` says it: `3.12.3`. */
  version: string;
}

/**
 * The first Python 3 on PATH: `python3`, then `python` (on Windows `python3.exe`, `python.exe`, then the
 * launcher `py.exe -3`, which python.org's installer puts on PATH when it leaves `python.exe` off). Each
 * candidate must answer `--version` with Python 3: that skips a Python 2 `python`, a pyenv shim with no
 * version behind it, and Windows' `python3.exe` alias that only offers the Microsoft Store.
 */
export function findPython(
  env: NodeJS.ProcessEnv = process.env,
  platform = process.platform,
): Python | undefined {
  const windows = platform === 'win32';
  const candidates = windows
    ? [
        { name: 'python3.exe', args: [] },
        { name: 'python.exe', args: [] },
        { name: 'py.exe', args: ['-3'] },
      ]
    : [
        { name: 'python3', args: [] },
        { name: 'python', args: [] },
      ];
  const dirs = (env.PATH ?? env.Path ?? '').split(windows ? ';' : delimiter).filter(Boolean);
  for (const { name, args } of candidates)
    for (const dir of dirs) {
      const command = join(dir, name);
      try {
        accessSync(command, windows ? constants.F_OK : constants.X_OK);
      } catch {
        continue;
      }
      const answer = spawnSync(command, [...args, '--version'], { encoding: 'utf8', timeout: 10_000, env });
      const version = /^Python (3\.\d+\S*)/.exec(`${answer.stdout ?? ''}${answer.stderr ?? ''}`.trim())?.[1];
      if (version) return { command, args, version };
    }
  return undefined;
}

/**
 * Starts a Python program with three pipes, as the stdio client starts its server, and counts it among the
 * live servers so that Ctrl-C and the tests stop it. `env` is added to this process's environment.
 */
export function spawnPython(
  python: Python,
  script: string,
  args: readonly string[] = [],
  env: NodeJS.ProcessEnv = {},
): ServerProcess {
  const child = spawn(python.command, [...python.args, script, ...args], {
    stdio: ['pipe', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  }) as ServerProcess;
  child.stdin.on('error', () => {});
  liveServers.add(child);
  child.once('exit', () => liveServers.delete(child));
  return child;
}
