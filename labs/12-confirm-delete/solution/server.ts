// 练习 12 · 删除之前先问：破坏性的工具先返回 input_required，用户确认后客户端带着回答重试。
// Lab 12 · Ask before you delete: a destructive tool first answers input_required; the client retries with
// the user's answer.
import { inputRequired, inputResponse, McpServer } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import * as z from 'zod';
import { AnswerBeforeExit, memos, refused, registerMemoTools } from './memos.ts';

const Confirmation = z.object({ confirm: z.boolean().describe('true deletes the memo; false keeps it') });

function createServer(): McpServer {
  const server = new McpServer({ name: 'memos-lite', version: '1.0.0' });
  registerMemoTools(server);

  server.registerTool(
    'delete_memo',
    {
      title: 'Delete a memo',
      description: 'Deletes one memo for good, after the user confirms.',
      inputSchema: z.object({
        name: z
          .string()
          .regex(/^memos\/[^/]+$/)
          .describe('e.g. memos/abc'),
      }),
      annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
    },
    async ({ name }, ctx) => {
      // 两次请求之间什么都不记：重试自己带着同样的参数和用户的回答。
      // Nothing is remembered between the two requests: the retry brings the same arguments and the answer.
      const reply = inputResponse(ctx.mcpReq.inputResponses, 'confirm');
      if (reply.kind === 'missing')
        // 客户端没有在这个请求里声明 elicitation 时，SDK 会把它变成 -32021。
        // The SDK turns this into -32021 for a request whose client did not declare elicitation.
        return inputRequired({
          inputRequests: {
            confirm: inputRequired.elicit({
              message: `Delete ${name}? This cannot be undone.`,
              requestedSchema: Confirmation,
            }),
          },
        });
      if (reply.kind !== 'elicit' || reply.action !== 'accept' || reply.content?.confirm !== true)
        return { content: [{ type: 'text', text: `Kept ${name}: the user said no.` }], isError: true };
      const rest = await memos('DELETE', `/${name}`);
      return rest.ok ? { content: [{ type: 'text', text: `Deleted ${name}.` }] } : refused(rest);
    },
  );

  return server;
}

serveStdio(createServer, { transport: new AnswerBeforeExit() });
console.error('memos-lite: serving on stdio');
