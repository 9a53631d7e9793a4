/**
 * The deepest nesting of arrays and objects a message may have, for the kit's REST mock and its MCP adapter
 * on both transports, and for the recording's matcher. Memos' requests and MCP's messages are a few levels
 * deep; handlers, validators and matchers walk them recursively, and 10 000 levels would overflow their stack.
 * The kit's own bound: neither the spec nor Memos names one.
 */
export const MAX_JSON_DEPTH = 64;

/**
 * Whether arrays and objects nest deeper than `limit`, walked with an explicit stack, since a recursive walk
 * is exactly what a deep value breaks. (JSON.parse itself does not recurse in V8.)
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
