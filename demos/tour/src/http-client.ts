import { request as httpRequest } from 'node:http';
import { performance } from 'node:perf_hooks';
import { getHeader, type HttpHeaders } from '@memos-kit/wire';
import { createParser } from 'eventsource-parser';

/** A request as the tour puts it on the wire: method, target, headers in order and spelling, body. */
export interface OutgoingRequest {
  method: string;
  target: string;
  headers: HttpHeaders;
  body: string;
}

interface TimedEvent {
  event?: string;
  data: string;
  id?: string;
  /** Milliseconds from sending the request to this event being complete. */
  elapsedMs: number;
}

export interface TimedResponse {
  status: number;
  reason: string;
  headers: HttpHeaders;
  body: string;
  /** Only for `text/event-stream` responses, in arrival order. */
  events?: TimedEvent[];
  headersMs: number;
  endMs: number;
}

export interface SendHooks {
  signal?: AbortSignal;
  /** Called when the status line and headers arrive, before any of the body. */
  onHeaders?(head: Pick<TimedResponse, 'status' | 'reason' | 'headers' | 'headersMs'>): void;
  /** Called for each SSE event as soon as it is complete. */
  onEvent?(event: TimedEvent, index: number): void;
  /** Gives up instead of hanging when the server never finishes. */
  timeoutMs?: number;
}

/**
 * Sends one request to a loopback server and records when the headers and each SSE event arrived.
 * Content-Length is added when the message leaves it out, as the article says an HTTP library does.
 */
export function sendHttp(
  baseUrl: string,
  message: OutgoingRequest,
  hooks: SendHooks = {},
): Promise<TimedResponse> {
  const url = new URL(message.target, baseUrl);
  const headers: HttpHeaders = [...message.headers];
  if (message.body !== '' && getHeader(headers, 'content-length') === undefined) {
    headers.push(['Content-Length', String(Buffer.byteLength(message.body))]);
  }
  const started = performance.now();
  const since = () => Math.round((performance.now() - started) * 10) / 10;
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        method: message.method,
        path: `${url.pathname}${url.search}`,
        headers: headers.flat(),
        setHost: false,
        agent: false,
        signal: hooks.signal,
        timeout: hooks.timeoutMs ?? 15_000,
      },
      (res) => {
        const headersMs = since();
        const responseHeaders: HttpHeaders = [];
        for (let i = 0; i + 1 < res.rawHeaders.length; i += 2) {
          responseHeaders.push([res.rawHeaders[i] ?? '', res.rawHeaders[i + 1] ?? '']);
        }
        const status = res.statusCode ?? 0;
        const reason = res.statusMessage ?? '';
        hooks.onHeaders?.({ status, reason, headers: responseHeaders, headersMs });
        const isSse = (res.headers['content-type'] ?? '').startsWith('text/event-stream');
        const events: TimedEvent[] = [];
        const parser = createParser({
          onEvent: (e) => {
            const timed: TimedEvent = { data: e.data, elapsedMs: since() };
            if (e.event !== undefined) timed.event = e.event;
            if (e.id !== undefined) timed.id = e.id;
            events.push(timed);
            hooks.onEvent?.(timed, events.length - 1);
          },
        });
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          body += chunk;
          if (isSse) parser.feed(chunk);
        });
        res.on('error', reject);
        res.on('end', () => {
          const response: TimedResponse = {
            status,
            reason,
            headers: responseHeaders,
            body,
            headersMs,
            endMs: since(),
          };
          if (isSse) response.events = events;
          resolve(response);
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no complete response from ${url.origin} in time`)));
    req.on('error', reject);
    req.end(message.body);
  });
}
