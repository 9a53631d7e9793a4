// Lab 5 · From a REST answer to an MCP tool result. The adapter calls this with the JSON body of every
// successful REST response. Passing the body straight through looks right, and broke real clients twice.
import type { CallToolResult } from '@modelcontextprotocol/server';

export function toToolResult(body: unknown): CallToolResult {
  // TODO (Memos #6022): some REST operations answer a bare JSON array. What must structuredContent be?
  // TODO (Memos #6139): REST bodies carry null for unset fields. What does an output schema say about null?
  // TODO: an empty body (undefined here) still needs a result.
  return {
    content: [{ type: 'text', text: JSON.stringify(body) }],
    structuredContent: body as Record<string, unknown>,
  };
}
