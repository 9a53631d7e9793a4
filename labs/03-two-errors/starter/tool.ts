// 练习 3 · 两种错误。这是一个只有一个工具、挡在 Memos REST API 前面的 MCP 服务的 tools/call 处理函数。
// 它能回答，但两种失败都报反了。
// Lab 3 · Two kinds of error. This is the tools/call handler of a one-tool MCP server in front of the
// Memos REST API. It answers, but it reports both of its failures the wrong way round.
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
    // TODO 1：这里没有任何工具运行：请求本身点名了一个不存在的东西。
    // TODO 1: no tool ran here: the request itself names something that does not exist.
    return { content: [{ type: 'text', text: `Unknown tool: ${name}` }], isError: true };
  }
  const answer = await listMemos({
    pageSize: Number(args.pageSize ?? 10),
    filter: String(args.filter ?? ''),
  });
  const body = answer.body as { message?: string };
  if (answer.status !== 200) {
    // TODO 2：工具确实运行了，是 REST API 拒绝了过滤条件。这条消息应该给谁读？
    // TODO 2: the tool did run, and the REST API refused the filter. Who should read this message?
    throw new ProtocolError(ProtocolErrorCode.InternalError, body.message ?? `HTTP ${answer.status}`);
  }
  return {
    content: [{ type: 'text', text: JSON.stringify(answer.body) }],
    structuredContent: answer.body as Record<string, unknown>,
  };
}
