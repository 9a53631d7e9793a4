// How deep a JSON value nests, in a module of its own: the MCP adapter bounds its messages with it on both
// transports, and stdio needs it before the REST mock (and Express) are even loaded.

/**
 * The deepest nesting of arrays and objects a body may have. Memos' requests are a few levels deep; the
 * handlers and validators walk bodies recursively, and 10 000 levels would overflow their stack.
 */
export const MAX_JSON_DEPTH = 64;

/**
 * Whether arrays and objects nest deeper than `limit`, walked with an explicit stack, since a recursive walk
 * is exactly what a deep body breaks. (JSON.parse itself does not recurse in V8.) The MCP adapter bounds its
 * messages, on both transports, with this same function.
 */
export function nestedDeeperThan(value: unknown, limit: number): boolean {
  const pending: [unknown, number][] = [[value, 1]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [node, depth] = next;
    if (typeof node !== 'object' || node === null) continue;
    if (depth > limit) return true;
    for (const child of Object.values(node)) pending.push([child, depth + 1]);
  }
  return false;
}
