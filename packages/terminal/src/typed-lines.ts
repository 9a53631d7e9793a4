import { createInterface, type Interface } from 'node:readline';
import { interrupt, type Keys } from './keys.ts';

interface Input extends NodeJS.ReadableStream {
  isTTY?: boolean;
}

interface Output extends NodeJS.WritableStream {
  isTTY?: boolean;
}

/**
 * Lines a person types after a prompt, or that a pipe brings (a class's script of answers).
 *
 * On a terminal, readline reads them: it echoes and edits the line and redraws the prompt, in raw mode, so
 * Ctrl-C is a key here too and stops this process alone, as keys.ts explains. From a pipe, each line is
 * echoed after its prompt, so a transcript reads like a session. The lines are buffered, so answers piped in
 * ahead of the prompts are not lost.
 */
export class TypedLines {
  readonly #reader: Interface;
  readonly #lines: AsyncIterator<string>;
  readonly #output: Output;
  readonly #terminal: boolean;

  /** `keys`, the command's, are given back to the terminal first: readline reads it from now on. */
  constructor({ input, output, keys }: { input: Input; output: Output; keys?: Keys | undefined }) {
    keys?.release();
    this.#output = output;
    this.#terminal = input.isTTY === true && output.isTTY === true;
    this.#reader = this.#terminal
      ? createInterface({ input, output, terminal: true })
      : createInterface({ input, terminal: false });
    if (this.#terminal)
      this.#reader.on('SIGINT', () => {
        // The prompt's line is still open: what is said about the stop goes below it.
        output.write('\n');
        interrupt();
      });
    this.#lines = this.#reader[Symbol.asyncIterator]();
  }

  /** The next line, after `prompt` (already styled); undefined when the input has ended (Ctrl-D, a pipe's end). */
  async ask(prompt: string): Promise<string | undefined> {
    if (this.#terminal) {
      this.#reader.setPrompt(prompt);
      this.#reader.prompt();
    } else this.#output.write(prompt);
    const line = await this.read();
    // A terminal shows what was typed, and its Enter; a pipe's line (or its end) is written out here.
    if (!this.#terminal || line === undefined) this.#output.write(`${line ?? ''}\n`);
    return line;
  }

  /** The next line, with nothing written: for a pause whose question is already on the screen. */
  async read(): Promise<string | undefined> {
    const next = await this.#lines.next();
    return next.done ? undefined : String(next.value);
  }

  /**
   * Stops reading. A terminal's stdin (or a pipe nobody closes) that is still being read keeps the process
   * alive after the last question, waiting for a line or Ctrl-D; closing the reader lets it end.
   */
  close(): void {
    this.#reader.close();
  }
}
