import { createInterface, type Interface } from 'node:readline';
import { interrupt, type Keys } from '@memos-kit/terminal';

export type Answer = 'continue' | 'quit';

interface Input extends NodeJS.ReadableStream {
  isTTY?: boolean;
  setRawMode?(mode: boolean): unknown;
}

/**
 * The pause between steps for a class. On a terminal one key is enough (Enter, space, q), asked of the
 * command's keys when it reads them; from a pipe a line is read (empty continues, q quits), and the end of
 * input quits, so a closed pipe can never hang the tour.
 */
export class Prompt {
  readonly #input: Input;
  readonly #keys: Keys | undefined;
  readonly #raw: boolean;
  #lines: Interface | undefined;
  readonly #queued: string[] = [];
  #waiting: ((line: string | null) => void) | undefined;
  #ended = false;

  constructor(input: Input, keys?: Keys) {
    this.#input = input;
    this.#keys = keys;
    this.#raw = !keys && Boolean(input.isTTY && input.setRawMode);
    if (!keys && !this.#raw) {
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
    if (this.#keys) return this.#askKeys(this.#keys, signal);
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
        // Raw mode swallows Ctrl-C, so it is turned back into the SIGINT the tour stops on.
        if (text === '\u0003') interrupt();
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

  /** Other keys wait on; Ctrl-C never arrives here, the keys turn it into the signal the tour stops on. */
  async #askKeys(keys: Keys, signal: AbortSignal): Promise<Answer> {
    for (;;) {
      const key = await keys.next(signal);
      if (key === 'q' || key === 'Q') return 'quit';
      if (key === '\r' || key === '\n' || key === ' ') return 'continue';
    }
  }

  close(): void {
    // The command's keys stay: Ctrl-C is read as a key until the process ends.
    if (this.#keys) return;
    this.#lines?.close();
    if (this.#raw) this.#input.setRawMode?.(false);
    this.#input.pause();
  }
}
