// A learner's Streamable HTTP server as a lab of the build track has them write it: it reads PORT, listens on
// 127.0.0.1, and has one tool that says the Memos address and token it was started with, so a test can see
// that the line `pnpm connect` prints starts it where the host's configuration then reaches it.
import { createServer } from 'node:http';
import { toNodeHandler } from '@modelcontextprotocol/node';
import { type CallToolResult, createMcpHandler, Server } from '@modelcontextprotocol/server';

const started = {
  name: 'started',
  description: 'Says the Memos address and token this server was started with.',
  inputSchema: { type: 'object' as const, properties: {} },
};

function report(): CallToolResult {
  const { MEMOS_URL, MEMOS_TOKEN } = process.env;
  return { content: [{ type: 'text', text: JSON.stringify({ MEMOS_URL, MEMOS_TOKEN }) }] };
}

const handler = createMcpHandler(() => {
  const server = new Server({ name: 'lab-echo-http', version: '1.0.0' }, { capabilities: { tools: {} } });
  server.setRequestHandler('tools/list', () => ({ tools: [started] }));
  server.setRequestHandler('tools/call', report);
  return server;
});

const http = createServer(toNodeHandler(handler));
http.listen(Number(process.env.PORT), '127.0.0.1', () => {
  process.stderr.write(`listening on http://127.0.0.1:${process.env.PORT}/mcp\n`);
});
process.on('SIGTERM', () => http.close());
