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

// TODO 1：造一个 MCP 处理器。2026-07-28 没有会话，每个请求都要一个新的服务，带着 memos.ts 里的工具：
//         createMcpHandler 要你交给它什么？
// TODO 1: build an MCP handler. 2026-07-28 has no sessions, so every request needs a fresh server that carries
//         memos.ts's tools: what does createMcpHandler want from you?

// TODO 2：把处理器接到 /mcp 上。哪种 Express 应用会替只给本机用的服务挡住别的网站（Host 头、Origin 头）？
//         Express 已经读走的 body，怎样交到处理器手里？
// TODO 2: hook the handler to /mcp. Which Express app keeps other web sites out (Host, Origin) for a server meant
//         for this machine? How does the body Express has already read reach the handler?

// TODO 3：监听 PORT，只让这台机器连得上；在 stderr 上说一声地址。卡住了就运行 pnpm lab 10 --hint。
// TODO 3: listen on PORT, reachable from this machine only; say the address on stderr. Stuck? pnpm lab 10 --hint.

void [createMcpExpressApp, toNodeHandler, createMcpHandler, McpServer, registerMemoTools, PORT];
