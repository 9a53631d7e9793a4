import { type ChildProcess, type StdioOptions, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/**
 * The launcher that runs a `.ts` entry from a fresh esbuild bundle, rebuilt first when a source changed,
 * or through tsx when it cannot be bundled (see `@memos-kit/entry-bundle`). Resolved from here so an entry
 * runs the same from any working directory.
 */
const LAUNCHER = fileURLToPath(import.meta.resolve('@memos-kit/entry-bundle/launch'));

/**
 * The arguments that run a TypeScript file under Node: `node launch.mjs file args…`, which behaves as
 * `node --import tsx file args…` does, only faster to start. Always with `process.execPath` as the
 * command, never `npx`, `tsx` or a shell, which fail on Windows (`npx.cmd`) and add a process between a
 * signal and the program it is meant for.
 */
export function entryArgs(entry: string | URL, args: readonly string[] = []): string[] {
  const path = entry instanceof URL || entry.startsWith('file:') ? fileURLToPath(entry) : entry;
  return [LAUNCHER, path, ...args];
}

export interface EntryOptions {
  args?: readonly string[];
  cwd?: string;
  /** The Node binary to run: this one by default; another version's to try the kit under it. */
  execPath?: string;
  /** Added to this process's environment. */
  env?: NodeJS.ProcessEnv;
  stdin?: 'pipe' | 'ignore' | 'inherit';
  stderr?: 'pipe' | 'ignore' | 'inherit';
}

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface RunningEntry {
  child: ChildProcess;
  /** Everything the entry has written to stdout (and stderr, when piped) so far. */
  stdout(): string;
  stderr(): string;
  exited: Promise<Exit>;
  /**
   * Resolves with the output so far once it satisfies `ready`; rejects when the entry exits first or the
   * time runs out, with what it printed, so a failing test says why.
   */
  waitFor(
    ready: RegExp | ((text: string) => boolean),
    options?: { stream?: 'stdout' | 'stderr'; timeoutMs?: number },
  ): Promise<string>;
  /** SIGTERM, then SIGKILL after `graceMs`; resolves once the process is gone. */
  stop(options?: { signal?: NodeJS.Signals; graceMs?: number }): Promise<Exit>;
}

export function startEntry(entry: string | URL, options: EntryOptions = {}): RunningEntry {
  return startNode(entryArgs(entry, options.args), { ...options, label: String(entry) });
}

/**
 * Runs this Node binary with arguments of the caller's choosing (a package's own bin file, say), with the
 * same handle as `startEntry`. `args` are Node's arguments; `options.args` is not used.
 */
export function startNode(
  nodeArgs: readonly string[],
  options: EntryOptions & { label?: string } = {},
): RunningEntry {
  const entry = options.label ?? nodeArgs.join(' ');
  const stdio: StdioOptions = [options.stdin ?? 'pipe', 'pipe', options.stderr ?? 'pipe'];
  const child = spawn(options.execPath ?? process.execPath, [...nodeArgs], {
    ...(options.cwd ? { cwd: options.cwd } : {}),
    env: { ...process.env, ...options.env },
    stdio,
  });
  const text = { stdout: '', stderr: '' };
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const listener of listeners) listener();
  };
  child.stdout?.setEncoding('utf8');
  child.stderr?.setEncoding('utf8');
  child.stdout?.on('data', (chunk: string) => {
    text.stdout += chunk;
    notify();
  });
  child.stderr?.on('data', (chunk: string) => {
    text.stderr += chunk;
    notify();
  });
  let exit: Exit | undefined;
  const exited = new Promise<Exit>((resolve) => {
    child.once('error', (error) => {
      text.stderr += `${error.message}\n`;
      exit = { code: null, signal: null };
      resolve(exit);
      notify();
    });
    child.once('close', (code, signal) => {
      exit = { code, signal };
      resolve(exit);
      notify();
    });
  });
  return {
    child,
    stdout: () => text.stdout,
    stderr: () => text.stderr,
    exited,
    waitFor(ready, { stream = 'stdout', timeoutMs = 15_000 } = {}) {
      const test = typeof ready === 'function' ? ready : (value: string) => ready.test(value);
      return new Promise((resolve, reject) => {
        const done = () => {
          listeners.delete(check);
          clearTimeout(timer);
        };
        const check = () => {
          if (test(text[stream])) {
            done();
            resolve(text[stream]);
          } else if (exit) {
            done();
            reject(
              new Error(
                `${String(entry)} exited (${describe(exit)}) before the awaited output\n${transcript(text)}`,
              ),
            );
          }
        };
        const timer = setTimeout(() => {
          done();
          reject(
            new Error(
              `${String(entry)} printed no awaited output within ${timeoutMs} ms\n${transcript(text)}`,
            ),
          );
        }, timeoutMs);
        listeners.add(check);
        check();
      });
    },
    async stop({ signal = 'SIGTERM', graceMs = 2_000 } = {}) {
      if (exit) return exit;
      child.kill(signal);
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      const result = await exited;
      clearTimeout(timer);
      return result;
    },
  };
}

export interface EntryRun extends Exit {
  stdout: string;
  stderr: string;
}

/** Runs an entry to its end, as a person would from a terminal; killed (and rejected) if it hangs. */
export function runEntry(entry: string | URL, options: RunOptions = {}): Promise<EntryRun> {
  return runNode(entryArgs(entry, options.args), { ...options, label: String(entry) });
}

export interface RunOptions extends EntryOptions {
  input?: string;
  /** Killed, and the promise rejected, past this (30 s by default). */
  timeoutMs?: number;
}

/** Runs this Node binary with the given arguments to its end, like `runEntry`. */
export async function runNode(
  nodeArgs: readonly string[],
  options: RunOptions & { label?: string } = {},
): Promise<EntryRun> {
  const entry = options.label ?? nodeArgs.join(' ');
  const running = startNode(nodeArgs, {
    ...options,
    stdin: options.input === undefined ? (options.stdin ?? 'ignore') : 'pipe',
  });
  if (options.input !== undefined) running.child.stdin?.end(options.input);
  const timeoutMs = options.timeoutMs ?? 30_000;
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      running.child.kill('SIGKILL');
      reject(
        new Error(
          `${String(entry)} did not finish within ${timeoutMs} ms\n${transcript({ stdout: running.stdout(), stderr: running.stderr() })}`,
        ),
      );
    }, timeoutMs);
  });
  try {
    const exit = await Promise.race([running.exited, timedOut]);
    return { ...exit, stdout: running.stdout(), stderr: running.stderr() };
  } finally {
    clearTimeout(timer);
  }
}

function describe(exit: Exit): string {
  return exit.signal ? `signal ${exit.signal}` : `code ${exit.code}`;
}

function transcript(text: { stdout: string; stderr: string }): string {
  return `--- stdout\n${text.stdout}\n--- stderr\n${text.stderr}`;
}
