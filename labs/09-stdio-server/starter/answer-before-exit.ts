// 给定，不用改：练习 9 的 stdio 传输。server.ts 用 serveStdio(createServer, { transport: new AnswerBeforeExit() }) 交给它。
// Given, nothing to change: lab 9's stdio transport. server.ts hands it to serveStdio(createServer, { transport: new AnswerBeforeExit() }).
import { PassThrough } from 'node:stream';
import {
  isJSONRPCErrorResponse,
  isJSONRPCNotification,
  isJSONRPCRequest,
  isJSONRPCResultResponse,
  type JSONRPCMessage,
  type Transport,
} from '@modelcontextprotocol/server';
import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';

// stdio 传输。SDK 的 StdioServerTransport 一读到 stdin 结束就关闭，还在处理的请求不再回答（它的文档这样说）；
// 这一层把 stdin 的结束推迟到读到的每个请求都答完，所以 printf '<请求>\n' | node server.ts 也拿得到回答。
// The stdio transport. The SDK's StdioServerTransport closes as soon as stdin ends, and the requests still
// being worked on go unanswered (its documentation says so); this layer holds the end of stdin back until every
// request read has been answered, so printf '<request>\n' | node server.ts gets its answer too.
export class AnswerBeforeExit implements Transport {
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
