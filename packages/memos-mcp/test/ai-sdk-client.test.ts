// `@ai-sdk/mcp` probes a stdio server with `server/discover` and, over stdio, gives it 1 s to answer; a server
// that is still starting gets the 2025-11-25 `initialize` instead and stays in that era. That window is a
// time, so it is the benchmark's (its stdio cold start is what the window counts, spawn to first answer).
// This test checks what does not depend on the machine: started as a host starts it, a new process per
// client, the kit's stdio server negotiates 2026-07-28 with the real client and serves its calls.
import { createMCPClient } from '@ai-sdk/mcp';
import { StdioMCPTransport } from '@ai-sdk/mcp/mcp-stdio';
import { entryArgs } from '@memos-kit/process';
import { describe, expect, it } from 'vitest';
import { STDIO_ENTRY } from './support/stdio-process.ts';

/**
 * The client's own stdio transport, told to wait for the discover answer as its HTTP transport always does
 * (`waitsForProtocolVersionDiscovery`, part of the transport interface), so a slow start on a busy machine is
 * not taken for a legacy server.
 */
class PatientStdioTransport extends StdioMCPTransport {
  readonly waitsForProtocolVersionDiscovery = true;
}

describe('the @ai-sdk/mcp stdio client, against a new `pnpm mcp:stdio`', () => {
  it('negotiates 2026-07-28, lists the tools and calls one', async () => {
    const client = await createMCPClient({
      transport: new PatientStdioTransport({
        command: process.execPath,
        args: entryArgs(STDIO_ENTRY, ['--dataset', 'article']),
        stderr: 'ignore',
      }),
    });
    try {
      expect(client.initializeResult.protocolVersion).toBe('2026-07-28');
      expect(client.serverInfo.name).toBe('memos-example-adapter');
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toContain('memo_list_memos');
      const result = await client.callTool({ name: 'memo_list_memos', arguments: { pageSize: 1 } });
      expect(result.isError).toBeFalsy();
      expect(result.structuredContent).toHaveProperty('memos');
    } finally {
      await client.close();
    }
  }, 60_000);
});
