import type { Readable, Writable } from 'node:stream';
import { ErrorCode, META, PROTOCOL_VERSION, REQUIRED_META_KEYS } from '@memos-kit/protocol';
import {
  isJSONRPCRequest,
  isJSONRPCResponse,
  type JSONRPCMessage,
  parseJSONRPCMessage,
  type RequestId,
  type Transport,
  UnsupportedProtocolVersionError,
} from '@modelcontextprotocol/server';
import { idOf, MAX_MESSAGE_BYTES, parseMessage } from '../mcp/message-limits.ts';

/** The envelope versions this server speaks; 2025-11-25 clients use `initialize` and no envelope. */
const MODERN_VERSIONS: string[] = [PROTOCOL_VERSION];
const NEWLINE = 0x0a;

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
 *
 * And it checks that every request carries the required `_meta` keys (-32602 otherwise), first or not:
 * `serveStdio` would serve a first request without them the 2025-11-25 way, so whether it was accepted
 * depended on what came before. A process that opened with a legacy `initialize` follows the 2025-11-25
 * era, as the spec allows for a dual-era server, and its requests carry no envelope. So does one whose only
 * 2026-07-28 requests were `server/discover`: that is a client's probe, and `serveStdio` still switches.
 *
 * Lines are split on bytes, not read as text: a line longer than MAX_MESSAGE_BYTES is dropped as it
 * arrives (memory stays bounded) and answered -32600, and a line that is not UTF-8 is -32700 instead of
 * being decoded into U+FFFD; HTTP bodies get the same checks (`parseMessage`).
 */
export class LineTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  /** Resolves once the first message has been written: a host's first answer is out. */
  readonly firstSent: Promise<void>;
  private sent: (() => void) | undefined;

  private readonly pending = new Set<RequestId>();
  private inputEnded = false;
  private closed = false;
  private whenClosed: (() => void) | undefined;
  /** Resolves once the transport has closed: input ended and every request read was answered. */
  private readonly closedPromise = new Promise<void>((resolve) => {
    this.whenClosed = resolve;
  });
  /**
   * Set by a legacy `initialize` before any 2026-07-28 request other than `server/discover` (the connection then
   * speaks 2025-11-25), or by the first such request.
   */
  private era: 'modern' | 'legacy' | undefined;
  private buffered: Buffer[] = [];
  private bufferedBytes = 0;
  /** The current line passed MAX_MESSAGE_BYTES: the rest of it is dropped up to its newline. */
  private overlong = false;
  private started = false;
  /** While set (see `holdAllBut`): the one method delivered, and the messages waiting for `release`. */
  private holding: { method: string; held: JSONRPCMessage[] } | undefined;

  constructor(
    private readonly input: Readable,
    private readonly output: Writable,
  ) {
    this.firstSent = new Promise((resolve) => {
      this.sent = resolve;
    });
  }

  /**
   * From now until `release()`, only requests for `method` are delivered; every other message waits, in
   * the order it came. How `pnpm mcp:stdio` answers `server/discover` while its tools are being made
   * (stdio/start-after-first-answer.ts).
   */
  holdAllBut(method: string): void {
    this.holding ??= { method, held: [] };
  }

  /** Delivers the messages held back, in order, to whoever serves the transport now, and then every message. */
  release(): void {
    const held = this.holding?.held ?? [];
    this.holding = undefined;
    for (const message of held) this.onmessage?.(message);
  }

  /** Starts reading; a second call (a second `serveStdio` taking the transport over) changes nothing. */
  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    // The reader of our stdout went away (`| head`): nobody can hear answers any more, so stop quietly.
    this.output.on('error', () => {
      this.input.destroy();
      void this.close();
    });
    this.input.on('data', (chunk: Buffer) => this.split(chunk));
    const ended = () => {
      if (this.inputEnded) return;
      this.inputEnded = true;
      this.endLine();
      this.closeWhenIdle();
    };
    this.input.on('end', ended);
    this.input.on('close', ended);
  }

  private split(chunk: Buffer): void {
    let start = 0;
    for (let at = chunk.indexOf(NEWLINE); at !== -1; at = chunk.indexOf(NEWLINE, start)) {
      this.keep(chunk.subarray(start, at));
      this.endLine();
      start = at + 1;
    }
    this.keep(chunk.subarray(start));
  }

  private keep(part: Buffer): void {
    if (this.overlong || part.length === 0) return;
    this.bufferedBytes += part.length;
    if (this.bufferedBytes > MAX_MESSAGE_BYTES) {
      this.overlong = true;
      this.buffered = [];
      return;
    }
    this.buffered.push(part);
  }

  private endLine(): void {
    const line = Buffer.concat(this.buffered, this.overlong ? 0 : this.bufferedBytes);
    const overlong = this.overlong;
    this.buffered = [];
    this.bufferedBytes = 0;
    this.overlong = false;
    if (overlong) {
      this.reject(
        null,
        ErrorCode.InvalidRequest,
        `Invalid Request: a line must not exceed ${MAX_MESSAGE_BYTES} bytes`,
      );
      return;
    }
    // A CRLF line end (a Windows terminal) leaves its CR behind.
    this.receive(line.at(-1) === 0x0d ? line.subarray(0, -1) : line);
  }

  async send(message: JSONRPCMessage): Promise<void> {
    if (this.closed) return;
    this.output.write(`${JSON.stringify(message)}\n`);
    this.sent?.();
    if (isJSONRPCResponse(message) && message.id !== undefined) {
      this.pending.delete(message.id);
      this.closeWhenIdle();
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.onclose?.();
    this.whenClosed?.();
  }

  /**
   * How the server stops on Ctrl-C or SIGTERM: no more lines are read (a line cut off mid-way is dropped),
   * and the transport closes once every request already read has been answered, as at the end of input,
   * or after `graceMs`, whichever comes first.
   */
  async drain(graceMs: number): Promise<void> {
    this.input.pause();
    this.input.removeAllListeners('data');
    this.buffered = [];
    this.bufferedBytes = 0;
    this.inputEnded = true;
    this.closeWhenIdle();
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      this.closedPromise,
      new Promise((resolve) => {
        timer = setTimeout(resolve, graceMs);
      }),
    ]);
    clearTimeout(timer);
    await this.close();
  }

  private receive(line: Buffer): void {
    if (line.toString('latin1').trim() === '') return;
    const parsed = parseMessage(line);
    if (parsed.kind === 'invalid') {
      this.reject(parsed.id, parsed.code, parsed.message);
      return;
    }
    const value = parsed.value;
    let message: JSONRPCMessage;
    try {
      message = parseJSONRPCMessage(value);
    } catch {
      this.reject(
        idOf(value),
        ErrorCode.InvalidRequest,
        'Invalid Request: the line is JSON but not a JSON-RPC 2.0 message',
      );
      return;
    }
    if (isJSONRPCRequest(message)) {
      const meta = message.params?._meta as Record<string, unknown> | undefined;
      const requested = meta?.[META.protocolVersion];
      if (typeof requested === 'string' && !MODERN_VERSIONS.includes(requested)) {
        const error = new UnsupportedProtocolVersionError({ supported: [...MODERN_VERSIONS], requested });
        this.reject(message.id, error.code, error.message, error.data);
        return;
      }
      // `initialize` selects the 2025-11-25 era for the whole process, as the spec lets a dual-era server do,
      // as long as nothing but `server/discover` came before it. A client whose discover probe timed out (a
      // cold start on a busy machine, against @ai-sdk/mcp's 1 s) treats the server as legacy and sends
      // `initialize` next; `serveStdio` then drops the instance that answered the probe and serves the rest the
      // 2025 way, so both sides agree. After any other 2026-07-28 request the era is settled: a bare
      // `initialize` is then a request without the envelope like any other, since switching would leave a
      // client that already works in 2026-07-28 talking to a server in 2025-11-25.
      if (message.method === 'initialize' && requested === undefined && this.era !== 'modern') {
        this.era = 'legacy';
      } else if (this.era !== 'legacy') {
        const missing = REQUIRED_META_KEYS.filter((key) => meta?.[key] === undefined);
        if (missing.length > 0) {
          this.reject(
            message.id,
            ErrorCode.InvalidParams,
            `Invalid params: a ${PROTOCOL_VERSION} request must carry params._meta with ${missing.join(' and ')}`,
            { envelope: { missing: meta === undefined ? ['_meta'] : missing } },
          );
          return;
        }
        if (message.method !== 'server/discover') this.era = 'modern';
      }
      this.pending.add(message.id);
    }
    const cancelled = cancelledRequestId(message);
    // A cancelled request gets no response (the spec forbids one), so it no longer holds up the exit.
    if (cancelled !== undefined) this.pending.delete(cancelled);
    this.deliver(message);
    if (cancelled !== undefined) this.closeWhenIdle();
  }

  private deliver(message: JSONRPCMessage): void {
    const holding = this.holding;
    const wanted = holding === undefined || (isJSONRPCRequest(message) && message.method === holding.method);
    if (wanted) this.onmessage?.(message);
    else holding.held.push(message);
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

function cancelledRequestId(message: JSONRPCMessage): RequestId | undefined {
  if (!('method' in message) || message.method !== 'notifications/cancelled' || 'id' in message)
    return undefined;
  const requestId = (message.params as { requestId?: unknown } | undefined)?.requestId;
  return typeof requestId === 'string' || typeof requestId === 'number' ? requestId : undefined;
}
