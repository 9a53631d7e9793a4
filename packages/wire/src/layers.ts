/**
 * The article's three layers of one MCP message (section 5, "协议字段和业务字段"):
 * - `envelope`: JSON-RPC's own members (`jsonrpc`, `id`, `method`, `params`, `result`, `error`);
 * - `protocol`: what MCP defines inside them (`_meta`, `resultType`, `content`, `isError`, `ttlMs`, ...);
 * - `business`: what the server's own contract defines (`arguments`, `structuredContent`, tool schemas, ...).
 * The tour and the docs site colour messages with this one rule, so a learner sees the same colours in
 * the terminal and in the browser.
 */
export type Layer = 'envelope' | 'protocol' | 'business';

export type JsonPath = readonly (string | number)[];

/** `#` stands for any array index. */
type Slot = readonly (string | '#')[];

/**
 * Slots whose name MCP defines but whose content the server's business defines: the member name is
 * protocol, everything inside it is business data.
 */
export const BUSINESS_SLOTS: readonly Slot[] = [
  ['params', 'name'],
  ['params', 'arguments'],
  ['result', 'structuredContent'],
  ['result', 'content', '#', 'text'],
  ['result', 'tools', '#', 'name'],
  ['result', 'tools', '#', 'title'],
  ['result', 'tools', '#', 'description'],
  ['result', 'tools', '#', 'inputSchema'],
  ['result', 'tools', '#', 'outputSchema'],
  ['result', 'tools', '#', '_meta'],
];

function inSlot(path: JsonPath, slot: Slot): boolean {
  if (path.length < slot.length) return false;
  return slot.every((part, index) => (part === '#' ? typeof path[index] === 'number' : part === path[index]));
}

/**
 * The layer of the member name (`key`) or the scalar value (`value`) found at `path` in a message.
 * `jsonRpc: false` is for bodies that are business data through and through (a REST response).
 */
export function layerOf(path: JsonPath, part: 'key' | 'value', jsonRpc: boolean): Layer {
  if (!jsonRpc) return 'business';
  for (const slot of BUSINESS_SLOTS) {
    if (!inSlot(path, slot)) continue;
    return path.length === slot.length && part === 'key' ? 'protocol' : 'business';
  }
  if (path.length <= 1 || path[0] === 'error') return 'envelope';
  return 'protocol';
}
