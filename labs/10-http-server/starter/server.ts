// 练习 10 · 把练习 9 的服务搬到 Streamable HTTP 上：Express 加 SDK 的处理器，只给本机用。
// 工具已经在 memos.ts 里写好（练习 9 的答案，list_memos 会报告进度），这里只写传输。
// 检查像宿主一样用 PORT=<端口> node /绝对路径/server.ts 启动它，然后向 http://127.0.0.1:<端口>/mcp 发请求。
// 现在它一启动就结束了。写好下面的 TODO，直到 `pnpm lab 10` 通过。
// Lab 10 · Move lab 9's server onto Streamable HTTP: Express and the SDK's handler, for this machine only.
// The tools are ready in memos.ts (lab 9's answer; list_memos reports progress); here you write the transport.
// The check starts it as a host does, PORT=<port> node /absolute/path/server.ts, then posts to http://127.0.0.1:<port>/mcp.
// Right now it ends as soon as it starts. Do the TODOs until `pnpm lab 10` passes.
import { createMcpExpressApp } from '@modelcontextprotocol/express';
import { toNodeHandler } from '@modelcontextprotocol/node';
import { createMcpHandler, McpServer } from '@modelcontextprotocol/server';
import { registerMemoTools } from './memos.ts';

const PORT = Number(process.env.PORT ?? 3939);

// TODO 1：createMcpHandler(() => { … }) 接收一个“造服务”的函数：每个请求都会调用它一次（2026-07-28 没有会话）。
//         在里面 new McpServer({ name, version })，registerMemoTools(server)，再 return server。
// TODO 1: createMcpHandler(() => { … }) takes a function that builds a server: it is called once per request
//         (2026-07-28 has no sessions). Inside, new McpServer({ name, version }), registerMemoTools(server), return it.

// TODO 2：createMcpExpressApp() 造一个 Express 应用（已带 JSON 解析和 Host/Origin 检查）；
//         用 toNodeHandler(handler) 把处理器接到 app.all('/mcp', (req, res) => …) 上，别忘了把 req.body 交给它。
// TODO 2: createMcpExpressApp() builds an Express app (JSON parsing and Host/Origin checks included);
//         hook the handler into app.all('/mcp', (req, res) => …) with toNodeHandler(handler), passing req.body on.

// TODO 3：app.listen(PORT, '127.0.0.1', …)：只监听本机；在 stderr 上说一声地址。
// TODO 3: app.listen(PORT, '127.0.0.1', …): this machine only; say the address on stderr.

void [createMcpExpressApp, toNodeHandler, createMcpHandler, McpServer, registerMemoTools, PORT];
