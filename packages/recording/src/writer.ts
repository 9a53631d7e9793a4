import { closeSync, openSync, writeSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { PROTOCOL_VERSION } from '@memos-kit/protocol';
import { FORMAT, type Frame, type FrameInput, type StartFrame } from './frames.ts';

export interface WriterOptions {
  /** What is recording, e.g. `pnpm serve --record`. */
  recorder: string;
  origin?: StartFrame['origin'];
  /** Frames are appended here, one line each, as they happen; omitted: kept in memory only. */
  file?: string;
  /** A fixed clock for converted recordings, whose frames carry their own times. */
  now?: () => { time: string; elapsedMs: number };
}

/**
 * Numbers, times and writes frames, one JSON line each. Each line is written synchronously as its frame
 * happens, so a recording cut short by Ctrl-C still holds every frame up to the cut (and the reader says
 * which line is incomplete if the cut fell inside one).
 */
export class RecordingWriter {
  readonly frames: Frame[] = [];
  readonly #fd: number | undefined;
  readonly #started = performance.now();
  readonly #now: () => { time: string; elapsedMs: number };
  #seq = 0;

  constructor(options: WriterOptions) {
    this.#now =
      options.now ??
      (() => ({
        time: new Date().toISOString(),
        elapsedMs: Math.round((performance.now() - this.#started) * 10) / 10,
      }));
    // Appending: a client that starts the server twice (the SDK's stdio probe) leaves two sessions, not one.
    if (options.file !== undefined) this.#fd = openSync(options.file, 'a');
    this.#emit({
      seq: 0,
      ...this.#now(),
      kind: 'start',
      format: FORMAT,
      protocolVersion: PROTOCOL_VERSION,
      recorder: options.recorder,
      origin: options.origin ?? 'kit',
    });
  }

  write(frame: FrameInput, at?: { time: string; elapsedMs: number }): Frame {
    this.#seq += 1;
    const full = { seq: this.#seq, ...(at ?? this.#now()), ...frame } as Frame;
    this.#emit(full);
    return full;
  }

  close(): void {
    if (this.#fd !== undefined) closeSync(this.#fd);
  }

  #emit(frame: Frame): void {
    this.frames.push(frame);
    if (this.#fd !== undefined) writeSync(this.#fd, `${JSON.stringify(frame)}\n`);
  }
}

/** Frames as JSONL text, for converters and exporters that write a whole file at once. */
export function toJsonl(frames: readonly Frame[]): string {
  return frames.map((frame) => `${JSON.stringify(frame)}\n`).join('');
}
