// 练习 5 · 从 REST 的回答到 MCP 的工具结果。适配器把每个成功的 REST 响应的 JSON body交给这个函数。
// Lab 5 · From a REST answer to an MCP tool result. The adapter calls this with the JSON body of every
// successful REST response.
import type { CallToolResult } from '@modelcontextprotocol/server';

/**
 * 去掉每一层的 null 字段：输出 schema 说 "object"，就是对象，不是 null。
 * Drops null fields at every depth: an output schema that says "object" means an object, not null.
 */
function withoutNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNulls);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, field]) => field !== null)
      .map(([key, field]) => [key, withoutNulls(field)]),
  );
}

export function toToolResult(body: unknown): CallToolResult {
  const clean = withoutNulls(body);
  // 2026-07-28 允许这里是任何 JSON 值，但适配器的每个工具都声明了对象形式的输出 schema，2025-11-25 的
  // 客户端也只接受对象，所以它总是对象，和 Memos 的 normalizeStructuredContent 一样：
  // 什么都没有时是 { ok: true }，数组或标量包成 { result: … }。
  // 2026-07-28 allows any JSON value here, but every tool of the adapter declares an object output schema
  // and 2025-11-25 clients accept only an object, so it is always one, as Memos' normalizeStructuredContent
  // makes it: nothing becomes { ok: true }, an array or a scalar is wrapped as { result: … }.
  const structuredContent =
    clean === undefined
      ? { ok: true }
      : typeof clean === 'object' && clean !== null && !Array.isArray(clean)
        ? (clean as Record<string, unknown>)
        : { result: clean };
  return { content: [{ type: 'text', text: JSON.stringify(structuredContent) }], structuredContent };
}
