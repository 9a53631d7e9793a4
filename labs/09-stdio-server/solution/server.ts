// 练习 9 · 自己写一个 Memos-lite MCP 服务（stdio）：两个工具，背后是 Memos 的 REST API。
// Lab 9 · Your own Memos-lite MCP server over stdio: two tools in front of the Memos REST API.
import { PassThrough } from 'node:stream';
import {
  isJSONRPCErrorResponse,
  isJSONRPCNotification,
  isJSONRPCRequest,
  isJSONRPCResultResponse,
  type JSONRPCMessage,
  McpServer,
  type Transport,
} from '@modelcontextprotocol/server';
import { StdioServerTransport, serveStdio } from '@modelcontextprotocol/server/stdio';
import * as z from 'zod';

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

// 给定：stdio 传输。SDK 的 StdioServerTransport 一读到 stdin 结束就关闭，还在处理的请求不再回答（它的文档这样说）；
// 这一层把 stdin 的结束推迟到读到的每个请求都答完，所以 printf '<请求>\n' | node server.ts 也拿得到回答。
// Given: the stdio transport. The SDK's StdioServerTransport closes as soon as stdin ends, and the requests still
// being worked on go unanswered (its documentation says so); this layer holds the end of stdin back until every
// request read has been answered, so printf '<request>\n' | node server.ts gets its answer too.
class AnswerBeforeExit implements Transport {
  onclose?: Transport['onclose'];
  onerror?: Transport['onerror'];
  onmessage?: Transport['onmessage'];
  private readonly input = new PassThrough();
  private readonly inner = new StdioServerTransport(this.input, process.stdout);
  private readonly open = new Set<unknown>();
  private ended = false;

  async start(): Promise<void> {
    this.inner.onmessage = (message) => {
      if (isJSONRPCRequest(message)) this.open.add(message.id);
      // 被取消的请求不会有回答，所以它不拦着 stdin 结束。
      // A cancelled request gets no answer, so it holds nothing back.
      if (isJSONRPCNotification(message) && message.method === 'notifications/cancelled')
        this.answered(message.params?.requestId);
      this.onmessage?.(message);
    };
    this.inner.onclose = () => this.onclose?.();
    this.inner.onerror = (error) => this.onerror?.(error);
    process.stdin.pipe(this.input, { end: false });
    process.stdin.on('end', () => {
      this.ended = true;
      this.answered(undefined);
    });
    await this.inner.start();
  }

  async send(message: JSONRPCMessage): Promise<void> {
    await this.inner.send(message);
    if (isJSONRPCResultResponse(message) || isJSONRPCErrorResponse(message)) this.answered(message.id);
  }

  close(): Promise<void> {
    return this.inner.close();
  }

  private answered(id: unknown): void {
    this.open.delete(id);
    if (this.ended && this.open.size === 0) this.input.end();
  }
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
