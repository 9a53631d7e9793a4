import { META } from './meta.ts';

/**
 * The Streamable HTTP headers that mirror a request's body (spec 2026-07-28, basic/transports/streamable-http,
 * "Standard request headers"), spelt as the spec and the article spell them. The body stays the truth; they
 * exist so a gateway can route without parsing JSON, and a server rejects one that disagrees with the body.
 */
export const HEADERS = {
  protocolVersion: 'MCP-Protocol-Version',
  method: 'Mcp-Method',
  name: 'Mcp-Name',
} as const;

/** `Mcp-Param-{Name}`: an argument a tool marks with `x-mcp-header`, mirrored the same way. */
export const PARAM_HEADER_PREFIX = 'Mcp-Param-';

const MIRRORED = new Set(Object.values(HEADERS).map((name) => name.toLowerCase()));

/** Whether a header (any case) is one of the three that mirror the body. */
export const isMirrorHeader = (name: string): boolean => MIRRORED.has(name.trim().toLowerCase());

/** Whether a header (any case) is one MCP defines: the mirrors and `Mcp-Param-*`. */
export const isMcpHeader = (name: string): boolean =>
  isMirrorHeader(name) || name.trim().toLowerCase().startsWith(PARAM_HEADER_PREFIX.toLowerCase());

/** The methods whose `Mcp-Name` mirrors a parameter, and which one. */
const NAME_SOURCE: Record<string, 'name' | 'uri'> = {
  'tools/call': 'name',
  'prompts/get': 'name',
  'resources/read': 'uri',
};

/** The mirror headers a client must send with this JSON-RPC message, in the order the article prints them. */
export function mcpHeadersFor(message: unknown): Record<string, string> {
  const headers: Record<string, string> = {};
  if (!isRecord(message) || typeof message.method !== 'string') return headers;
  const params = isRecord(message.params) ? message.params : {};
  const meta = isRecord(params._meta) ? params._meta : {};
  const version = meta[META.protocolVersion];
  if (typeof version === 'string') headers[HEADERS.protocolVersion] = version;
  headers[HEADERS.method] = message.method;
  const source = NAME_SOURCE[message.method];
  const name = source ? params[source] : undefined;
  if (typeof name === 'string') headers[HEADERS.name] = name;
  return headers;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
