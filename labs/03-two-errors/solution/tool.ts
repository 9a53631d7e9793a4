// Lab 3 · Two kinds of error. This is the tools/call handler of a one-tool MCP server in front of the
// Memos REST API.
import { type CallToolResult, ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/server';

/** Calls GET /api/v1/memos with these query parameters and hands back the REST status and JSON body. */
export type ListMemosApi = (
  query: Record<string, string | number>,
) => Promise<{ status: number; body: unknown }>;

const TOOLS = ['memo_list_memos'];

export async function callTool(
  name: string,
  args: Record<string, unknown>,
  listMemos: ListMemosApi,
): Promise<CallToolResult> {
  if (!TOOLS.includes(name)) {
    // A protocol error: the request is wrong before any tool runs. The client (not the model) handles it.
    throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Unknown tool: ${name}`);
  }
  const answer = await listMemos({
    pageSize: Number(args.pageSize ?? 10),
    filter: String(args.filter ?? ''),
  });
  const body = answer.body as { message?: string };
  if (answer.status !== 200) {
    // A tool execution error: a normal result the model reads, so it can fix its filter and try again.
    // No structuredContent: it would be checked against the success outputSchema.
    return { content: [{ type: 'text', text: body.message ?? `HTTP ${answer.status}` }], isError: true };
  }
  return {
    content: [{ type: 'text', text: JSON.stringify(answer.body) }],
    structuredContent: answer.body as Record<string, unknown>,
  };
}
