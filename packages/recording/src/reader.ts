import { readFileSync, statSync } from 'node:fs';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
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
  /** The first session's start frame. */
  start: StartFrame;
  /** Every exchange frame of every session, in file order; HTTP exchanges numbered across sessions. */
  frames: ExchangeFrame[];
  /** Every frame as it stands in the file, start frames included, for writing the file back. */
  all: Frame[];
}

/** Compiled on first use: a server that never reads a recording pays nothing for it. */
let frameValidator: ValidateFunction<Frame> | undefined;
function frameValidatorOnce(): ValidateFunction<Frame> {
  frameValidator ??= new Ajv2020({ allErrors: false, strict: true, validateFormats: false }).compile<Frame>(
    schema,
  );
  return frameValidator;
}

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
  const all: Frame[] = [];
  let requests = new Set<number>();
  let streams = new Set<number>();
  // A file may hold several sessions, one after another (a recorder appends): each opens with a start
  // frame and numbers its frames from 0; its HTTP exchanges are numbered after the previous sessions'.
  let seq = -1;
  let offset = 0;
  let highest = 0;
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
    const validateFrame = frameValidatorOnce();
    if (!validateFrame(value)) throw new RecordingError('schema', number, describe(validateFrame.errors));
    const read = value;
    if (start === undefined && read.kind !== 'start')
      throw new RecordingError('no-start', number, `the first frame must be a start frame, not ${read.kind}`);
    const expected = read.kind === 'start' ? 0 : seq + 1;
    if (read.seq !== expected)
      throw new RecordingError('sequence', number, `seq is ${read.seq}, expected ${expected}`);
    seq = read.seq;
    all.push(read);
    if (read.kind === 'start') {
      start ??= read;
      offset = highest;
      requests = new Set();
      streams = new Set();
      continue;
    }
    const frame = read.kind === 'stdio-line' ? read : { ...read, exchange: read.exchange + offset };
    const problem = checkOrder(frame, requests, streams);
    if (problem) throw new RecordingError('orphan', number, problem);
    if (frame.kind !== 'stdio-line') highest = Math.max(highest, frame.exchange);
    frames.push(frame);
  }
  if (!start) throw new RecordingError('empty', 1, 'the file has no frames');
  return { start, frames, all };
}

/** An exchange's frames come in order: request, response, then (for a stream) its events and its end. */
function checkOrder(frame: ExchangeFrame, requests: Set<number>, streams: Set<number>): string | undefined {
  switch (frame.kind) {
    case 'http-request':
      requests.add(frame.exchange);
      return undefined;
    case 'http-response':
      if (!requests.has(frame.exchange))
        return `a response to exchange ${frame.exchange}, which has no request`;
      if (frame.body === undefined) streams.add(frame.exchange);
      return undefined;
    case 'sse-event':
    case 'http-end':
      if (!streams.has(frame.exchange))
        return `an SSE frame of exchange ${frame.exchange}, which has no open stream`;
      if (frame.kind === 'http-end') streams.delete(frame.exchange);
      return undefined;
    case 'stdio-line':
      return undefined;
  }
}

export function readRecording(file: string): Recording {
  const size = statSync(file).size;
  if (size > MAX_RECORDING_BYTES)
    throw new RecordingError('too-large', 1, `${size} bytes, more than ${MAX_RECORDING_BYTES}`);
  return parseRecording(readFileSync(file, 'utf8'));
}
