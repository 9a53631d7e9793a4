// The floor for cold start: the smallest server the v2 SDK makes, one tool and nothing of the kit's, over
// stdio (default) or Streamable HTTP (`--http`, which prints its URL). The benchmark starts it exactly as
// it starts `pnpm mcp:stdio` and `pnpm serve`, so the ratio between them is the price of the kit's own
// start-up: the REST mock, its dataset, the tool catalog built from the OpenAPI document.
import { listen } from '@memos-kit/process';
import { toNodeHandler } from '@modelcontextprotocol/node';
import { createMcpHandler, McpServer } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import * as z from 'zod';

function floorServer(): McpServer {
  const server = new McpServer({ name: 'floor', version: '1.0.0' });
  server.registerTool('echo', { inputSchema: z.object({ text: z.string() }) }, async ({ text }) => ({
    content: [{ type: 'text', text }],
  }));
  return server;
}

if (process.argv.includes('--http')) {
  const running = await listen(toNodeHandler(createMcpHandler(floorServer)));
  process.stdout.write(`${running.url}\n`);
} else {
  serveStdio(floorServer);
}
