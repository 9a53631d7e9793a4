// Lab 4 · A new tool for the adapter: memo_count_memos counts the memos a filter matches.
// The check lists it next to the adapter's 20 tools and calls it with the official MCP client.
import type { CallToolResult, Tool } from '@modelcontextprotocol/server';

/** Calls GET /api/v1/memos with these query parameters and hands back the REST status and JSON body. */
export type ListMemosApi = (
  query: Record<string, string | number>,
) => Promise<{ status: number; body: unknown }>;

export const definition: Tool = {
  name: 'memo_count_memos',
  title: 'Count memos',
  description:
    'Counts the memos the caller can see that match an optional CEL filter, e.g. visibility != "PRIVATE".',
  // TODO 1: what may a caller send? One optional string, `filter`, and nothing else.
  inputSchema: { type: 'object' },
  // TODO 2: what does the tool promise to answer? An object with an integer `count`, always present.
  // TODO 3: the annotations were copied from a POST tool. What is true of a count?
  annotations: {
    title: 'Count memos',
    readOnlyHint: false,
    idempotentHint: false,
    destructiveHint: true,
    openWorldHint: true,
  },
};

export async function run(args: { filter?: string }, listMemos: ListMemosApi): Promise<CallToolResult> {
  // TODO 4: call listMemos (pageSize 1000, and the filter when there is one), then answer
  //         { count } as structuredContent and as JSON text; a REST refusal is an isError result (lab 3).
  void args;
  void listMemos;
  return { content: [{ type: 'text', text: 'TODO' }] };
}
