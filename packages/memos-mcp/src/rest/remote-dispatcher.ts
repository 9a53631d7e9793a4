import type { RestDispatcher } from './rest-request.ts';

/**
 * Sends the REST request to a Memos-compatible server over HTTP (`--memos-url`), so the adapter can front a
 * real Memos v0.30.0 as well as the mock in another process.
 */
export function remoteDispatcher(baseUrl: string): RestDispatcher {
  const base = new URL(baseUrl);
  return async (request, signal) => {
    // The base URL may carry a path prefix (a Memos behind a reverse proxy at /memos).
    const target = new URL(base.pathname.replace(/\/$/, '') + request.url, base);
    const response = await fetch(target, {
      method: request.method,
      headers: request.headers,
      body: request.body,
      signal: signal ?? null,
    });
    const headers: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      headers[name.toLowerCase()] = value;
    });
    return { status: response.status, headers, body: await response.text() };
  };
}
