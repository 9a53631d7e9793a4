import { Client as ClientV2 } from '@modelcontextprotocol/client';
import { StdioClientTransport as StdioClientTransportV2 } from '@modelcontextprotocol/client/stdio';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningAdapter, startServer } from '../src/index.ts';
import { createMemosAjv } from '../src/tools/argument-validator.ts';
import { stdioArgs } from './support/stdio-process.ts';

/**
 * The v1 package `@modelcontextprotocol/sdk` speaks only up to 2025-11-25: it opens with `initialize`.
 * The v2 server still serves it (stateless on HTTP, one pinned era per stdio connection).
 */
/*
 * The progress notification and the result are spaced out in time. Written back to back they can reach
 * the client in one read, and the v1 client then sometimes settles the call before it delivers the
 * progress to `onprogress` (the v2 client does the same): a client-side race, not what this test is about.
 */
let server: RunningAdapter;
beforeAll(async () => {
  server = await startServer({ port: 0, dataset: 'workshop', pace: { progressAtMs: 0, resultAtMs: 200 } });
});
afterAll(() => server.close());

async function exercise(transport: Transport): Promise<void> {
  const client = new Client(
    { name: 'legacy-host', version: '0.9.0' },
    // Memos' formats, so the client's output-schema check does not warn about `format: "enum"`.
    { jsonSchemaValidator: new AjvJsonSchemaValidator(createMemosAjv() as never) },
  );
  try {
    await client.connect(transport);
    expect(client.getServerVersion()).toEqual({ name: 'memos-example-adapter', version: '1.0.0' });
    expect(client.getInstructions()).toBe('Provides tools for querying Memos.');
    const { tools } = await client.listTools();
    expect(tools).toHaveLength(20);

    const progress: unknown[] = [];
    const result = await client.callTool({ name: 'memo_list_memos', arguments: { pageSize: 2 } }, undefined, {
      onprogress: (update) => progress.push(update),
    });
    expect((result.structuredContent as { memos: unknown[] }).memos).toHaveLength(2);
    expect(progress).toEqual([{ progress: 1, total: 2 }]);
    // 2025-11-25 results carry no 2026 fields.
    expect(result).not.toHaveProperty('resultType');

    const failed = await client.callTool({ name: 'memo_get_memo', arguments: { memo: 'nope' } });
    expect(failed.isError).toBe(true);
    await expect(client.callTool({ name: 'memo_unknown_tool', arguments: {} })).rejects.toMatchObject({
      code: -32602,
      message: expect.stringContaining('Unknown tool: memo_unknown_tool'),
    });
  } finally {
    // Also ends a stdio child when the connection never came up.
    await client.close();
    await transport.close();
  }
}

describe('a 2025-11-25 client (v1 @modelcontextprotocol/sdk)', () => {
  it('works over Streamable HTTP through the SDK legacy handling', async () => {
    await exercise(
      new StreamableHTTPClientTransport(new URL(server.mcpUrl), {
        requestInit: { headers: { Authorization: 'Bearer example-token' } },
      }),
    );
  });

  it('works over stdio', async () => {
    await exercise(
      new StdioClientTransport({
        command: process.execPath,
        args: stdioArgs('--dataset', 'workshop', '--pace', 'article'),
        stderr: 'ignore',
      }),
    );
  });
});

/**
 * The SDK's own stdio transport probes on a throwaway sibling process, but a subclass of it probes in place,
 * as `@ai-sdk/mcp` does: `server/discover` and, once its window has passed, `initialize` on the same process.
 */
class InPlaceStdioTransport extends StdioClientTransportV2 {}

describe('a v2 client whose server/discover probe times out', () => {
  it('falls back to initialize on the same process and is served in 2025-11-25', async () => {
    // 1 ms: the probe always times out, since the server is still starting when it is sent. The server then
    // reads the probe and the initialize one after the other, as it would after a slow start in class.
    const client = new ClientV2(
      { name: 'impatient-host', version: '1.0.0' },
      { versionNegotiation: { mode: 'auto', probe: { timeoutMs: 1 } } },
    );
    const transport = new InPlaceStdioTransport({
      command: process.execPath,
      args: stdioArgs('--dataset', 'workshop'),
      stderr: 'ignore',
    });
    try {
      await client.connect(transport);
      expect(client.getNegotiatedProtocolVersion()).toBe('2025-11-25');
      const { tools } = await client.listTools();
      expect(tools).toHaveLength(20);
      const result = await client.callTool({ name: 'memo_list_memos', arguments: { pageSize: 1 } });
      expect(result.isError).toBeFalsy();
    } finally {
      await client.close();
      await transport.close();
    }
  });
});
