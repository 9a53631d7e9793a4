// 练习 4 · 给适配器加一个新工具：memo_count_memos 数出过滤条件匹配的 memo 有多少条。
// 检查会把它和适配器的 20 个工具列在一起，再用官方 MCP 客户端调用它。
// Lab 4 · A new tool for the adapter: memo_count_memos counts the memos a filter matches.
// The check lists it next to the adapter's 20 tools and calls it with the official MCP client.
import type { CallToolResult, Tool } from '@modelcontextprotocol/server';

/**
 * 用这些查询参数调用 GET /api/v1/memos，交回 REST 的状态码和 JSON body。
 * Calls GET /api/v1/memos with these query parameters and hands back the REST status and JSON body.
 */
export type ListMemosApi = (
  query: Record<string, string | number>,
) => Promise<{ status: number; body: unknown }>;

export const definition: Tool = {
  name: 'memo_count_memos',
  title: 'Count memos',
  description:
    'Counts the memos the caller can see that match an optional CEL filter, e.g. visibility != "PRIVATE".',
  // TODO 1：调用方可以传什么？一个可选的字符串 `filter`，别的都不行。
  // TODO 1: what may a caller send? One optional string, `filter`, and nothing else.
  inputSchema: { type: 'object' },
  // TODO 2：这个工具承诺回答什么？一个对象，里面总有一个整数 `count`。
  // TODO 2: what does the tool promise to answer? An object with an integer `count`, always present.
  // TODO 3：这些注解是从一个 POST 工具抄来的。对“计数”来说，哪些才是真的？
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
  // TODO 4：调用 listMemos（pageSize 1000，有 filter 时带上它）。一页最多 1000 条：回答里有 nextPageToken
  //         时带着 pageToken 再要下一页，直到没有为止。再把 { count } 作为 structuredContent
  //         和 JSON 文本返回；REST 拒绝时返回 isError 结果（见练习 3）。
  // TODO 4: call listMemos (pageSize 1000, and the filter when there is one). A page holds at most 1000
  //         memos: while the answer has a nextPageToken, ask again with it as pageToken. Then answer
  //         { count } as structuredContent and as JSON text; a REST refusal is an isError result (lab 3).
  void args;
  void listMemos;
  return { content: [{ type: 'text', text: 'TODO' }] };
}
