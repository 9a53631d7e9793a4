// 练习 9 · 自己写一个 Memos-lite MCP 服务（stdio）：两个工具，背后是 Memos 的 REST API。
// Lab 9 · Your own Memos-lite MCP server over stdio: two tools in front of the Memos REST API.
import { McpServer } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import * as z from 'zod';
import { AnswerBeforeExit } from './answer-before-exit.ts';

// 宿主启动这个进程：Memos 在哪里、用谁的令牌，都来自环境变量。
// The host starts this process: where Memos lives and whose token to use come from its environment.
const MEMOS_URL = process.env.MEMOS_URL ?? 'http://127.0.0.1:5230';
const MEMOS_TOKEN = process.env.MEMOS_TOKEN;

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

// 工具承诺返回的就是这四个字段，不管 REST 还多给了什么。
// What the tools promise to return: these four fields, whatever else REST sends.
const Memo = z.object({
  name: z.string(),
  content: z.string(),
  visibility: z.enum(['PRIVATE', 'PROTECTED', 'PUBLIC']),
  createTime: z.string(),
});
type Memo = z.infer<typeof Memo>;
const pick = ({ name, content, visibility, createTime }: Memo): Memo => ({
  name,
  content,
  visibility,
  createTime,
});

// structuredContent 给程序读，同样的 JSON 作为文字给只读文字的模型。
// structuredContent for programs, the same JSON as text for models that read only text.
const answer = <T extends Record<string, unknown>>(data: T) => ({
  content: [{ type: 'text' as const, text: JSON.stringify(data) }],
  structuredContent: data,
});

// REST 的拒绝是工具的回答（isError），不是协议错误：模型读到它，可以改了再试。
// A refusal from REST is the tool's answer (isError), not a protocol error: the model reads it and tries again.
const refused = ({ status, message }: { status: number; message: string }) => ({
  content: [{ type: 'text' as const, text: `Memos answered ${status}: ${message}` }],
  isError: true,
});

function createServer(): McpServer {
  const server = new McpServer({ name: 'memos-lite', version: '1.0.0' });

  server.registerTool(
    'list_memos',
    {
      title: 'List memos',
      description: 'Lists the memos the user can see, newest first. filter is a Memos CEL filter.',
      inputSchema: z.object({
        filter: z.string().optional().describe('e.g. visibility == "PUBLIC" or content.contains("lunch")'),
        pageSize: z.number().int().min(1).max(100).optional(),
      }),
      outputSchema: z.object({ memos: z.array(Memo) }),
      annotations: { readOnlyHint: true, idempotentHint: true, destructiveHint: false, openWorldHint: false },
    },
    async ({ filter, pageSize }) => {
      const query = new URLSearchParams({ pageSize: String(pageSize ?? 20), ...(filter ? { filter } : {}) });
      const rest = await memos<{ memos: Memo[] }>('GET', `/memos?${query}`);
      return rest.ok ? answer({ memos: rest.data.memos.map(pick) }) : refused(rest);
    },
  );

  server.registerTool(
    'create_memo',
    {
      title: 'Create a memo',
      description: 'Writes a new memo in Markdown; #words become tags.',
      inputSchema: z.object({
        content: z.string().min(1),
        visibility: z.enum(['PRIVATE', 'PROTECTED', 'PUBLIC']).default('PRIVATE'),
      }),
      outputSchema: Memo,
      annotations: {
        readOnlyHint: false,
        idempotentHint: false,
        destructiveHint: false,
        openWorldHint: false,
      },
    },
    async ({ content, visibility }) => {
      const rest = await memos<Memo>('POST', '/memos', { content, visibility });
      return rest.ok ? answer(pick(rest.data)) : refused(rest);
    },
  );

  return server;
}

serveStdio(createServer, { transport: new AnswerBeforeExit() });
// stdout 是协议通道；给人看的话都写到 stderr。
// stdout carries the protocol; anything for people goes to stderr.
console.error(`memos-lite: serving on stdio, Memos at ${MEMOS_URL}`);
