// 练习 10 · 同一个服务，换成 Streamable HTTP：Express 加上 SDK 的处理器。
// Lab 10 · The same server over Streamable HTTP: Express and the SDK's handler.
import { createMcpExpressApp } from '@modelcontextprotocol/express';
import { toNodeHandler } from '@modelcontextprotocol/node';
import { createMcpHandler, McpServer } from '@modelcontextprotocol/server';
import { registerMemoTools } from './memos.ts';

const PORT = Number(process.env.PORT ?? 3939);

// 2026-07-28 没有会话：处理器为每个请求造一个新服务，并在你的工具看到请求之前检查协议的要求（_meta、Mcp-* 头、版本）。
// 2026-07-28 has no sessions: the handler builds a fresh server for every request, and checks what the
// protocol asks of each one (the _meta envelope, the Mcp-* headers, the version) before your tools see it.
const handler = createMcpHandler(() => {
  const server = new McpServer({ name: 'memos-lite', version: '1.0.0' });
  registerMemoTools(server);
  return server;
});

// 为只听本机的服务检查 Host 和 Origin；监听地址本身是 app.listen 的第二个参数。
// Host and Origin checks for a loopback server; the bind itself is app.listen's second argument.
const app = createMcpExpressApp();
const mcp = toNodeHandler(handler);
app.all('/mcp', (req, res) => void mcp(req, res, req.body));

app.listen(PORT, '127.0.0.1', () => console.error(`memos-lite: POST http://127.0.0.1:${PORT}/mcp`));
