import { type Fixture, loadFixture } from './fixtures.ts';
import { getHeader, type HttpHeaders, type HttpMessage, tryParseJson } from './http-message.ts';
import { type RawHttpOptions, type RawResponse, rawHttp } from './raw-http.ts';

export interface ReplayOptions extends Pick<RawHttpOptions, 'onChunk' | 'signal' | 'timeoutMs'> {
  /** Replace headers (case-insensitive), or remove them with `null`. */
  headers?: Record<string, string | null>;
  /** Replace the body that is sent. */
  body?: string;
}

/** The raw answer, and its body parsed when it is JSON: what `matchResponse` takes as a live response. */
export interface ReplayedResponse extends RawResponse {
  json?: unknown;
}

/**
 * Sends a fixture's request exactly as printed (start line, headers including `Host`, body bytes) to a live
 * server, through {@link rawHttp}: fetch would not let the fixture's `Host` header through.
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
export async function sendHttpMessage(
  request: HttpMessage,
  baseUrl: string,
  { headers = {}, body, ...options }: ReplayOptions = {},
): Promise<ReplayedResponse> {
  if (!request.method || !request.target) throw new Error('Not an HTTP request: no method or target');
  const raw = await rawHttp(
    baseUrl,
    {
      method: request.method,
      target: request.target,
      headers: applyOverrides(request.headers, headers),
      body: body ?? request.body,
    },
    options,
  );
  const json = tryParseJson(raw.body);
  return json.ok ? { ...raw, json: json.value } : raw;
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
