// The demo's recorded exchanges: the kit's own fixtures, not the article's. They live beside the demo,
// with a manifest of their own, so nothing can mistake them for `fixtures/` (the article's bytes).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FixtureEntry } from '@memos-kit/wire';

export const recordingsDir = fileURLToPath(new URL('../recordings/', import.meta.url));

export interface RecordingManifest {
  /** Says whose bytes these are: the kit's, recorded by `pnpm --filter @memos-kit/demo-features record`. */
  source: { zh: string; en: string };
  protocolVersion: string;
  /** Same fields as the article's manifest entries, so the docs draw them with the same components. */
  recordings: FixtureEntry[];
}

export function loadRecordingManifest(): RecordingManifest {
  return JSON.parse(readFileSync(join(recordingsDir, 'manifest.json'), 'utf8')) as RecordingManifest;
}

/** A recording's file by its key in the manifest (`request`, `response`, `requestBody`). */
export function recordingPath(entry: FixtureEntry, file: 'request' | 'response' | 'requestBody'): string {
  return join(recordingsDir, entry.dir, String(entry.files[file]));
}
