import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

export const STDIO_ENTRY = fileURLToPath(new URL('../../src/stdio.ts', import.meta.url));

/** `pnpm mcp:stdio`'s entry as a child process, with every stdout line kept in order. */
export class StdioServer {
  readonly lines: string[] = [];
  stderr = '';
  private readonly child: ChildProcessWithoutNullStreams;
  private readonly waiters: Array<() => void> = [];
  readonly exited: Promise<number | null>;

  constructor(args: string[] = []) {
    this.child = spawn(process.execPath, ['--import', 'tsx', STDIO_ENTRY, ...args], {
      stdio: ['pipe', 'pipe', 'pipe'],
      env: { ...process.env, NO_COLOR: '1' },
    });
    createInterface({ input: this.child.stdout }).on('line', (line) => {
      this.lines.push(line);
      for (const wake of this.waiters.splice(0)) wake();
    });
    this.child.stderr.on('data', (chunk: Buffer) => {
      this.stderr += chunk.toString('utf8');
    });
    this.exited = new Promise((resolve) => this.child.once('exit', (code) => resolve(code)));
  }

  write(line: string): void {
    this.child.stdin.write(`${line}\n`);
  }

  endInput(): void {
    this.child.stdin.end();
  }

  /** The first stdout line (parsed) that satisfies the predicate, waiting for it if needed. */
  async next(predicate: (message: Record<string, unknown>) => boolean, timeoutMs = 10_000): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.lines.find((line) => predicate(JSON.parse(line)));
      if (found !== undefined) return found;
      if (Date.now() > deadline)
        throw new Error(
          `no matching line; stdout so far:\n${this.lines.join('\n')}\nstderr:\n${this.stderr}`,
        );
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 200);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  response(id: unknown): Promise<string> {
    return this.next((message) => message.id === id && ('result' in message || 'error' in message));
  }

  /** Ends input and waits for the exit; kills the process if it does not go. */
  async stop(): Promise<number | null> {
    this.endInput();
    const timer = setTimeout(() => this.child.kill('SIGKILL'), 10_000);
    const code = await this.exited;
    clearTimeout(timer);
    return code;
  }
}
