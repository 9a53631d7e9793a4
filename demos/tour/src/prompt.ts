import { createInterface, type Interface } from 'node:readline';

export type Answer = 'continue' | 'quit';

interface Input extends NodeJS.ReadableStream {
  isTTY?: boolean;
  setRawMode?(mode: boolean): unknown;
}

/**
 * The pause between steps for a class. On a terminal one key is enough (Enter, space, q); from a pipe a line
 * is read (empty continues, q quits), and the end of input quits, so a closed pipe can never hang the tour.
 */
export class Prompt {
  readonly #input: Input;
  readonly #raw: boolean;
  #lines: Interface | undefined;
  readonly #queued: string[] = [];
  #waiting: ((line: string | null) => void) | undefined;
  #ended = false;

  constructor(input: Input) {
    this.#input = input;
    this.#raw = Boolean(input.isTTY && input.setRawMode);
    if (!this.#raw) {
      this.#lines = createInterface({ input, terminal: false });
      this.#lines.on('line', (line) => this.#deliver(line));
      this.#lines.on('close', () => {
        this.#ended = true;
        this.#deliver(null);
      });
    }
  }

  #deliver(line: string | null): void {
    const waiting = this.#waiting;
    this.#waiting = undefined;
    if (waiting) waiting(line);
    else if (line !== null) this.#queued.push(line);
  }

  ask(signal: AbortSignal): Promise<Answer> {
    if (signal.aborted) return Promise.reject(signal.reason);
    return new Promise<Answer>((resolve, reject) => {
      const onAbort = () => {
        cleanup();
        reject(signal.reason);
      };
      const finish = (answer: Answer) => {
        cleanup();
        resolve(answer);
      };
      const onKey = (key: Buffer | string) => {
        const text = key.toString();
        // Raw mode swallows Ctrl-C, so it is turned back into the signal the rest of the tour listens for.
        if (text === '\u0003') process.kill(process.pid, 'SIGINT');
        else if (text === 'q' || text === 'Q') finish('quit');
        else if (text === '\r' || text === '\n' || text === ' ') finish('continue');
      };
      const cleanup = () => {
        signal.removeEventListener('abort', onAbort);
        if (this.#raw) {
          this.#input.removeListener('data', onKey);
          this.#input.setRawMode?.(false);
          this.#input.pause();
        }
        this.#waiting = undefined;
      };
      signal.addEventListener('abort', onAbort, { once: true });
      if (this.#raw) {
        this.#input.setRawMode?.(true);
        this.#input.resume();
        this.#input.on('data', onKey);
        return;
      }
      const queued = this.#queued.shift();
      if (queued !== undefined) return finish(queued.trim().toLowerCase() === 'q' ? 'quit' : 'continue');
      if (this.#ended) return finish('quit');
      this.#waiting = (line) =>
        finish(line === null || line.trim().toLowerCase() === 'q' ? 'quit' : 'continue');
    });
  }

  close(): void {
    this.#lines?.close();
    if (this.#raw) this.#input.setRawMode?.(false);
    this.#input.pause();
  }
}
