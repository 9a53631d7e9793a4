// 练习 2 · 只用 fetch 写一个 2026-07-28 的客户端：发现、目录、调用。
// 用 pnpm lab 2 检查。检查会交给你一个 fetch，它记下你发出的每个请求。
// Lab 2 · A 2026-07-28 client with nothing but fetch: discover, list, call.
// Run the check with: pnpm lab 2. The check hands you a fetch that records what you send.
// 协议版本在本套件里只写在一处：@memos-kit/protocol。
// The kit writes the protocol version in one place: @memos-kit/protocol.
import { PROTOCOL_VERSION } from '@memos-kit/protocol';

export interface ListMemosRun {
  /**
   * server/discover 返回的 supportedVersions。
   * server/discover's supportedVersions.
   */
  versions: string[];
  /**
   * tools/list 里每个工具的名字。
   * The name of every tool in tools/list.
   */
  toolNames: string[];
  /**
   * tools/call memo_list_memos({ pageSize: 1, filter: 'visibility != "PRIVATE"' }) 结果里的 structuredContent。
   * tools/call memo_list_memos({ pageSize: 1, filter: 'visibility != "PRIVATE"' })'s structuredContent.
   */
  memos: unknown;
}

export async function listMemos(mcpUrl: string, fetchImpl: typeof fetch = fetch): Promise<ListMemosRun> {
  // 第 1 步已经写好：一个 JSON-RPC 请求就是一次 POST，HTTP 头是 body 的镜像。
  // Step 1 is done for you: one JSON-RPC request, one POST, headers that mirror the body.
  const response = await fetchImpl(mcpUrl, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Accept: 'application/json, text/event-stream',
      'MCP-Protocol-Version': PROTOCOL_VERSION,
      'Mcp-Method': 'server/discover',
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'server/discover',
      params: {
        _meta: {
          'io.modelcontextprotocol/protocolVersion': PROTOCOL_VERSION,
          'io.modelcontextprotocol/clientCapabilities': {},
        },
      },
    }),
  });
  const discovered = await response.json();

  // TODO 第 2 步：用同样的方式发 tools/list（哪些头要变？）。
  // TODO step 2: tools/list, the same way (which headers change?).
  // TODO 第 3 步：tools/call memo_list_memos，pageSize 为 1，filter 为 visibility != "PRIVATE"。
  //               tools/call 比另外两个请求多一个头。
  // TODO step 3: tools/call memo_list_memos with pageSize 1 and the filter visibility != "PRIVATE".
  //              tools/call needs one more header than the others.
  return { versions: discovered.result.supportedVersions, toolNames: [], memos: undefined };
}

// 手动运行：一个终端里 `pnpm serve`，另一个终端里 `node --import tsx <本文件>`。
// By hand: `pnpm serve` in one terminal, then `node --import tsx <this file>` in another.
if (process.argv[1] === new URL(import.meta.url).pathname) {
  console.log(JSON.stringify(await listMemos(process.argv[2] ?? 'http://127.0.0.1:5230/mcp'), null, 2));
}
