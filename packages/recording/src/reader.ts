import { readFileSync, statSync } from 'node:fs';
import { Ajv2020, type ErrorObject } from 'ajv/dist/2020.js';
import schema from '../schema/recording-frame.schema.json' with { type: 'json' };
import type { ExchangeFrame, Frame, StartFrame } from './frames.ts';

/** A recording larger than this is refused before it is read (a class recording is a few hundred KB). */
export const MAX_RECORDING_BYTES = 64 * 1024 * 1024;

export type RecordingProblem =
  | 'empty'
  | 'too-large'
  | 'not-json'
  | 'truncated'
  | 'schema'
  | 'no-start'
  | 'sequence'
  | 'orphan';

/** What is wrong with a recording file, and on which line (1-based), for a message a person can act on. */
export class RecordingError extends Error {
  override name = 'RecordingError';
  constructor(
    readonly problem: RecordingProblem,
    readonly line: number,
    readonly detail: string,
  ) {
    super(`line ${line}: ${problem}: ${detail}`);
  }
}

export interface Recording {
  start: StartFrame;
  frames: ExchangeFrame[];
}

const ajv = new Ajv2020({ allErrors: false, strict: true, validateFormats: false });
const validateFrame = ajv.compile<Frame>(schema);

function describe(errors: ErrorObject[] | null | undefined): string {
  // oneOf reports every branch; the most specific error is the deepest one.
  const deepest = [...(errors ?? [])].sort((a, b) => b.instancePath.length - a.instancePath.length)[0];
  if (!deepest) return 'does not match the frame schema';
  return `${deepest.instancePath || '(frame)'} ${deepest.message ?? 'is invalid'}`;
}

/**
 * Reads and checks a recording line by line: each line must be JSON, a frame of the schema, numbered in
 * order, and belong to an exchange that was opened before it. The first problem is thrown as a
 * RecordingError naming its line; nothing is half-read.
 */
export function parseRecording(text: string): Recording {
  if (text.trim() === '') throw new RecordingError('empty', 1, 'the file has no frames');
  const lines = text.split('\n');
  // A file written to the end finishes with a newline; without one, the last line may have been cut.
  const endsCleanly = text.endsWith('\n');
  if (endsCleanly) lines.pop();
  let start: StartFrame | undefined;
  const frames: ExchangeFrame[] = [];
  const requests = new Set<number>();
  const streams = new Set<number>();
  for (const [index, line] of lines.entries()) {
    const number = index + 1;
    if (line.trim() === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (error) {
      const isLast = index === lines.length - 1;
      if (isLast && !endsCleanly)
        throw new RecordingError('truncated', number, 'the file ends inside this line');
      throw new RecordingError('not-json', number, error instanceof Error ? error.message : String(error));
    }
    if (!validateFrame(value)) throw new RecordingError('schema', number, describe(validateFrame.errors));
    const frame = value;
    const expected = start === undefined ? 0 : frames.length + 1;
    if (start === undefined && frame.kind !== 'start')
      throw new RecordingError(
        'no-start',
        number,
        `the first frame must be a start frame, not ${frame.kind}`,
      );
    if (frame.seq !== expected)
      throw new RecordingError('sequence', number, `seq is ${frame.seq}, expected ${expected}`);
    if (frame.kind === 'start') {
      start = frame;
      continue;
    }
    switch (frame.kind) {
      case 'http-request':
        requests.add(frame.exchange);
        break;
      case 'http-response':
        if (!requests.has(frame.exchange))
          throw new RecordingError(
            'orphan',
            number,
            `a response to exchange ${frame.exchange}, which has no request`,
          );
        if (frame.body === undefined) streams.add(frame.exchange);
        break;
      case 'sse-event':
      case 'http-end':
        if (!streams.has(frame.exchange))
          throw new RecordingError(
            'orphan',
            number,
            `an SSE frame of exchange ${frame.exchange}, which has no open stream`,
          );
        if (frame.kind === 'http-end') streams.delete(frame.exchange);
        break;
      case 'stdio-line':
        break;
    }
    frames.push(frame);
  }
  if (!start) throw new RecordingError('empty', 1, 'the file has no frames');
  return { start, frames };
}

export function readRecording(file: string): Recording {
  const size = statSync(file).size;
  if (size > MAX_RECORDING_BYTES)
    throw new RecordingError('too-large', 1, `${size} bytes, more than ${MAX_RECORDING_BYTES}`);
  return parseRecording(readFileSync(file, 'utf8'));
}
