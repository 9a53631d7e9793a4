/**
 * The Streamable HTTP headers that mirror a JSON-RPC body (spec 2026-07-28, "Standard request headers").
 * The body stays the source of truth; these exist so gateways can route without parsing JSON.
 */

const NAME_BEARING_METHODS: Record<string, 'name' | 'uri'> = {
  'tools/call': 'name',
  'prompts/get': 'name',
  'resources/read': 'uri',
};

export const PROTOCOL_VERSION_META_KEY = 'io.modelcontextprotocol/protocolVersion';

export function mcpHeadersFor(message: unknown): Record<string, string> {
  const headers: Record<string, string> = {};
  if (!isObject(message) || typeof message.method !== 'string') return headers;
  const params = isObject(message.params) ? message.params : {};
  const meta = isObject(params._meta) ? params._meta : {};
  const version = meta[PROTOCOL_VERSION_META_KEY];
  if (typeof version === 'string') headers['MCP-Protocol-Version'] = version;
  headers['Mcp-Method'] = message.method;
  const nameKey = NAME_BEARING_METHODS[message.method];
  const name = nameKey ? params[nameKey] : undefined;
  if (typeof name === 'string') headers['Mcp-Name'] = name;
  return headers;
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
