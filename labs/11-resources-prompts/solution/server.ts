// 练习 11 · 工具之外：一个 memo 一个资源（资源模板，带缓存提示），再加一个提示词。
// Lab 11 · Beyond tools: one resource per memo (a resource template, with cache hints), and a prompt.
import {
  McpServer,
  ProtocolError,
  ProtocolErrorCode,
  ResourceNotFoundError,
  ResourceTemplate,
} from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import * as z from 'zod';
import { AnswerBeforeExit, type Memo, memos, registerMemoTools } from './memos.ts';

function createServer(): McpServer {
  // 模板列表人人相同、很少变化：谁都可以缓存一天。
  // The template list is the same for everyone and rarely changes: anyone may cache it for a day.
  const server = new McpServer(
    { name: 'memos-lite', version: '1.0.0' },
    { cacheHints: { 'resources/templates/list': { ttlMs: 86_400_000, cacheScope: 'public' } } },
  );
  registerMemoTools(server);

  server.registerResource(
    'memo',
    // {id} 是 memo 名字里 “memos/” 后面的部分：memos://memos/abc 就是 memos/abc。
    // {id} is what follows "memos/" in a memo's name: memos://memos/abc is memos/abc.
    new ResourceTemplate('memos://memos/{id}', { list: undefined }),
    {
      title: 'A memo',
      description: 'The Markdown text of one memo, as the REST API shows it to this server’s user.',
      mimeType: 'text/markdown',
      // 这是这个用户能看见的东西：只属于这份凭据（private），也只新鲜一小会儿。
      // What this user may see: private to their credentials, and fresh for a short while only.
      cacheHint: { ttlMs: 30_000, cacheScope: 'private' },
    },
    async (uri, { id }) => {
      const rest = await memos<Memo>('GET', `/memos/${encodeURIComponent(String(id))}`);
      if (!rest.ok) throw new ResourceNotFoundError(uri.href, `No memo at ${uri.href} (${rest.message})`);
      return { contents: [{ uri: uri.href, mimeType: 'text/markdown', text: rest.data.content }] };
    },
  );

  server.registerPrompt(
    'summarize_memo',
    {
      title: 'Summarize a memo',
      description: 'Asks the model for a one-line summary and the next step of one memo.',
      argsSchema: z.object({ id: z.string().describe('what follows "memos/" in the memo’s name') }),
    },
    async ({ id }) => {
      const uri = `memos://memos/${id}`;
      const rest = await memos<Memo>('GET', `/memos/${encodeURIComponent(id)}`);
      if (!rest.ok)
        throw new ProtocolError(ProtocolErrorCode.InvalidParams, `No memo ${id}: ${rest.message}`);
      return {
        messages: [
          {
            role: 'user',
            content: {
              type: 'resource',
              resource: { uri, mimeType: 'text/markdown', text: rest.data.content },
            },
          },
          {
            role: 'user',
            content: { type: 'text', text: 'Summarize this memo in one line, then name its next step.' },
          },
        ],
      };
    },
  );

  return server;
}

serveStdio(createServer, { transport: new AnswerBeforeExit() });
console.error('memos-lite: serving on stdio');
