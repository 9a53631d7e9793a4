// Taps on the MCP client's transports, so every message is printed as it crosses, without changing it.
// Both go through the AI SDK's public seams: the HTTP transport takes a `fetch`, and any object with
// start/send/close is a transport (MCPTransport).
import type {
  JSONRPCMessage,
  MCPTransport,
  MCPTransportCloseOptions,
  MCPTransportSendOptions,
} from '@ai-sdk/mcp';

export type TapEvent =
  | { kind: 'http-request'; method: string; url: string; headers: Array<[string, string]>; body: string }
  | {
      kind: 'http-response';
      status: number;
      statusText: string;
      headers: Array<[string, string]>;
      body: string;
    }
  | { kind: 'stdio'; direction: 'sent' | 'received'; message: JSONRPCMessage };

export type TapListener = (event: TapEvent) => void;

/** A `fetch` that reports each request and its whole response; the caller still reads the response itself. */
export function tappedFetch(listener: TapListener, base: typeof fetch = fetch): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    const body = typeof init?.body === 'string' ? init.body : '';
    listener({
      kind: 'http-request',
      method: request.method,
      url: request.url,
      headers: [...request.headers],
      body,
    });
    const response = await base(request);
    // A clone, read to its end: Streamable HTTP may answer with a short SSE stream, which ends with the answer.
    const text = await response.clone().text();
    listener({
      kind: 'http-response',
      status: response.status,
      statusText: response.statusText,
      headers: [...response.headers],
      body: text,
    });
    return response;
  };
}

/**
 * Wraps a transport (the AI SDK's stdio one here) and reports each JSON-RPC message both ways.
 *
 * `waitsForProtocolVersionDiscovery`: the AI SDK's client first probes with `server/discover`; over stdio it
 * waits 1 s for the answer and otherwise falls back to a 2025 `initialize`. A server started with
 * `node --import tsx` can take longer than that to answer its first line, so this host, which knows its server
 * speaks 2026-07-28, tells the client to wait for the answer instead.
 */
export class TappedTransport implements MCPTransport {
  readonly supportsProtocolVersionDiscovery: boolean;
  readonly waitsForProtocolVersionDiscovery = true;
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  constructor(
    private readonly inner: MCPTransport,
    private readonly listener: TapListener,
  ) {
    this.supportsProtocolVersionDiscovery = inner.supportsProtocolVersionDiscovery ?? false;
  }

  get protocolVersion(): string | undefined {
    return this.inner.protocolVersion;
  }

  set protocolVersion(version: string | undefined) {
    this.inner.protocolVersion = version;
  }

  setProtocolVersion(version: string): void {
    if (this.inner.setProtocolVersion) this.inner.setProtocolVersion(version);
    else this.inner.protocolVersion = version;
  }

  start(): Promise<void> {
    this.inner.onmessage = (message) => {
      this.listener({ kind: 'stdio', direction: 'received', message });
      this.onmessage?.(message);
    };
    this.inner.onerror = (error) => this.onerror?.(error);
    this.inner.onclose = () => this.onclose?.();
    return this.inner.start();
  }

  send(message: JSONRPCMessage, options?: MCPTransportSendOptions): Promise<void> {
    this.listener({ kind: 'stdio', direction: 'sent', message });
    return options === undefined ? this.inner.send(message) : this.inner.send(message, options);
  }

  close(options?: MCPTransportCloseOptions): Promise<void> {
    return options === undefined ? this.inner.close() : this.inner.close(options);
  }
}
