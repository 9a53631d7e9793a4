import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import {
  isJSONRPCRequest,
  isJSONRPCResponse,
  type JSONRPCMessage,
  PROTOCOL_VERSION_META_KEY,
  parseJSONRPCMessage,
  type RequestId,
  type Transport,
  UnsupportedProtocolVersionError,
} from '@modelcontextprotocol/server';

/** The envelope versions this server speaks; 2025-11-25 clients use `initialize` and no envelope. */
const MODERN_VERSIONS = ['2026-07-28'];

/**
 * The stdio transport of this server: one JSON-RPC message per line in, one per line out.
 *
 * It differs from the SDK's StdioServerTransport in the two ways the kit needs for a class demo:
 * a line that is not JSON, or not a JSON-RPC message, is answered with an error response (-32700 or
 * -32600) instead of being dropped silently, and the server keeps serving; and at end of input the
 * requests still being worked on are answered before the transport closes, so
 * `printf '<request>\n' | pnpm mcp:stdio` prints its response and then exits.
 *
 * It also checks every request's envelope version. The SDK's `serveStdio` checks it only until the
 * connection has settled on the 2026-07-28 era and then trusts every later line, so a request claiming
 * another version would be served; the spec says each request is answered -32022 instead.
 */
export class LineTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  private readonly pending = new Set<RequestId>();
  private inputEnded = false;
  private closed = false;

  constructor(
    private readonly input: Readable,
    private readonly output: Writable,
  ) {}

  async start(): Promise<void> {
    // The reader of our stdout went away (`| head`): nobody can hear answers any more, so stop quietly.
    this.output.on('error', () => {
      this.input.destroy();
      void this.close();
    });
    const lines = createInterface({ input: this.input, crlfDelay: Number.POSITIVE_INFINITY });
    lines.on('line', (line) => this.receive(line));
    lines.on('close', () => {
      this.inputEnded = true;
      this.closeWhenIdle();
    });
  }

  async send(message: JSONRPCMessage): Promise<void> {
    if (this.closed) return;
    this.output.write(`${JSON.stringify(message)}\n`);
    if (isJSONRPCResponse(message) && message.id !== undefined) {
      this.pending.delete(message.id);
      this.closeWhenIdle();
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.onclose?.();
  }

  private receive(line: string): void {
    if (line.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (error) {
      this.reject(null, -32700, `Parse error: ${(error as Error).message}`);
      return;
    }
    let message: JSONRPCMessage;
    try {
      message = parseJSONRPCMessage(value);
    } catch {
      this.reject(idOf(value), -32600, 'Invalid Request: the line is JSON but not a JSON-RPC 2.0 message');
      return;
    }
    if (isJSONRPCRequest(message)) {
      const requested = (message.params?._meta as Record<string, unknown> | undefined)?.[
        PROTOCOL_VERSION_META_KEY
      ];
      if (typeof requested === 'string' && !MODERN_VERSIONS.includes(requested)) {
        const error = new UnsupportedProtocolVersionError({ supported: [...MODERN_VERSIONS], requested });
        this.reject(message.id, error.code, error.message, error.data);
        return;
      }
      this.pending.add(message.id);
    }
    const cancelled = cancelledRequestId(message);
    // A cancelled request gets no response (the spec forbids one), so it no longer holds up the exit.
    if (cancelled !== undefined) this.pending.delete(cancelled);
    this.onmessage?.(message);
    if (cancelled !== undefined) this.closeWhenIdle();
  }

  private reject(id: RequestId | null, code: number, message: string, data?: unknown): void {
    if (this.closed) return;
    const error = data === undefined ? { code, message } : { code, message, data };
    this.output.write(`${JSON.stringify({ jsonrpc: '2.0', id, error })}\n`);
    this.onerror?.(new Error(message));
  }

  private closeWhenIdle(): void {
    if (this.inputEnded && this.pending.size === 0) void this.close();
  }
}

function idOf(value: unknown): RequestId | null {
  if (typeof value !== 'object' || value === null) return null;
  const id = (value as { id?: unknown }).id;
  return typeof id === 'string' || (typeof id === 'number' && Number.isInteger(id)) ? id : null;
}

function cancelledRequestId(message: JSONRPCMessage): RequestId | undefined {
  if (!('method' in message) || message.method !== 'notifications/cancelled' || 'id' in message)
    return undefined;
  const requestId = (message.params as { requestId?: unknown } | undefined)?.requestId;
  return typeof requestId === 'string' || typeof requestId === 'number' ? requestId : undefined;
}
