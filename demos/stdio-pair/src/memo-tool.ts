import { META } from '@memos-kit/protocol';
import { pythonDumps } from './python-json.ts';

/** The few fields of a JSON-RPC request this demo looks at. */
export interface ToolsCallRequest {
  jsonrpc: '2.0';
  id: number | string;
  method: string;
  params?: { name?: string; arguments?: Record<string, unknown>; _meta?: Record<string, unknown> };
}

/**
 * The whole "business" of the minimal server: one tool, fixed data, no Memos behind it.
 * Like the article's program it throws on anything else instead of answering with a JSON-RPC
 * error; the full server (`pnpm mcp:stdio`) does that properly.
 */
export function answerToolsCall(request: ToolsCallRequest) {
  if (request.method !== 'tools/call' || request.params?.name !== 'memo_list_memos') {
    throw new Error('This demo only handles memo_list_memos');
  }
  const data = { memos: [] };
  return {
    jsonrpc: '2.0',
    id: request.id,
    result: {
      resultType: 'complete',
      // The same data twice: as text for a model to read, as structured JSON for a program.
      content: [{ type: 'text', text: pythonDumps(data) }],
      structuredContent: data,
      _meta: { [META.serverInfo]: { name: 'memos-example-adapter', version: '1.0.0' } },
    },
  };
}
