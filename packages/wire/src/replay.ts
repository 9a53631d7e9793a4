import { request as httpRequest } from 'node:http';
import { parseSse } from '@memos-kit/protocol';
import { type Fixture, loadFixture } from './fixtures.ts';
import { getHeader, type HttpHeaders, type HttpMessage, tryParseJson } from './http-message.ts';
import type { LiveResponse } from './match.ts';

export interface ReplayOptions {
  /** Replace headers (case-insensitive), or remove them with `null`. */
  headers?: Record<string, string | null>;
  /** Replace the body that is sent. */
  body?: string;
  /** Called with every chunk the socket delivers, as it arrives. */
  onChunk?: (chunk: Buffer, elapsedMs: number) => void;
  signal?: AbortSignal;
  /** Fails the replay instead of hanging when the server goes quiet for this long. Default 10 s. */
  timeoutMs?: number;
}

export interface ReplayedResponse extends LiveResponse {
  status: number;
  headers: HttpHeaders;
  chunks: Array<{ elapsedMs: number; bytes: number }>;
}

/**
 * Sends a fixture's request exactly as printed (start line, headers including `Host`, body bytes) to a live
 * server. node:http rather than fetch, because fetch would not let the fixture's `Host` header through.
 */
export function replayHttpFixture(
  fixtureOrId: Fixture | string,
  baseUrl: string,
  options: ReplayOptions = {},
): Promise<ReplayedResponse> {
  const fixture = typeof fixtureOrId === 'string' ? loadFixture(fixtureOrId) : fixtureOrId;
  const request = fixture.request;
  if (!request?.method || !request.target) {
    throw new Error(`Fixture "${fixture.entry.id}" has no HTTP request to replay`);
  }
  return sendHttpMessage(request, baseUrl, options);
}

/**
 * Sends any raw request message the same way (a learner's hand-written `.http` file, say): its start line,
 * its headers in order and spelling, its body bytes; `Content-Length` is added when the message has none.
 */
export function sendHttpMessage(
  request: HttpMessage,
  baseUrl: string,
  options: ReplayOptions = {},
): Promise<ReplayedResponse> {
  if (!request.method || !request.target) throw new Error('Not an HTTP request: no method or target');
  const body = options.body ?? request.body;
  const headers = applyOverrides(request.headers, options.headers ?? {});
  if (body !== '' && getHeader(headers, 'content-length') === undefined) {
    headers.push(['Content-Length', String(Buffer.byteLength(body))]);
  }
  const url = new URL(request.target, baseUrl);
  const started = performance.now();

  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      url,
      {
        method: request.method,
        headers: headers.flat(),
        signal: options.signal,
        timeout: options.timeoutMs ?? 10_000,
      },
      (incoming) => {
        const parts: Buffer[] = [];
        const chunks: ReplayedResponse['chunks'] = [];
        incoming.on('data', (chunk: Buffer) => {
          const elapsedMs = performance.now() - started;
          parts.push(chunk);
          chunks.push({ elapsedMs, bytes: chunk.length });
          options.onChunk?.(chunk, elapsedMs);
        });
        incoming.on('error', reject);
        incoming.on('end', () => {
          const text = Buffer.concat(parts).toString('utf8');
          const responseHeaders: HttpHeaders = [];
          for (let index = 0; index < incoming.rawHeaders.length; index += 2) {
            responseHeaders.push([incoming.rawHeaders[index] ?? '', incoming.rawHeaders[index + 1] ?? '']);
          }
          const live: ReplayedResponse = {
            status: incoming.statusCode ?? 0,
            headers: responseHeaders,
            body: text,
            chunks,
          };
          const contentType = getHeader(responseHeaders, 'content-type') ?? '';
          if (contentType.startsWith('text/event-stream')) live.events = parseSse(text);
          const json = tryParseJson(text);
          if (json.ok) live.json = json.value;
          resolve(live);
        });
      },
    );
    outgoing.on('timeout', () =>
      outgoing.destroy(new Error(`Nothing arrived for ${options.timeoutMs ?? 10_000} ms; gave up waiting`)),
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

function applyOverrides(headers: HttpHeaders, overrides: Record<string, string | null>): HttpHeaders {
  const lowered = new Map(
    Object.entries(overrides).map(([name, value]) => [name.toLowerCase(), { name, value }]),
  );
  const result: HttpHeaders = [];
  for (const [name, value] of headers) {
    const override = lowered.get(name.toLowerCase());
    if (!override) result.push([name, value]);
    else if (override.value !== null) result.push([name, override.value]);
  }
  for (const { name, value } of lowered.values()) {
    if (value !== null && getHeader(result, name) === undefined) result.push([name, value]);
  }
  return result;
}
