// 练习 11 · 工具之外：把每条 memo 变成一个资源（资源模板 memos://memos/{id}，带缓存提示），再加一个提示词。
// 工具已经在 memos.ts 里（练习 9 的答案），memos() 帮你调用 REST。检查像宿主一样用
//   node /绝对路径/server.ts
// 启动它（stdio），环境变量 MEMOS_URL、MEMOS_TOKEN。现在它只有两个工具。写好下面的 TODO，直到 `pnpm lab 11` 通过。
// Lab 11 · Beyond tools: make each memo a resource (the template memos://memos/{id}, with cache hints), and add a
// prompt. The tools are in memos.ts (lab 9's answer); memos() calls REST for you. The check starts it as a host
// does, `node /absolute/path/server.ts` (stdio), with MEMOS_URL and MEMOS_TOKEN. Right now it has the two tools
// only. Do the TODOs until `pnpm lab 11` passes.
import { McpServer, ResourceNotFoundError, ResourceTemplate } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import * as z from 'zod';
import { AnswerBeforeExit, memos, registerMemoTools } from './memos.ts';

function createServer(): McpServer {
  // TODO 1：模板列表人人相同、很少变：在 McpServer 的第二个参数里给 'resources/templates/list' 一个缓存提示
  //         { cacheHints: { 'resources/templates/list': { ttlMs, cacheScope } } }。
  // TODO 1: the template list is the same for everyone and rarely changes: give 'resources/templates/list' a cache
  //         hint in McpServer's second argument, { cacheHints: { 'resources/templates/list': { ttlMs, cacheScope } } }.
  const server = new McpServer({ name: 'memos-lite', version: '1.0.0' });
  registerMemoTools(server);

  // TODO 2：注册资源模板，server.registerResource('memo', new ResourceTemplate('memos://memos/{id}', { list: undefined }),
  //         { title, description, mimeType: 'text/markdown', cacheHint: { ttlMs, cacheScope } }, async (uri, { id }) => …)
  //         用 memos<Memo>('GET', `/memos/${…}`) 读它（Memo 类型也从 ./memos.ts 引入），返回 { contents: [{ uri: uri.href, mimeType, text: 内容 }] }。
  //         id 是客户端写在 URI 里的：拼进路径之前用 encodeURIComponent 编码，别让它把请求带到 REST 的别的路径。
  //         谁能看见这条 memo 取决于令牌：cacheScope 该是什么？
  // TODO 2: server.registerResource('memo', new ResourceTemplate('memos://memos/{id}', { list: undefined }),
  //         { title, description, mimeType: 'text/markdown', cacheHint: { ttlMs, cacheScope } }, async (uri, { id }) => …)
  //         Read it with memos<Memo>('GET', `/memos/${…}`) (import the Memo type from ./memos.ts too) and return { contents: [{ uri: uri.href, mimeType, text }] }.
  //         The client wrote that id in the URI: encode it with encodeURIComponent before it goes into the path, so it
  //         cannot lead the request to another REST path.
  //         Who may see a memo depends on the token: which cacheScope is that?

  // TODO 3：REST 找不到这条 memo 时，throw new ResourceNotFoundError(uri.href, …)。
  // TODO 3: when REST cannot find the memo, throw new ResourceNotFoundError(uri.href, …).

  // TODO 4：注册提示词，server.registerPrompt('summarize_memo', { title, description, argsSchema: z.object({ id: z.string() }) },
  //         async ({ id }) => ({ messages: [...] }))：把这条 memo 的内容放进消息里，再请模型用一行总结它。id 同样要先编码。
  // TODO 4: server.registerPrompt('summarize_memo', { title, description, argsSchema: z.object({ id: z.string() }) },
  //         async ({ id }) => ({ messages: [...] })): put the memo's content in a message and ask for a one-line summary.
  //         Encode this id too.
  void [ResourceNotFoundError, ResourceTemplate, z, memos];
  return server;
}

serveStdio(createServer, { transport: new AnswerBeforeExit() });
console.error('memos-lite: serving on stdio');
