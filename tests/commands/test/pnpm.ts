// Runs a root script the way a student does, `pnpm run <script> args…` from the repository root, so
// what rots between package.json, pnpm and the entry (a renamed file, a flag pnpm 12 no longer knows,
// a `--` pnpm forwards) shows up here. The entries themselves are tested in their own packages.
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadFixture } from '@memos-kit/wire';

export const root = fileURLToPath(new URL('../../../', import.meta.url));

export const rootScripts: Record<string, string> = (
  JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  }
).scripts;

/**
 * pnpm itself: the binary that runs this test when it runs under `pnpm test` (pnpm sets npm_execpath),
 * else the `pnpm` on PATH. pnpm 12 is a native executable, so neither a shell nor a `.cmd` is involved;
 * an older pnpm installed as a JavaScript file runs under this Node.
 */
export function pnpmCommand(): { file: string; prefix: string[] } {
  const execPath = process.env.npm_execpath;
  if (execPath && basename(execPath).startsWith('pnpm')) {
    return /\.[cm]?js$/.test(execPath)
      ? { file: process.execPath, prefix: [execPath] }
      : { file: execPath, prefix: [] };
  }
  return { file: 'pnpm', prefix: [] };
}

/** What a terminal would show: no TTY, no colour forced either way, no session language, no opt-in real model. */
export const plainEnv = (): NodeJS.ProcessEnv => {
  const env = { ...process.env };
  for (const name of ['FORCE_COLOR', 'NO_COLOR', 'KIT_LANG', 'COLUMNS', 'KIT_MODEL_URL']) delete env[name];
  return env;
};

export interface PnpmRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

interface RunningScript {
  child: ChildProcess;
  stdout(): string;
  stderr(): string;
  exited: Promise<PnpmRun>;
  /** Polls the output (bounded) until `ready` holds; rejects with the transcript on exit or timeout. */
  waitFor(ready: RegExp, options?: { stream?: 'stdout' | 'stderr'; timeoutMs?: number }): Promise<string>;
  /** Ctrl-C as a terminal sends it, to the whole process group; SIGKILL to the group after `graceMs`. */
  interrupt(graceMs?: number): Promise<PnpmRun>;
}

/** `pnpm run <script> args…`, as a student types it. */
export function startScript(
  script: string,
  args: readonly string[] = [],
  env: NodeJS.ProcessEnv = {},
): RunningScript {
  return startPnpm(['run', script, ...args], env);
}

// TOOLKIT-CANDIDATE: @memos-kit/process's startNode, for an executable that is not this Node (pnpm),
// in its own process group so a test can press Ctrl-C the way a terminal does: pnpm does not forward
// SIGTERM to the script it runs.
/** pnpm with any arguments (`exec node --version`, say), in the repository root. */
export function startPnpm(pnpmArgs: readonly string[], env: NodeJS.ProcessEnv = {}): RunningScript {
  const { file, prefix } = pnpmCommand();
  const child = spawn(file, [...prefix, ...pnpmArgs], {
    cwd: root,
    env: { ...plainEnv(), ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
    detached: process.platform !== 'win32',
  });
  const text = { stdout: '', stderr: '' };
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
    text.stdout += chunk;
  });
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    text.stderr += chunk;
  });
  let done = false;
  const exited = new Promise<PnpmRun>((resolve) => {
    child.once('error', (error) => {
      done = true;
      resolve({ code: null, signal: null, stdout: text.stdout, stderr: `${text.stderr}${error.message}\n` });
    });
    child.once('close', (code, signal) => {
      done = true;
      resolve({ code, signal, ...text });
    });
  });
  const transcript = () =>
    `pnpm ${pnpmArgs.join(' ')}\n--- stdout\n${text.stdout}\n--- stderr\n${text.stderr}`;
  const signalGroup = (signal: NodeJS.Signals) => {
    if (done || child.pid === undefined) return;
    try {
      if (process.platform === 'win32') child.kill(signal);
      else process.kill(-child.pid, signal);
    } catch {
      // Already gone between the check and the signal.
    }
  };
  return {
    child,
    stdout: () => text.stdout,
    stderr: () => text.stderr,
    exited,
    async waitFor(ready, { stream = 'stdout', timeoutMs = 30_000 } = {}) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        if (ready.test(text[stream])) return text[stream];
        if (done) throw new Error(`exited before printing ${ready}\n${transcript()}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error(`no ${ready} within ${timeoutMs} ms\n${transcript()}`);
    },
    async interrupt(graceMs = 5_000) {
      signalGroup('SIGINT');
      const timer = setTimeout(() => signalGroup('SIGKILL'), graceMs);
      const result = await exited;
      clearTimeout(timer);
      return result;
    },
  };
}

interface RunOptions {
  input?: string;
  env?: NodeJS.ProcessEnv;
  timeoutMs?: number;
}

/** Runs a script to its end; Ctrl-C and then SIGKILL (and a rejection) when it runs past `timeoutMs`. */
export function runScript(
  script: string,
  args: readonly string[] = [],
  options: RunOptions = {},
): Promise<PnpmRun> {
  return runPnpm(['run', script, ...args], options);
}

/** pnpm with any arguments, to its end, as runScript runs a script. */
export async function runPnpm(
  pnpmArgs: readonly string[],
  { input, env, timeoutMs = 60_000 }: RunOptions = {},
): Promise<PnpmRun> {
  const running = startPnpm(pnpmArgs, env);
  running.child.stdin?.end(input);
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      void running.interrupt(1_000);
      reject(new Error(`pnpm ${pnpmArgs.join(' ')} ran past ${timeoutMs} ms\n${running.stdout()}`));
    }, timeoutMs);
  });
  try {
    return await Promise.race([running.exited, timedOut]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * `pnpm serve` for the article's SSE call at the article's pace (progress at 1 s, the result at 3 s), on a
 * free port: a request that is in flight long enough to stop the server in the middle of it.
 */
export function sseServe() {
  const fixture = loadFixture('sse-progress');
  return { fixture, args: ['--port', '0', '--dataset', fixture.entry.dataset, '--pace', 'article'] };
}
