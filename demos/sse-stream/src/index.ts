// What the labs import of this demo: the parser's contract and the library parser to compare with (lab 7),
// the cut scenarios and byte escapes that feed and show it, and where nginx is (preflight).
export { buildScenarios } from './cut-scenarios.ts';
export { escapeBytes } from './escape.ts';
export { parseChunks, splitAt } from './feed.ts';
export { createLibraryParser } from './library-parser.ts';
export { findNginx } from './nginx-proxy.ts';
export type { ByteStreamParser, SseHandlers } from './sse-event.ts';
