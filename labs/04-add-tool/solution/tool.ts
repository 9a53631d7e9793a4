// 练习 4 · 给适配器加一个新工具：memo_count_memos 数出过滤条件匹配的 memo 有多少条。
// Lab 4 · A new tool for the adapter: memo_count_memos counts the memos a filter matches.
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
  inputSchema: {
    type: 'object',
    properties: { filter: { type: 'string', description: 'A Memos CEL filter; all memos when left out.' } },
    additionalProperties: false,
  },
  outputSchema: {
    type: 'object',
    properties: { count: { type: 'integer', minimum: 0 } },
    required: ['count'],
  },
  // 一次读取：它什么也不改，问两次答案相同，而且只接触这一个 Memos。
  // A read: it changes nothing, asking twice gives the same answer, and it reaches only this Memos.
  annotations: {
    title: 'Count memos',
    readOnlyHint: true,
    idempotentHint: true,
    destructiveHint: false,
    openWorldHint: false,
  },
};

export async function run(args: { filter?: string }, listMemos: ListMemosApi): Promise<CallToolResult> {
  // 一页最多 1000 条：有 nextPageToken 就带着它要下一页，把每页的条数加起来。
  // A page holds at most 1000 memos: while there is a nextPageToken, ask for the next page and add them up.
  let count = 0;
  let pageToken = '';
  do {
    const answer = await listMemos({
      pageSize: 1000,
      ...(args.filter ? { filter: args.filter } : {}),
      ...(pageToken ? { pageToken } : {}),
    });
    const body = answer.body as { memos?: unknown[]; nextPageToken?: string; message?: string };
    if (answer.status !== 200)
      return { content: [{ type: 'text', text: body.message ?? `HTTP ${answer.status}` }], isError: true };
    count += body.memos?.length ?? 0;
    pageToken = body.nextPageToken ?? '';
  } while (pageToken);
  const structuredContent = { count };
  return { content: [{ type: 'text', text: JSON.stringify(structuredContent) }], structuredContent };
}
