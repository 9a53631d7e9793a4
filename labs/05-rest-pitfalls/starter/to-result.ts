// 练习 5 · 从 REST 的回答到 MCP 的工具结果。适配器把每个成功的 REST 响应的 JSON body交给这个函数。
// 把 body 原样传过去看起来没问题，却两次弄坏了真实的客户端。
// Lab 5 · From a REST answer to an MCP tool result. The adapter calls this with the JSON body of every
// successful REST response. Passing the body straight through looks right, and broke real clients twice.
import type { CallToolResult } from '@modelcontextprotocol/server';

export function toToolResult(body: unknown): CallToolResult {
  // TODO（Memos #6022）：有些 REST 操作直接回答一个 JSON 数组。2025-11-25 允许 structuredContent 是什么？
  // 这里每个工具的输出 schema 又声明了什么？
  // TODO (Memos #6022): some REST operations answer a bare JSON array. What did 2025-11-25 allow as
  // structuredContent, and what does each tool's output schema here declare?
  // TODO（Memos #6139）：REST body 里没设置的字段是 null。输出 schema 对 null 怎么说？
  // TODO (Memos #6139): REST bodies carry null for unset fields. What does an output schema say about null?
  // TODO：空 body（这里是 undefined）也要有一个结果。
  // TODO: an empty body (undefined here) still needs a result.
  return {
    content: [{ type: 'text', text: JSON.stringify(body) }],
    structuredContent: body as Record<string, unknown>,
  };
}
