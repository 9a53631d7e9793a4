import type { Paint } from './colour.ts';
import { UsageError } from './command.ts';
import { bilingualMessages, type Lang } from './i18n.ts';
import { Keys } from './keys.ts';
import { TypedLines } from './typed-lines.ts';

/** What a person answers at a pause between steps. */
export type Pause = 'continue' | 'quit';

interface Input extends NodeJS.ReadableStream {
  isTTY?: boolean;
  setRawMode?(mode: boolean): unknown;
  ref?(): unknown;
  unref?(): unknown;
}

interface Output extends NodeJS.WritableStream {
  isTTY?: boolean;
}

export interface PromptOptions {
  input?: Input;
  output?: Output;
  /** The command's keys (`ParsedCommand.keys`), when it reads them. */
  keys?: Keys | undefined;
  /** The command's paint: a question stands out from what the demo prints. */
  paint?: Paint;
}

/**
 * What a demo asks of the person in front of it, the same way in every demo: a pause between steps, and an
 * answer typed after a question.
 *
 * A pause on a terminal is one key: Enter or space goes on, q quits. The command's keys read it, or the
 * prompt's own when stdout is a pipe but stdin a terminal (`pnpm demo --interactive | tee`). From a pipe a
 * pause is a line (empty goes on, q quits), read without a word written, and the end of the input quits,
 * so a closed pipe never hangs a demo.
 *
 * An answer is a line (TypedLines): typed and edited on a terminal, echoed after its question from a pipe,
 * so a class's script of answers reads like a session. The first question gives the terminal to readline,
 * which reads Ctrl-C as a key too; from then on a pause reads lines as well.
 */
export class Prompt {
  readonly #input: Input;
  readonly #output: Output;
  readonly #paint: Paint | undefined;
  #keys: Keys | undefined;
  #ownKeys = false;
  #lines: TypedLines | undefined;

  constructor({ input = process.stdin, output = process.stdout, keys, paint }: PromptOptions = {}) {
    this.#input = input;
    this.#output = output;
    this.#keys = keys;
    this.#paint = paint;
  }

  /** Waits for the go-ahead; `signal` (Ctrl-C, SIGTERM) calls the pause off, rejecting with its reason. */
  async pause(signal?: AbortSignal): Promise<Pause> {
    const keys = this.#pauseKeys();
    if (keys) {
      for (;;) {
        // Other keys wait on; Ctrl-C never arrives here, the keys turn it into the stop the demo hears.
        const key = await keys.next(signal);
        if (key === 'q' || key === 'Q') return 'quit';
        if (key === '\r' || key === '\n' || key === ' ') return 'continue';
      }
    }
    const line = await unlessAborted(this.#typed().read(), signal);
    return line === undefined || line.trim().toLowerCase() === 'q' ? 'quit' : 'continue';
  }

  /** The answer typed after `question`, trimmed; undefined once the input has ended (Ctrl-D, a pipe's end). */
  async ask(question: string): Promise<string | undefined> {
    const shown = this.#paint ? this.#paint(['bold', 'warn'], question) : question;
    return (await this.#typed().ask(shown))?.trim();
  }

  /** A yes-or-no question, no unless the answer is y, yes or 是 (in any case). */
  async confirm(question: string): Promise<boolean> {
    const answer = (await this.ask(`${question} [y/N] `))?.toLowerCase();
    return answer === 'y' || answer === 'yes' || answer === '是';
  }

  /**
   * Stops reading, so the process can end once the demo is over. The command's keys stay: Ctrl-C is read
   * as a key until the process ends.
   */
  close(): void {
    this.#lines?.close();
    if (this.#ownKeys) this.#keys?.release();
  }

  /** The keys a pause reads: none once readline has the terminal, nor from a pipe. */
  #pauseKeys(): Keys | undefined {
    if (this.#lines) return undefined;
    if (!this.#keys) {
      this.#keys = Keys.read(this.#input, { isTTY: true });
      this.#ownKeys = this.#keys !== undefined;
    }
    return this.#keys;
  }

  #typed(): TypedLines {
    this.#lines ??= new TypedLines({ input: this.#input, output: this.#output, keys: this.#keys });
    return this.#lines;
  }
}

const confirmMessages = bilingualMessages({
  needsYes: {
    zh: '这里没有终端可以询问你；确定要这样做就加上 --yes',
    en: 'there is no terminal to ask you on; add --yes if you mean it',
  },
});

export interface ConfirmOptions extends PromptOptions {
  lang: Lang;
  /** The command's `--yes`: go ahead without asking. */
  yes?: boolean | undefined;
}

/**
 * Asks before a command changes something the person may want to keep (a file written over, a starter reset).
 * `--yes` goes ahead without asking; with no terminal to ask on and no `--yes`, it is a usage error, so a
 * script never changes a file on an answer nobody typed.
 */
export async function confirm(question: string, { lang, yes, ...io }: ConfirmOptions): Promise<boolean> {
  if (yes) return true;
  if ((io.input ?? process.stdin).isTTY !== true) throw new UsageError(confirmMessages.t(lang, 'needsYes'));
  const prompt = new Prompt(io);
  try {
    return await prompt.confirm(question);
  } finally {
    prompt.close();
  }
}

/** `pending`, or the signal's reason as soon as it is aborted. */
function unlessAborted<T>(pending: Promise<T>, signal?: AbortSignal): Promise<T> {
  if (!signal) return pending;
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    pending.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}
