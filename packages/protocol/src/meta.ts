import { PROTOCOL_VERSION } from './version.ts';

/**
 * The reserved `_meta` keys the kit reads and writes (spec 2026-07-28, basic/index, "_meta"). A request
 * MUST carry the protocol version and the client's capabilities; clientInfo is a SHOULD; serverInfo goes in
 * a result's `_meta`, subscriptionId in a notification on a `subscriptions/listen` stream.
 */
export const META = {
  protocolVersion: 'io.modelcontextprotocol/protocolVersion',
  clientCapabilities: 'io.modelcontextprotocol/clientCapabilities',
  clientInfo: 'io.modelcontextprotocol/clientInfo',
  serverInfo: 'io.modelcontextprotocol/serverInfo',
  subscriptionId: 'io.modelcontextprotocol/subscriptionId',
} as const;

/** The keys without which a request is malformed: answered `-32602` (400 over HTTP). */
export const REQUIRED_META_KEYS = [META.protocolVersion, META.clientCapabilities] as const;

export interface Implementation {
  name: string;
  version: string;
}

/**
 * The `_meta` envelope of a request, keys in the order the article prints them in its tools/call: the
 * protocol version, the client's capabilities (`{}`: none of the optional ones), and who the client is.
 */
export function requestMeta(
  options: { clientCapabilities?: Record<string, unknown>; clientInfo?: Implementation } = {},
): Record<string, unknown> {
  return {
    [META.protocolVersion]: PROTOCOL_VERSION,
    [META.clientCapabilities]: options.clientCapabilities ?? {},
    ...(options.clientInfo ? { [META.clientInfo]: options.clientInfo } : {}),
  };
}
