/**
 * The protocol revision the kit speaks, and the one the article shows: a client names it in every request's
 * `_meta` and in the `MCP-Protocol-Version` header, and a server lists it in `server/discover`'s
 * `supportedVersions` (spec 2026-07-28, basic/versioning).
 */
export const PROTOCOL_VERSION = '2026-07-28';
