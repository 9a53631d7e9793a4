import { readFileSync, statSync } from 'node:fs';
import { fromFixtures, fromTourReport, isTourReport } from './convert.ts';
import { MAX_RECORDING_BYTES, parseRecording, type Recording, RecordingError } from './reader.ts';

/** The word that stands for the article's fixtures wherever a recording file is expected. */
export const FIXTURES_SOURCE = 'fixtures';

export type SourceKind = 'recording' | 'tour-report' | 'fixtures';

/**
 * Reads whatever `pnpm replay` is given: a recording (JSONL), a `pnpm demo --json` report, or the word
 * `fixtures`. The two others are converted on the way in, so every command works on all three.
 */
export function loadSource(source: string): { kind: SourceKind; recording: Recording } {
  if (source === FIXTURES_SOURCE) return { kind: 'fixtures', recording: fromFixtures() };
  const size = statSync(source).size;
  if (size > MAX_RECORDING_BYTES)
    throw new RecordingError('too-large', 1, `${size} bytes, more than ${MAX_RECORDING_BYTES}`);
  const text = readFileSync(source, 'utf8');
  // A report is one JSON document; a recording of more than one line is not, so this cannot mistake one.
  let whole: unknown;
  try {
    whole = JSON.parse(text);
  } catch {
    whole = undefined;
  }
  if (isTourReport(whole)) return { kind: 'tour-report', recording: fromTourReport(whole) };
  return { kind: 'recording', recording: parseRecording(text) };
}
