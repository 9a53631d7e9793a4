import { request as httpRequest } from 'node:http';
import { createSseParser, type SseEvent } from '@memos-kit/protocol';
import { getHeader, type HttpHeaders, headerPairs } from './http-message.ts';

/** A request as it goes on the wire: method, target (path and query), headers in order and spelling, body. */
export interface RawRequest {
  method: string;
  target: string;
  headers: HttpHeaders;
  body: string;
}

/** The status line and headers of an answer, and when they came (ms after the request was sent). */
export interface RawHead {
  status: number;
  reason: string;
  /** In the order and spelling the server wrote them. */
  headers: HttpHeaders;
  headersMs: number;
}

/** An SSE event of the answer, and when it was complete (ms after the request was sent). */
export interface TimedSseEvent extends SseEvent {
  elapsedMs: number;
}

export interface RawResponse extends RawHead {
  body: string;
  /** Each read of the body, as the socket delivered it. */
  chunks: Array<{ elapsedMs: number; bytes: number }>;
  /** For a `text/event-stream` answer: its events, in arrival order. */
  events?: TimedSseEvent[];
  endMs: number;
}

export interface RawHttpOptions {
  signal?: AbortSignal;
  /** Fails instead of hanging when the server goes quiet for this long. Default 10 s. */
  timeoutMs?: number;
  /** The head, as soon as it arrives, before any of the body. */
  onHead?(head: RawHead): void;
  /** Every read of the body as it arrives. */
  onChunk?(chunk: Buffer, elapsedMs: number): void;
  /** Each SSE event as soon as it is complete. */
  onEvent?(event: TimedSseEvent, index: number): void;
}

/**
 * The kit's raw HTTP client: sends a request exactly as written (its start line, its headers in their order
 * and spelling, `Host` included, which fetch would replace, its body bytes) and records when the head, each
 * read and each SSE event arrived. `Content-Length` is added when the request has none, as any HTTP library
 * adds it. One connection per request, closed after the answer, so nothing is left open.
 */
export function rawHttp(
  baseUrl: string,
  request: RawRequest,
  options: RawHttpOptions = {},
): Promise<RawResponse> {
  const headers: HttpHeaders = [...request.headers];
  if (request.body !== '' && getHeader(headers, 'content-length') === undefined) {
    headers.push(['Content-Length', String(Buffer.byteLength(request.body))]);
  }
  const url = new URL(request.target, baseUrl);
  const timeoutMs = options.timeoutMs ?? 10_000;
  const started = performance.now();
  const since = () => performance.now() - started;

  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      url,
      {
        method: request.method,
        headers: headers.flat(),
        agent: false,
        signal: options.signal,
        timeout: timeoutMs,
      },
      (incoming) => {
        const head: RawHead = {
          status: incoming.statusCode ?? 0,
          reason: incoming.statusMessage ?? '',
          headers: headerPairs(incoming.rawHeaders),
          headersMs: since(),
        };
        options.onHead?.(head);
        const isSse = (getHeader(head.headers, 'content-type') ?? '').startsWith('text/event-stream');
        const events: TimedSseEvent[] = [];
        const parser = createSseParser((event) => {
          const timed = { ...event, elapsedMs: since() };
          events.push(timed);
          options.onEvent?.(timed, events.length - 1);
        });
        const decoder = new TextDecoder();
        const parts: Buffer[] = [];
        const chunks: RawResponse['chunks'] = [];
        incoming.on('data', (chunk: Buffer) => {
          const elapsedMs = since();
          parts.push(chunk);
          chunks.push({ elapsedMs, bytes: chunk.length });
          options.onChunk?.(chunk, elapsedMs);
          if (isSse) parser.feed(decoder.decode(chunk, { stream: true }));
        });
        incoming.on('error', reject);
        incoming.on('end', () => {
          const response: RawResponse = {
            ...head,
            body: Buffer.concat(parts).toString('utf8'),
            chunks,
            endMs: since(),
          };
          if (isSse) response.events = events;
          resolve(response);
        });
      },
    );
    outgoing.on('timeout', () =>
      outgoing.destroy(new Error(`Nothing arrived for ${timeoutMs} ms; gave up waiting`)),
    );
    outgoing.on('error', reject);
    outgoing.end(request.body);
  });
}
