import type { Readable } from 'node:stream';

const NEWLINE = 0x0a;

/**
 * Newline framing on a byte stream, the heart of MCP's stdio transport.
 *
 * A pipe delivers bytes in chunks whose sizes have nothing to do with messages: one read may hold
 * half a message, or two and a half. So bytes pile up here until a 0x0A arrives, and only a whole
 * line is handed out. Decoding waits for the whole line too: a chunk boundary can fall inside a
 * multi-byte UTF-8 character (中 is E4 B8 AD), and decoding chunk by chunk would break it.
 * Searching the raw bytes for 0x0A is safe: every byte of a multi-byte character is 0x80 or more,
 * so a 0x0A byte is always a real newline.
 */
export class LineSplitter {
  #pending: Buffer = Buffer.alloc(0);

  /** Adds a chunk and returns every line it completes, each still ending with its `\n`. */
  push(chunk: Uint8Array): Buffer[] {
    this.#pending = Buffer.concat([this.#pending, chunk]);
    const lines: Buffer[] = [];
    let start = 0;
    let end = this.#pending.indexOf(NEWLINE);
    while (end !== -1) {
      lines.push(this.#pending.subarray(start, end + 1));
      start = end + 1;
      end = this.#pending.indexOf(NEWLINE, start);
    }
    this.#pending = this.#pending.subarray(start);
    return lines;
  }

  /** Bytes received after the last newline: the start of a message that is not complete yet. */
  get pending(): Buffer {
    return this.#pending;
  }

  /** Hands out the pending bytes and forgets them (at EOF, nothing more can complete them). */
  takePending(): Buffer {
    const rest = this.#pending;
    this.#pending = Buffer.alloc(0);
    return rest;
  }
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Decodes one whole line; invalid UTF-8 is an error, never silently replaced by U+FFFD. */
export function decodeLine(line: Uint8Array): string {
  return utf8.decode(line);
}

export class IncompleteLineError extends Error {
  readonly bytes: Buffer;

  constructor(bytes: Buffer) {
    super(`the stream ended inside a message: ${bytes.length} bytes without a closing newline`);
    this.name = 'IncompleteLineError';
    this.bytes = bytes;
  }
}

/** The lines of a stream, as they complete. At EOF, leftover bytes are an error, not a message. */
export async function* readLines(
  stream: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
): AsyncGenerator<Buffer> {
  const splitter = new LineSplitter();
  for await (const chunk of stream) {
    yield* splitter.push(chunk);
  }
  if (splitter.pending.length > 0) {
    throw new IncompleteLineError(splitter.pending);
  }
}

/**
 * Why a read timed out, so that a lesson can say it in the class's language (the message stays English:
 * it is an error of this module, like the article client's own errors).
 */
export type TimeoutReason = 'nothing' | 'idle' | 'partial' | 'open';

const TIMEOUT_STATES: Record<TimeoutReason, (bytes: number) => string> = {
  nothing: () => 'the client has received nothing back',
  idle: () => 'nothing since the last complete line',
  partial: (bytes) => `${bytes} bytes waiting for their newline`,
  open: (bytes) => `${bytes} bytes received, the stream still open`,
};

export class ReadTimeoutError extends Error {
  readonly waitedMs: number;
  /** Bytes in hand that do not make a message yet. */
  readonly pendingBytes: number;
  /** What the reader was waiting for and had: 'open' waits for EOF, the others for a line. */
  readonly reason: TimeoutReason;
  /** Bytes received in all (what 'open' reports). */
  readonly received: number;

  constructor(
    waitedMs: number,
    pendingBytes: number,
    reason: TimeoutReason = 'partial',
    received = pendingBytes,
  ) {
    const waitingFor = reason === 'open' ? 'EOF' : 'complete line';
    const count = reason === 'open' ? received : pendingBytes;
    super(`no ${waitingFor} after ${waitedMs} ms (${TIMEOUT_STATES[reason](count)})`);
    this.name = 'ReadTimeoutError';
    this.waitedMs = waitedMs;
    this.pendingBytes = pendingBytes;
    this.reason = reason;
    this.received = received;
  }
}

/**
 * Python's `readline()` for a Node stream, with a timeout: resolves with the next line including
 * its `\n`; at EOF with whatever is left, which is an incomplete message if it has no `\n`, or
 * an empty buffer if the stream simply ended. The caller tells those cases apart, as the article's
 * client does. One caller at a time: like readline(), it is a sequential read, not a dispatcher.
 */
export class LineReader {
  readonly #splitter = new LineSplitter();
  readonly #lines: Buffer[] = [];
  #received = 0;
  #ended = false;
  #wake: (() => void) | undefined;

  constructor(stream: Readable) {
    stream.on('data', (chunk: Buffer) => {
      this.#received += chunk.length;
      this.#lines.push(...this.#splitter.push(chunk));
      this.#wake?.();
    });
    stream.on('end', () => {
      this.#ended = true;
      this.#wake?.();
    });
  }

  async readLine(timeoutMs: number): Promise<Buffer> {
    const deadline = Date.now() + timeoutMs;
    while (this.#lines.length === 0 && !this.#ended) {
      const left = deadline - Date.now();
      if (left <= 0) throw this.#timeout(timeoutMs);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.#wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.#wake = undefined;
    }
    const line = this.#lines.shift();
    if (line) return line;
    return this.#splitter.takePending();
  }

  /** Says what the client has in hand: nothing at all is another story than half a message. */
  #timeout(timeoutMs: number): ReadTimeoutError {
    const pending = this.#splitter.pending.length;
    if (this.#received === 0) return new ReadTimeoutError(timeoutMs, 0, 'nothing');
    if (pending === 0) return new ReadTimeoutError(timeoutMs, 0, 'idle', this.#received);
    return new ReadTimeoutError(timeoutMs, pending, 'partial', this.#received);
  }
}
