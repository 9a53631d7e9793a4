/**
 * The JSON-RPC error codes a 2026-07-28 server answers with (spec 2026-07-28, basic/index, "Error codes"):
 * JSON-RPC's own five, and the three the spec allocated in its reserved range -32020…-32099. Over HTTP the
 * last three, and -32602 for a request without its `_meta`, come with status 400. Names as the SDK's
 * `ProtocolErrorCode` has them; it has no HeaderMismatch, which its HTTP entry alone sends.
 */
export const ErrorCode = {
  ParseError: -32700,
  InvalidRequest: -32600,
  MethodNotFound: -32601,
  /** Also an unknown tool, an invalid cursor, and a request without the required `_meta` keys. */
  InvalidParams: -32602,
  InternalError: -32603,
  /** An `MCP-Protocol-Version`, `Mcp-Method`, `Mcp-Name` or `Mcp-Param-*` header missing or not mirroring the body. */
  HeaderMismatch: -32020,
  /** Serving the request needs a client capability the request did not declare; `data.requiredCapabilities`. */
  MissingRequiredClientCapability: -32021,
  /** `data.supported` and `data.requested`. */
  UnsupportedProtocolVersion: -32022,
} as const;

export type ErrorCodeName = keyof typeof ErrorCode;
