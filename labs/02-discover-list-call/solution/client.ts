// 练习 2 · 只用 fetch 写一个 2026-07-28 的客户端：发现、目录、调用。
// Lab 2 · A 2026-07-28 client with nothing but fetch: discover, list, call.
import { PROTOCOL_VERSION } from '@memos-kit/protocol';

export interface ListMemosRun {
  versions: string[];
  toolNames: string[];
  memos: unknown;
}

let nextId = 1;

async function rpc(
  mcpUrl: string,
  fetchImpl: typeof fetch,
  method: string,
  params: Record<string, unknown> = {},
) {
  const body = {
    jsonrpc: '2.0',
    id: nextId++,
    method,
    params: {
      ...params,
      _meta: {
        'io.modelcontextprotocol/protocolVersion': PROTOCOL_VERSION,
        'io.modelcontextprotocol/clientCapabilities': {},
      },
    },
  };
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    Accept: 'application/json, text/event-stream',
    'MCP-Protocol-Version': PROTOCOL_VERSION,
    'Mcp-Method': method,
  };
  if (typeof params.name === 'string') headers['Mcp-Name'] = params.name;
  const response = await fetchImpl(mcpUrl, { method: 'POST', headers, body: JSON.stringify(body) });
  const message = await response.json();
  if (message.error) throw new Error(`${method}: ${message.error.code} ${message.error.message}`);
  return message.result;
}

export async function listMemos(mcpUrl: string, fetchImpl: typeof fetch = fetch): Promise<ListMemosRun> {
  const discovered = await rpc(mcpUrl, fetchImpl, 'server/discover');
  const listed = await rpc(mcpUrl, fetchImpl, 'tools/list');
  const called = await rpc(mcpUrl, fetchImpl, 'tools/call', {
    name: 'memo_list_memos',
    arguments: { pageSize: 1, filter: 'visibility != "PRIVATE"' },
  });
  return {
    versions: discovered.supportedVersions,
    toolNames: listed.tools.map((tool: { name: string }) => tool.name),
    memos: called.structuredContent,
  };
}

// 手动运行：一个终端里 `pnpm serve`，另一个终端里 `node --import tsx <本文件>`。
// By hand: `pnpm serve` in one terminal, then `node --import tsx <this file>` in another.
if (process.argv[1] === new URL(import.meta.url).pathname) {
  console.log(JSON.stringify(await listMemos(process.argv[2] ?? 'http://127.0.0.1:5230/mcp'), null, 2));
}
