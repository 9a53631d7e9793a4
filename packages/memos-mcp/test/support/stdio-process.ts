import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { entryArgs, type RunningEntry, startEntry } from '@memos-kit/process';

export const STDIO_ENTRY = fileURLToPath(new URL('../../src/stdio.ts', import.meta.url));

/**
 * Node's arguments for `pnpm mcp:stdio`'s entry, started as that script starts it (the bundle launcher), for
 * an SDK transport that spawns the server itself. The SDK's stdio client spawns two (a discovery probe,
 * then the session), and each start through `--import tsx` costs a second of CPU more.
 */
export const stdioArgs = (...args: string[]): string[] => entryArgs(STDIO_ENTRY, args);

/** `pnpm mcp:stdio`'s entry as a child process, with every stdout line kept in order. */
export class StdioServer {
  private readonly running: RunningEntry;
  readonly exited: Promise<number | null>;

  constructor(args: string[] = []) {
    this.running = startEntry(STDIO_ENTRY, { args, env: { NO_COLOR: '1' } });
    this.exited = this.running.exited.then((exit) => exit.code);
  }

  /** The complete lines written to stdout so far (a line still being written is not one yet). */
  get lines(): string[] {
    return this.running.stdout().split('\n').slice(0, -1);
  }

  /** The peak resident memory of the server process so far, in bytes (Linux `/proc`, where CI runs). */
  peakMemoryBytes(): number {
    const status = readFileSync(`/proc/${this.running.child.pid}/status`, 'utf8');
    const kib = /^VmHWM:\s+(\d+) kB$/m.exec(status)?.[1];
    if (kib === undefined) throw new Error('no VmHWM line in /proc/<pid>/status');
    return Number(kib) * 1024;
  }

  get stderr(): string {
    return this.running.stderr();
  }

  write(line: string): void {
    this.running.child.stdin?.write(`${line}\n`);
  }

  /** Raw bytes, for lines that are not UTF-8. */
  writeBytes(bytes: Buffer): void {
    this.running.child.stdin?.write(bytes);
  }

  endInput(): void {
    this.running.child.stdin?.end();
  }

  /** Ctrl-C (SIGINT) or SIGTERM, to the server alone. */
  signal(signal: 'SIGINT' | 'SIGTERM'): void {
    this.running.child.kill(signal);
  }

  /** The first stdout line (parsed) that satisfies the predicate, waiting for it if needed. */
  async next(predicate: (message: Record<string, unknown>) => boolean, timeoutMs = 10_000): Promise<string> {
    // A line that is not JSON fails the wait (stdout must carry MCP messages only), instead of throwing
    // inside the child's data event.
    const find = (): { line?: string; error?: unknown } => {
      try {
        return { line: this.lines.find((line) => predicate(JSON.parse(line))) };
      } catch (error) {
        return { error };
      }
    };
    await this.running.waitFor(
      () => {
        const { line, error } = find();
        return line !== undefined || error !== undefined;
      },
      { timeoutMs },
    );
    const { line, error } = find();
    if (line === undefined) throw error ?? new Error('the awaited stdout line is gone');
    return line;
  }

  response(id: unknown): Promise<string> {
    return this.next((message) => message.id === id && ('result' in message || 'error' in message));
  }

  /** Ends input and waits for the exit; kills the process if it does not go. */
  async stop(): Promise<number | null> {
    this.endInput();
    const timer = setTimeout(() => this.running.child.kill('SIGKILL'), 10_000);
    const code = await this.exited;
    clearTimeout(timer);
    return code;
  }
}
