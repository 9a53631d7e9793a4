// 练习 9 · 自己写一个 Memos-lite MCP 服务，走 stdio。宿主（检查、你的 AI 助手）用
//   node /绝对路径/server.ts
// 启动它（Node 22.19 起自己就能运行 TypeScript），通过 stdin/stdout 一行一条消息地交谈。
// 环境变量 MEMOS_URL 是 Memos 的地址，MEMOS_TOKEN 是它的令牌。调用 REST 的 memos() 已经写好。
// 现在它能启动、能回答 server/discover，但一个工具也没有。写好下面的 TODO，直到 `pnpm lab 9` 通过。
// Lab 9 · Write your own Memos-lite MCP server over stdio. A host (the check, your AI assistant) starts it with
//   node /absolute/path/server.ts
// (Node runs TypeScript itself from 22.19 on) and talks to it one message per line on stdin/stdout.
// MEMOS_URL is where Memos lives, MEMOS_TOKEN its token. memos(), which calls REST, is written for you.
// It starts and answers server/discover, but has no tool yet. Do the TODOs until `pnpm lab 9` passes.
import { McpServer } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import * as z from 'zod';
import { AnswerBeforeExit } from './answer-before-exit.ts';

const MEMOS_URL = process.env.MEMOS_URL ?? 'http://127.0.0.1:5230';
const MEMOS_TOKEN = process.env.MEMOS_TOKEN;

// 给定：调用 Memos REST API 的一个函数，带着这个服务自己的令牌，例如 memos('GET', '/memos?pageSize=5')。
// Given: one call to the Memos REST API with this server's own token, e.g. memos('GET', '/memos?pageSize=5').
type Rest<T> = { ok: true; data: T } | { ok: false; status: number; message: string };

async function memos<T>(method: string, path: string, body?: unknown): Promise<Rest<T>> {
  const response = await fetch(`${MEMOS_URL}/api/v1${path}`, {
    method,
    headers: {
      ...(MEMOS_TOKEN ? { Authorization: `Bearer ${MEMOS_TOKEN}` } : {}),
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = await response.json();
  return response.ok
    ? { ok: true, data: json as T }
    : { ok: false, status: response.status, message: json.message };
}

function createServer(): McpServer {
  const server = new McpServer({ name: 'memos-lite', version: '1.0.0' });

  // TODO 1：注册 list_memos，server.registerTool('list_memos', { title, description, inputSchema, outputSchema, annotations }, handler)
  //         输入：可选的 filter（字符串）和 pageSize（1–100 的整数），原样交给 GET /memos。
  //         输出：{ memos: [{ name, content, visibility, createTime }] }，既放进 structuredContent，也作为 JSON 文本。
  // TODO 1: server.registerTool('list_memos', { title, description, inputSchema, outputSchema, annotations }, handler)
  //         In: an optional filter (string) and pageSize (integer 1–100), passed on to GET /memos as they are.
  //         Out: { memos: [{ name, content, visibility, createTime }] }, as structuredContent and as JSON text.

  // TODO 2：注册 create_memo，server.registerTool('create_memo', …)：content（必填）和 visibility（PRIVATE、PROTECTED、PUBLIC），
  //         POST /memos，返回新 memo 的同样四个字段。
  // TODO 2: server.registerTool('create_memo', …): content (required) and visibility (PRIVATE, PROTECTED, PUBLIC),
  //         POST /memos, answering the new memo's same four fields.

  // TODO 3：REST 拒绝时（状态码不是 2xx），自己返回 { content: [REST 的状态码和原话], isError: true }：模型读了它才能改正参数。
  //         （McpServer 也会把处理函数里 throw 的异常变成 isError 结果，但文字只是那个错误的 message。）
  // TODO 3: when REST refuses (a status other than 2xx), return { content: [REST's status and words], isError: true }
  //         yourself: the model reads it to fix its arguments. (McpServer also turns an exception thrown in a handler
  //         into an isError result, but its text is only that error's message.)
  void [z, memos];

  return server;
}

serveStdio(createServer, { transport: new AnswerBeforeExit() });
// stdout 是协议通道：给人看的话写到 stderr。
// stdout is the protocol channel: words for people go to stderr.
console.error('memos-lite: serving on stdio');
