// 练习 12 · 删除之前先问：delete_memo 第一次被调用时不删，而是返回 input_required，请客户端向用户要一个“是/否”；
// 客户端带着回答（inputResponses）重试同一个调用，服务这时才删。检查像宿主一样用 node /绝对路径/server.ts 启动它
// （stdio），MEMOS_URL、MEMOS_TOKEN 在环境变量里。现在它只有两个工具。写好下面的 TODO，直到 `pnpm lab 12` 通过。
// Lab 12 · Ask before you delete: the first time delete_memo is called it deletes nothing and returns
// input_required, asking the client to get a yes/no from the user; the client retries the same call with the answer
// (inputResponses), and only then does the server delete. The check starts it as a host does, node
// /absolute/path/server.ts (stdio), MEMOS_URL and MEMOS_TOKEN in its environment. Right now it has the two tools only. Do the
// TODOs until `pnpm lab 12` passes.
import { inputRequired, inputResponse, McpServer } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import * as z from 'zod';
import { AnswerBeforeExit, memos, refused, registerMemoTools } from './memos.ts';

function createServer(): McpServer {
  const server = new McpServer({ name: 'memos-lite', version: '1.0.0' });
  registerMemoTools(server);

  // TODO 1：server.registerTool('delete_memo', …)：输入 { name: 'memos/…' }；注解要如实（它会毁掉数据）。
  //         name 会拼进 REST 的路径：inputSchema 只接受 memos/<id> 这种形状，别的名字（比如带 /..）删不到任何东西。
  // TODO 1: server.registerTool('delete_memo', …): input { name: 'memos/…' }; honest annotations (it destroys data).
  //         The name goes into a REST path: let the inputSchema accept only the shape memos/<id>, so that no other
  //         name (one holding /.., say) deletes anything.

  // TODO 2：在处理函数里，用 inputResponse(ctx.mcpReq.inputResponses, 'confirm') 看看这次请求有没有带回答。
  //         没有（kind 为 'missing'）就 return inputRequired({ inputRequests: { confirm: inputRequired.elicit({
  //         message, requestedSchema: z.object({ confirm: z.boolean() }) }) } })。
  // TODO 2: in the handler, inputResponse(ctx.mcpReq.inputResponses, 'confirm') tells whether this request brings an
  //         answer. If not (kind 'missing'), return inputRequired({ inputRequests: { confirm: inputRequired.elicit({
  //         message, requestedSchema: z.object({ confirm: z.boolean() }) }) } }).

  // TODO 3：用户接受并且 confirm 为 true 时，memos('DELETE', `/${name}`)；否则什么都不删，返回一个说明的结果。
  //         不要把“问过了”记在变量里：重试可能到达另一个进程。
  // TODO 3: when the user accepted with confirm true, memos('DELETE', `/${name}`); otherwise delete nothing and say so.
  //         Do not keep "already asked" in a variable: the retry may reach another process.
  void [inputRequired, inputResponse, z, memos, refused];
  return server;
}

serveStdio(createServer, { transport: new AnswerBeforeExit() });
console.error('memos-lite: serving on stdio');
