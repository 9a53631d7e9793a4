// Lab 2 · A 2026-07-28 client with nothing but fetch: discover, list, call.
// Run the check with: pnpm lab 2. The check hands you a fetch that records what you send.
export interface ListMemosRun {
  /** server/discover's supportedVersions. */
  versions: string[];
  /** The name of every tool in tools/list. */
  toolNames: string[];
  /** tools/call memo_list_memos({ pageSize: 1, filter: 'visibility != "PRIVATE"' })'s structuredContent. */
  memos: unknown;
}

const VERSION = '2026-07-28';

export async function listMemos(mcpUrl: string, fetchImpl: typeof fetch = fetch): Promise<ListMemosRun> {
  // Step 1 is done for you: one JSON-RPC request, one POST, headers that mirror the body.
  const response = await fetchImpl(mcpUrl, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Accept: 'application/json, text/event-stream',
      'MCP-Protocol-Version': VERSION,
      'Mcp-Method': 'server/discover',
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'server/discover',
      params: {
        _meta: {
          'io.modelcontextprotocol/protocolVersion': VERSION,
          'io.modelcontextprotocol/clientCapabilities': {},
        },
      },
    }),
  });
  const discovered = await response.json();

  // TODO step 2: tools/list, the same way (which headers change?).
  // TODO step 3: tools/call memo_list_memos with pageSize 1 and the filter visibility != "PRIVATE".
  //              tools/call needs one more header than the others.
  return { versions: discovered.result.supportedVersions, toolNames: [], memos: undefined };
}

// By hand: `pnpm serve` in one terminal, then `node --import tsx <this file>` in another.
if (process.argv[1] === new URL(import.meta.url).pathname) {
  console.log(JSON.stringify(await listMemos(process.argv[2] ?? 'http://127.0.0.1:5230/mcp'), null, 2));
}
