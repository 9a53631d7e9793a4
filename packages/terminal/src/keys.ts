/**
 * Ctrl-C read as a key, for a command shown on a terminal.
 *
 * Left to the terminal, Ctrl-C sends SIGINT to the whole foreground process group: pnpm, the `sh -c` pnpm
 * runs the script in, and node. dash (sh on Debian and Ubuntu) dies of that SIGINT as soon as node has
 * exited, whatever node's exit status, and pnpm 12 reports a script whose shell died of a signal as
 * "[ELIFECYCLE] Command failed.", in red, however calmly node stopped. In raw mode the terminal sends no
 * signal: the key arrives here, and becomes a SIGINT for this process alone (`interrupt`), which
 * `closeOnSignals` (in `@memos-kit/process`) turns into a calm stop. The shell then ends with node's status.
 *
 * Raw mode also keeps keys pressed during a demo off the screen; output is unchanged (newlines still
 * return the carriage). Node puts the terminal back as it found it when the process exits.
 */
const CTRL_C = '\u0003';

/**
 * Ctrl-C read as a key, delivered as the SIGINT the terminal would have sent, to this process alone: an
 * event, not a signal, since on Windows `process.kill` with SIGINT ends a process outright. With nobody
 * listening it ends the process as a shell reports Ctrl-C.
 */
export function interrupt(): void {
  if (!process.emit('SIGINT', 'SIGINT')) process.exit(130);
}

type Input = NodeJS.ReadableStream & {
  isTTY?: boolean;
  setRawMode?(mode: boolean): unknown;
  ref?(): unknown;
  unref?(): unknown;
};

export class Keys {
  readonly #input: Input;
  #waiting: ((key: string) => void) | undefined;
  #released = false;

  /** Reads keys from `input` when both it and `output` are a terminal; undefined otherwise (a pipe, a file). */
  static read(input: Input = process.stdin, output: { isTTY?: boolean } = process.stdout): Keys | undefined {
    if (input.isTTY !== true || output.isTTY !== true || typeof input.setRawMode !== 'function')
      return undefined;
    return new Keys(input);
  }

  private constructor(input: Input) {
    this.#input = input;
    input.setRawMode?.(true);
    input.on('data', this.#onData);
    input.resume();
    // Reading keys never keeps the process alive: a demo ends when its work does.
    input.unref?.();
  }

  readonly #onData = (chunk: Buffer | string) => {
    const text = chunk.toString();
    if (text.includes(CTRL_C)) {
      interrupt();
      return;
    }
    // A key nobody waits for (Enter pressed while a step runs) is dropped, so it cannot answer a later pause.
    const waiting = this.#waiting;
    this.#waiting = undefined;
    waiting?.(text);
  };

  /** The next key pressed (Ctrl-C aside), as the terminal sends it: `\r` for Enter. */
  next(signal?: AbortSignal): Promise<string> {
    if (this.#released) return Promise.reject(new Error('the keys were given back to the terminal'));
    if (signal?.aborted) return Promise.reject(signal.reason);
    return new Promise((resolve, reject) => {
      const onAbort = () => {
        this.#waiting = undefined;
        reject(signal?.reason);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      // Waiting on a person: the process stays alive until the key comes.
      this.#input.ref?.();
      this.#waiting = (key) => {
        signal?.removeEventListener('abort', onAbort);
        this.#input.unref?.();
        resolve(key);
      };
    });
  }

  /**
   * Gives the terminal back, for a mode that reads what a person types: cooked mode, and stdin no longer
   * read here. Ctrl-C is the terminal's signal again, unless that mode reads it as a key itself.
   */
  release(): void {
    if (this.#released) return;
    this.#released = true;
    this.#input.removeListener('data', this.#onData);
    this.#input.setRawMode?.(false);
    this.#input.pause();
    this.#input.ref?.();
  }
}
