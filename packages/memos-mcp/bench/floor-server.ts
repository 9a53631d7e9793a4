// The floor: the smallest server the v2 SDK makes, nothing of the kit's, built as the SDK's docs show
// (`McpServer`, `createMcpHandler`, `toNodeHandler` on node:http). Over stdio (default) or Streamable HTTP
// (`--http`, which prints its URL), with one tool, it is the cold-start floor: the benchmark starts it
// exactly as it starts `pnpm mcp:stdio` and `pnpm serve`, so the ratio between them is the price of the
// kit's own start-up (the REST mock, its dataset, the tool catalog built from the OpenAPI document).
//
// With `--http --answer-stdin` it is the per-call floor instead: it reads a JSON answer (the kit's REST
// list) from stdin, then serves it at POST /mcp as the tool `memo_list_memos` (the JSON text and the
// structured content, as the kit's tool answers) and at any other path straight from node:http, so the
// ratio of the two is what the SDK alone adds to the same answer.
import { text } from 'node:stream/consumers';
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

function answerServer(answer: Record<string, unknown>) {
  return () => {
    const server = new McpServer({ name: 'floor', version: '1.0.0' });
    server.registerTool(
      'memo_list_memos',
      { inputSchema: z.object({ pageSize: z.number().int().optional() }) },
      async () => ({
        content: [{ type: 'text', text: JSON.stringify(answer) }],
        structuredContent: answer,
      }),
    );
    return server;
  };
}

if (process.argv.includes('--http')) {
  const answer = process.argv.includes('--answer-stdin')
    ? (JSON.parse(await text(process.stdin)) as Record<string, unknown>)
    : undefined;
  const mcp = toNodeHandler(createMcpHandler(answer ? answerServer(answer) : floorServer));
  const running = await listen((req, res) => {
    if (!answer || req.url === '/mcp') return void mcp(req, res);
    const body = JSON.stringify(answer);
    res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) });
    res.end(body);
  });
  process.stdout.write(`${running.url}\n`);
} else {
  serveStdio(floorServer);
}
