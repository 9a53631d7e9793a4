export { ErrorCode, type ErrorCodeName } from './errors.ts';
export { HEADERS, isMcpHeader, isMirrorHeader, mcpHeadersFor, PARAM_HEADER_PREFIX } from './headers.ts';
export { MAX_JSON_DEPTH, nestedDeeperThan } from './limits.ts';
export { type Implementation, META, REQUIRED_META_KEYS, requestMeta } from './meta.ts';
export { createSseParser, parseSse, type RawSseEvent, type SseEvent, SseSplitter } from './sse.ts';
export { PROTOCOL_VERSION } from './version.ts';
