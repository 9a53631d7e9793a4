import type { SseEvent } from '@memos-kit/protocol';
import type { ByteStreamParser, SseHandlers } from './sse-event.ts';

export interface ParseOutcome {
  events: SseEvent[];
  comments: string[];
}

/** Feeds `chunks` to a fresh parser, one push per chunk, and collects what it dispatched. */
export function parseChunks(
  createParser: (handlers: SseHandlers) => ByteStreamParser,
  chunks: Iterable<Uint8Array>,
): ParseOutcome {
  const outcome: ParseOutcome = { events: [], comments: [] };
  const parser = createParser({
    onEvent: (event) => outcome.events.push(event),
    onComment: (text) => outcome.comments.push(text),
  });
  for (const chunk of chunks) parser.push(chunk);
  parser.end();
  return outcome;
}

/** Cuts `bytes` at the given offsets (any order, duplicates allowed: an empty read is a read too). */
export function splitAt(bytes: Uint8Array, offsets: readonly number[]): Uint8Array[] {
  const cuts = [...offsets].filter((offset) => offset >= 0 && offset <= bytes.length).sort((a, b) => a - b);
  const chunks: Uint8Array[] = [];
  let start = 0;
  for (const cut of cuts) {
    chunks.push(bytes.subarray(start, cut));
    start = cut;
  }
  chunks.push(bytes.subarray(start));
  return chunks;
}
