import { kitVersion } from '@memos-kit/terminal';
import type { Entry, Har, Header } from 'har-format';
import { groupExchanges, type HttpExchange } from './exchanges.ts';
import { type Body, bodyText, type Headers, headerValue } from './frames.ts';
import type { Recording } from './reader.ts';

function harHeaders(headers: Headers): Header[] {
  return headers.map(([name, value]) => ({ name, value }));
}

function headersSize(startLine: string, headers: Headers): number {
  // Start line, each header line, the blank line: what HAR 1.2 counts as headersSize.
  return Buffer.byteLength(`${startLine}\r\n${headers.map(([n, v]) => `${n}: ${v}\r\n`).join('')}\r\n`);
}

function bodySize(body: Body | undefined): number {
  if (!body) return 0;
  return body.encoding === 'utf8' ? Buffer.byteLength(body.text) : Buffer.from(body.base64, 'base64').length;
}

function content(exchange: HttpExchange): Entry['response']['content'] {
  const response = exchange.response;
  const mimeType = (response && headerValue(response.headers, 'content-type')) ?? 'x-unknown';
  if (response?.body !== undefined) {
    const size = bodySize(response.body);
    return response.body.encoding === 'utf8'
      ? { size, mimeType, text: response.body.text }
      : { size, mimeType, text: response.body.base64, encoding: 'base64' };
  }
  // An SSE stream: the body is its events as written, one after another.
  const text = exchange.events.map((event) => bodyText(event.raw)).join('');
  return { size: Buffer.byteLength(text), mimeType, text };
}

function entry(exchange: HttpExchange): Entry {
  const { request, response } = exchange;
  const host = headerValue(request.headers, 'host') ?? 'localhost';
  const url = new URL(request.target, `http://${host}`);
  const endMs =
    exchange.end?.elapsedMs ?? exchange.events.at(-1)?.elapsedMs ?? response?.elapsedMs ?? request.elapsedMs;
  const wait = Math.max(0, (response?.elapsedMs ?? request.elapsedMs) - request.elapsedMs);
  const receive = Math.max(0, endMs - (response?.elapsedMs ?? endMs));
  const requestMime = headerValue(request.headers, 'content-type') ?? 'application/octet-stream';
  const requestBodySize = bodySize(request.body);
  const harEntry: Entry & { _sseEvents?: unknown[] } = {
    startedDateTime: request.time,
    time: wait + receive,
    request: {
      method: request.method,
      url: url.href,
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: harHeaders(request.headers),
      queryString: [...url.searchParams].map(([name, value]) => ({ name, value })),
      ...(requestBodySize > 0 ? { postData: { mimeType: requestMime, text: bodyText(request.body) } } : {}),
      headersSize: headersSize(`${request.method} ${request.target} HTTP/1.1`, request.headers),
      bodySize: requestBodySize,
    },
    response: {
      status: response?.status ?? 0,
      statusText: response?.reason ?? '',
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: harHeaders(response?.headers ?? []),
      content: content(exchange),
      redirectURL: (response && headerValue(response.headers, 'location')) ?? '',
      headersSize: response
        ? headersSize(`HTTP/1.1 ${response.status} ${response.reason}`, response.headers)
        : -1,
      bodySize: response?.body !== undefined ? bodySize(response.body) : -1,
    },
    cache: {},
    timings: { blocked: -1, dns: -1, connect: -1, send: 0, wait, receive, ssl: -1 },
    comment: `exchange ${request.exchange}`,
  };
  // HAR has no field for SSE events; custom fields start with an underscore (HAR 1.2), so tools skip it.
  if (exchange.events.length > 0)
    harEntry._sseEvents = exchange.events.map((event) => ({
      time: event.time,
      elapsedMs: Math.round((event.elapsedMs - request.elapsedMs) * 10) / 10,
      ...(event.event !== undefined ? { event: event.event } : {}),
      ...(event.id !== undefined ? { id: event.id } : {}),
      data: event.data,
    }));
  return harEntry;
}

/** The recording's HTTP exchanges as a HAR 1.2 log (stdio lines have no place in HAR and are left out). */
export function toHar(recording: Recording): Har {
  const exchanges = groupExchanges(recording.frames).filter((e): e is HttpExchange => e.transport === 'http');
  return {
    log: {
      version: '1.2',
      creator: { name: 'memos-mcp-rest-kit (pnpm replay)', version: kitVersion() },
      entries: exchanges.map(entry),
      comment: `${recording.start.recorder}, MCP ${recording.start.protocolVersion}, ${recording.start.origin === 'article' ? "the article's exchanges" : "the kit's own exchanges"}`,
    },
  };
}
