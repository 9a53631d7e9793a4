// The requests the demo sends, and sending them with the kit's raw HTTP client, so the bytes shown are the
// bytes sent and received (header case kept, SSE events shown the moment they arrive), recordable as the
// kit's fixtures.
import { mcpHeadersFor, requestMeta } from '@memos-kit/protocol';
import {
  formatHttpMessage,
  type HttpHeaders,
  type HttpMessage,
  type RawHead,
  rawHttp,
} from '@memos-kit/wire';

/** The response headers a recording keeps; Date, Connection and the like change on every run. */
const KEPT_HEADERS = ['content-type', 'cache-control', 'x-accel-buffering', 'www-authenticate'];

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

/** The response as a recording keeps it: its status line, the headers that do not change, the body so far. */
function shown(head: RawHead, body: string): HttpMessage {
  return {
    startLine: `HTTP/1.1 ${head.status} ${head.reason}`,
    status: head.status,
    headers: head.headers.filter(([name]) => KEPT_HEADERS.includes(name.toLowerCase())),
    body,
  };
}

/** The parts of a request message the raw client sends (the Host header is sent as shown: the article's). */
function raw(request: HttpMessage) {
  return {
    method: request.method ?? 'GET',
    target: request.target ?? '/',
    headers: request.headers,
    body: request.body,
  };
}

/**
 * Sends one request to `origin`. With `stream`, the promise resolves once the head is in, `onChunk` sees the
 * body as it arrives, and the body keeps growing until `close()`.
 */
export function send(origin: string, request: HttpMessage): Promise<Exchange>;
export function send(origin: string, request: HttpMessage, options: StreamOptions): Promise<OpenStream>;
export async function send(
  origin: string,
  request: HttpMessage,
  options?: StreamOptions,
): Promise<Exchange | OpenStream> {
  if (!options) {
    const response = await rawHttp(origin, raw(request));
    return { request, response: shown(response, response.body) };
  }
  const stop = new AbortController();
  const decoder = new TextDecoder();
  let body = '';
  return new Promise((resolve, reject) => {
    const answered = rawHttp(origin, raw(request), {
      signal: stop.signal,
      // A listen stream stays open, quiet between notifications, until the client ends it.
      timeoutMs: 0,
      onHead: (head) => {
        options.onHead(shown(head, ''));
        resolve({
          head: shown(head, ''),
          close: async () => {
            stop.abort();
            await answered.catch(() => undefined);
            return { request, response: shown(head, body) };
          },
        });
      },
      onChunk: (chunk) => {
        const text = decoder.decode(chunk, { stream: true });
        body += text;
        options.onChunk(text);
      },
    });
    answered.catch(reject);
  });
}

/** The text of a message as a fixture file holds it: LF line ends, as the article prints them. */
export const messageText = (message: HttpMessage) => formatHttpMessage(message, { eol: '\n' });
