// The demo's own HTTP client: node:http, so the bytes shown are the bytes sent and received (header case
// kept, SSE events shown the moment they arrive), and recordable as the kit's fixtures.
import { request as httpRequest } from 'node:http';
import { mcpHeadersFor, requestMeta } from '@memos-kit/protocol';
import { formatHttpMessage, type HttpHeaders, type HttpMessage } from '@memos-kit/wire';

/** The response headers a recording keeps; Date, Connection and the like change on every run. */
const KEPT_HEADERS = ['content-type', 'cache-control', 'x-accel-buffering'];

export interface Exchange {
  request: HttpMessage;
  response: HttpMessage;
}

/** A 2026-07-28 request with the `_meta` envelope and the headers that mirror it. */
export function mcpMessage(
  host: string,
  id: number,
  method: string,
  params: Record<string, unknown>,
  clientCapabilities: Record<string, unknown> = {},
): HttpMessage {
  const json = {
    jsonrpc: '2.0',
    id,
    method,
    params: {
      ...params,
      _meta: requestMeta({ clientCapabilities, clientInfo: { name: 'demo-features', version: '1.0.0' } }),
    },
  };
  return {
    startLine: 'POST /mcp HTTP/1.1',
    method: 'POST',
    target: '/mcp',
    headers: [
      ['Host', host],
      ['Content-Type', 'application/json'],
      ['Accept', 'application/json, text/event-stream'],
      ['Authorization', 'Bearer example-token'],
      ...(Object.entries(mcpHeadersFor(json)) as HttpHeaders),
    ],
    body: JSON.stringify(json),
    json,
  };
}

export function restMessage(host: string, method: string, target: string, body?: unknown): HttpMessage {
  const headers: HttpHeaders = [
    ['Host', host],
    ['Authorization', 'Bearer example-token'],
  ];
  if (body !== undefined) headers.push(['Content-Type', 'application/json']);
  return {
    startLine: `${method} ${target} HTTP/1.1`,
    method,
    target,
    headers,
    body: body === undefined ? '' : JSON.stringify(body),
  };
}

export interface OpenStream {
  /** The response head, as soon as it arrived. */
  head: HttpMessage;
  /** Ends the stream from the client side (for a listen stream: the end of the subscription). */
  close(): Promise<Exchange>;
}

interface StreamOptions {
  stream: true;
  /** The head, before any of the body. */
  onHead: (head: HttpMessage) => void;
  onChunk: (text: string) => void;
}

/**
 * Sends one request to `origin`. `onChunk` sees the body as it arrives; with `stream`, the promise
 * resolves once the head is in, and the body keeps growing until `close()`.
 */
export function send(origin: string, request: HttpMessage): Promise<Exchange>;
export function send(origin: string, request: HttpMessage, options: StreamOptions): Promise<OpenStream>;
export function send(
  origin: string,
  request: HttpMessage,
  options?: StreamOptions,
): Promise<Exchange | OpenStream> {
  return new Promise((resolve, reject) => {
    // The Host header is sent as shown (memos.example.com, the article's host, which the adapter accepts).
    const outgoing = httpRequest(
      new URL(request.target ?? '/', origin),
      { method: request.method, headers: Object.fromEntries(request.headers) },
      (incoming) => {
        incoming.setEncoding('utf8');
        let body = '';
        const shown: HttpHeaders = [];
        for (let index = 0; index < incoming.rawHeaders.length; index += 2) {
          const name = incoming.rawHeaders[index] ?? '';
          if (KEPT_HEADERS.includes(name.toLowerCase()))
            shown.push([name, incoming.rawHeaders[index + 1] ?? '']);
        }
        const response = (): HttpMessage => ({
          startLine: `HTTP/1.1 ${incoming.statusCode} ${incoming.statusMessage}`,
          status: incoming.statusCode ?? 0,
          headers: shown,
          body,
        });
        options?.onHead(response());
        incoming.on('data', (chunk: string) => {
          body += chunk;
          options?.onChunk(chunk);
        });
        if (options?.stream) {
          resolve({
            head: response(),
            close: async () => {
              incoming.destroy();
              outgoing.destroy();
              return { request, response: response() };
            },
          });
        } else incoming.on('end', () => resolve({ request, response: response() }));
      },
    );
    outgoing.on('error', reject);
    outgoing.end(request.body);
  });
}

/** The text of a message as a fixture file holds it: LF line ends, as the article prints them. */
export const messageText = (message: HttpMessage) => formatHttpMessage(message, { eol: '\n' });
