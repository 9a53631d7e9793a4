export { type ParseOutcome, parseChunks, splitAt } from './feed.ts';
export { createLibraryParser } from './library-parser.ts';
export type { ByteStreamParser, SseEvent, SseHandlers } from './sse-event.ts';
export { createTeachingParser } from './teaching-parser.ts';
