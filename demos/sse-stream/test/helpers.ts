import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Fixture } from '@memos-kit/wire';

/** The JSON-RPC messages the article's SSE body carries, read from the fixture's `messages` files. */
export function fixtureMessages(fixture: Fixture): unknown[] {
  const files = fixture.entry.files.messages;
  if (!Array.isArray(files)) throw new Error(`Fixture "${fixture.entry.id}" lists no messages`);
  return files.map((file) => JSON.parse(readFileSync(join(fixture.dir, file), 'utf8')) as unknown);
}

export const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
