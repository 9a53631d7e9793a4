import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { once } from 'node:events';
import { relative, sep } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { stdioEntry } from '@memos-kit/memos-mcp/entries';
import { entryArgs } from '@memos-kit/process';

/** Where a person types the command the report shows: the kit's root, above every package. */
const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

interface StdioExchange {
  /** The line read back from the child's stdout, without its newline. */
  line: string;
  /** What the child wrote to stderr while the request was in flight. */
  stderr: string;
  elapsedMs: number;
}

export interface StdioSession {
  pid: number;
  /** The command line as a person would type it from the kit's root, for the report (no machine paths). */
  command: string[];
  /** Settles when the child has announced itself on stderr (or exited, or stayed silent for 10 s). */
  ready: Promise<void>;
  exchange(line: string, signal?: AbortSignal): Promise<StdioExchange>;
  close(): Promise<void>;
}

/**
 * Starts the kit's stdio server as a child process, the way a Host does: two pipes, one JSON-RPC message
 * per line. The interpreter is this Node and the kit's launcher (`entryArgs`), which runs the server from a
 * bundle it keeps fresh, so no build step, no shell and no npx are involved; the spawn stays ours because a Host owns its child's pipes line by line.
 */
export async function startStdioSession(
  args: readonly string[] = [],
  entry: URL | string = stdioEntry,
): Promise<StdioSession> {
  const entryPath = entry instanceof URL ? fileURLToPath(entry) : entry;
  const child: ChildProcessWithoutNullStreams = spawn(process.execPath, entryArgs(entryPath, args), {
    cwd: repoRoot,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  await once(child, 'spawn');
  const pid = child.pid ?? -1;
  const lines = createInterface({ input: child.stdout });
  const waiting: ((line: string) => void)[] = [];
  const early: string[] = [];
  lines.on('line', (line) => {
    const next = waiting.shift();
    if (next) next(line);
    else early.push(line);
  });
  let stderr = '';
  const stderrWaiters = new Set<() => void>();
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk: string) => {
    stderr += chunk;
    for (const wake of stderrWaiters) wake();
  });
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
  /** Resolves once stderr has a complete line after `from`, or after `ms` (a server may log nothing). */
  const stderrLine = (from: number, ms: number) =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        stderrWaiters.delete(check);
        resolve();
      };
      const check = () => {
        if (stderr.indexOf('\n', from) !== -1) done();
      };
      const timer = setTimeout(done, ms);
      stderrWaiters.add(check);
      exited.then(done);
      check();
    });
  // The kit's server says on stderr when it is ready; waiting for that keeps start-up out of the exchange's time.
  const ready = stderrLine(0, 10_000);

  return {
    pid,
    command: ['node', '--import', 'tsx', relative(repoRoot, entryPath).split(sep).join('/'), ...args],
    ready,
    async exchange(line, signal) {
      await ready;
      const stderrBefore = stderr.length;
      const started = performance.now();
      const answer = new Promise<string>((resolve, reject) => {
        const queued = early.shift();
        if (queued !== undefined) return resolve(queued);
        waiting.push(resolve);
        exited.then(() => reject(new Error(`the stdio server exited before answering:\n${stderr}`)));
        signal?.addEventListener('abort', () => reject(signal.reason), { once: true });
      });
      child.stdin.write(`${line}\n`);
      const reply = await answer;
      const elapsedMs = Math.round((performance.now() - started) * 10) / 10;
      // A server logs before it answers, but stderr and stdout are separate pipes read in no fixed order.
      await stderrLine(stderrBefore, 1000);
      return {
        line: reply,
        stderr: stderr.slice(stderrBefore),
        elapsedMs,
      };
    },
    async close() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      // Closing stdin is the polite end of a stdio session; signals only if the child does not take the hint.
      child.stdin.end();
      const timer = setTimeout(() => child.kill('SIGTERM'), 1500);
      const killer = setTimeout(() => child.kill('SIGKILL'), 3000);
      await exited;
      clearTimeout(timer);
      clearTimeout(killer);
    },
  };
}
