import { Transform, type TransformCallback, type Writable } from 'node:stream';
import { type Direction, encodeBody } from './frames.ts';
import type { Masker } from './mask.ts';
import type { RecordingWriter } from './writer.ts';

/** A line longer than this is recorded cut, with its first bytes only; the server refuses it anyway. */
const MAX_RECORDED_LINE_BYTES = 4 * 1024 * 1024;

/** Passes bytes through unchanged and records each complete line as a stdio-line frame. */
class LineTap extends Transform {
  #parts: Buffer[] = [];
  #size = 0;

  constructor(
    private readonly direction: Direction,
    private readonly writer: RecordingWriter,
    private readonly masker: Masker,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    let start = 0;
    for (let at = chunk.indexOf(0x0a); at !== -1; at = chunk.indexOf(0x0a, start)) {
      this.#keep(chunk.subarray(start, at));
      this.#line();
      start = at + 1;
    }
    this.#keep(chunk.subarray(start));
    done(null, chunk);
  }

  override _flush(done: TransformCallback): void {
    if (this.#size > 0) this.#line();
    done();
  }

  #keep(part: Buffer): void {
    if (this.#size + part.length <= MAX_RECORDED_LINE_BYTES) this.#parts.push(part);
    this.#size += part.length;
  }

  #line(): void {
    let line = Buffer.concat(this.#parts);
    this.#parts = [];
    this.#size = 0;
    if (line.at(-1) === 0x0d) line = line.subarray(0, -1);
    if (line.length === 0) return;
    this.writer.write({
      kind: 'stdio-line',
      transport: 'stdio',
      direction: this.direction,
      line: this.masker.body(encodeBody(line)),
    });
  }
}

/**
 * Puts a recorder on a stdio server's two pipes: what the client writes is recorded as it reaches the
 * server, what the server writes as it leaves. Give the returned streams to the server's transport instead
 * of stdin and stdout; the bytes they carry are not changed.
 */
export function tapStdio(
  input: NodeJS.ReadableStream,
  output: Writable,
  writer: RecordingWriter,
  masker: Masker,
): { input: Transform; output: Transform } {
  const tappedInput = new LineTap('client-to-server', writer, masker);
  const tappedOutput = new LineTap('server-to-client', writer, masker);
  input.pipe(tappedInput);
  tappedOutput.pipe(output);
  // The reader of stdout went away: the transport hears it as an error on its output, as it would untapped.
  output.on('error', (error) => tappedOutput.destroy(error));
  return { input: tappedInput, output: tappedOutput };
}
