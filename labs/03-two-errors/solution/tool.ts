// 练习 3 · 两种错误。这是一个只有一个工具、挡在 Memos REST API 前面的 MCP 服务的 tools/call 处理函数。
// Lab 3 · Two kinds of error. This is the tools/call handler of a one-tool MCP server in front of the
// Memos REST API.
import { type CallToolResult, ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/server';

/**
 * 用这些查询参数调用 GET /api/v1/memos，交回 REST 的状态码和 JSON body。
 * Calls GET /api/v1/memos with these query parameters and hands back the REST status and JSON body.
 */
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
    // 协议错误：还没有工具运行，请求本身就错了。由客户端（而不是模型）处理它。
    // A protocol error: the request is wrong before any tool runs. The client (not the model) handles it.
    throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Unknown tool: ${name}`);
  }
  const answer = await listMemos({
    pageSize: Number(args.pageSize ?? 10),
    filter: String(args.filter ?? ''),
  });
  const body = answer.body as { message?: string };
  if (answer.status !== 200) {
    // 工具执行错误：一个模型会读的正常结果，模型可以据此改好过滤条件再试一次。
    // 不带 structuredContent：它会被拿去对照成功时的 outputSchema。
    // A tool execution error: a normal result the model reads, so it can fix its filter and try again.
    // No structuredContent: it would be checked against the success outputSchema.
    return { content: [{ type: 'text', text: body.message ?? `HTTP ${answer.status}` }], isError: true };
  }
  return {
    content: [{ type: 'text', text: JSON.stringify(answer.body) }],
    structuredContent: answer.body as Record<string, unknown>,
  };
}
