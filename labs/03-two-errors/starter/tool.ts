// Lab 3 · Two kinds of error. This is the tools/call handler of a one-tool MCP server in front of the
// Memos REST API. It answers, but it reports both of its failures the wrong way round.
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
    // TODO 1: no tool ran here: the request itself names something that does not exist.
    return { content: [{ type: 'text', text: `Unknown tool: ${name}` }], isError: true };
  }
  const answer = await listMemos({
    pageSize: Number(args.pageSize ?? 10),
    filter: String(args.filter ?? ''),
  });
  const body = answer.body as { message?: string };
  if (answer.status !== 200) {
    // TODO 2: the tool did run, and the REST API refused the filter. Who should read this message?
    throw new ProtocolError(ProtocolErrorCode.InternalError, body.message ?? `HTTP ${answer.status}`);
  }
  return {
    content: [{ type: 'text', text: JSON.stringify(answer.body) }],
    structuredContent: answer.body as Record<string, unknown>,
  };
}
