// CORS for the docs playground: a page on another loopback port (the docs site) may call /api/v1 and /mcp
// and read the answers, but only when its origin is on an explicit list (`pnpm serve --cors-origin URL`).
// The answer names that one origin, never `*`: a wildcard would let any page the learner opens read the
// mock's data and its tokens. Everyone else gets no CORS headers at all, so the browser keeps the answer
// from the page, and the MCP endpoint's own Origin guard still refuses them outright.
import { ErrorCode } from '@memos-kit/protocol';
import type { RequestHandler } from 'express';

/** Where a browser page may call from: /api/v1 (REST) and /mcp (MCP). */
const CORS_PATH = /^\/(api\/v1(\/|$)|mcp$)/;

/** Methods a page may send: the REST API's and MCP's POST. */
const ALLOWED_METHODS = 'GET, POST, PATCH, PUT, DELETE';

/**
 * Every header this server writes that a page could not read without being told (the fetch standard shows a
 * page only Cache-Control, Content-Language, Content-Length, Content-Type, Expires, Last-Modified and Pragma).
 * A list, not `*`, so what the page sees is what this file names; a test sends every kind of request and
 * checks that no header of an answer is missing here.
 */
export const EXPOSED_HEADERS = [
  'Allow',
  'Accept-Encoding',
  'Connection',
  'Date',
  'Keep-Alive',
  'Location',
  'Transfer-Encoding',
  'Vary',
  'WWW-Authenticate',
  'X-Accel-Buffering',
];

/** A header name (RFC 9110 token); a preflight asking for anything else is refused. */
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/**
 * The origin of `value` (`http://127.0.0.1:5173`), or undefined when it is not an http(s) origin:
 * a path, a query or a wildcard on the command line is a mistake, not an origin.
 */
export function originOf(value: string): string | undefined {
  if (!URL.canParse(value)) return undefined;
  const url = new URL(value);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  if (url.username || url.password || url.search || url.hash || (url.pathname !== '/' && url.pathname !== ''))
    return undefined;
  return url.origin;
}

/**
 * Express middleware answering CORS for the origins in `origins` (already checked by `originOf`): a
 * preflight (OPTIONS with Access-Control-Request-Method) gets 204 and what the page may send; a request
 * gets `Access-Control-Allow-Origin` with its own origin and the exposed headers. A preflight from any
 * other origin gets 403 with a JSON body and no CORS headers, so the browser stops there.
 */
export function corsAllowlist(origins: readonly string[]): RequestHandler {
  const allowed = new Set(origins);
  return (req, res, next) => {
    if (!CORS_PATH.test(req.path)) return next();
    // Caches must keep answers for different origins apart, since the answer depends on the Origin.
    res.vary('Origin');
    const origin = req.headers.origin;
    const preflight = req.method === 'OPTIONS' && req.headers['access-control-request-method'] !== undefined;
    if (origin === undefined || !allowed.has(origin)) {
      if (!preflight) return next();
      return refusePreflight(req.path, origin, res);
    }
    res.setHeader('Access-Control-Allow-Origin', origin);
    if (!preflight) {
      res.setHeader('Access-Control-Expose-Headers', EXPOSED_HEADERS.join(', '));
      return next();
    }
    const asked = (req.headers['access-control-request-headers'] ?? '')
      .split(',')
      .map((name) => name.trim())
      .filter((name) => name !== '');
    if (!asked.every((name) => TOKEN.test(name))) return refusePreflight(req.path, origin, res);
    res.setHeader('Access-Control-Allow-Methods', ALLOWED_METHODS);
    // Whatever the page asks for: the playground lets a learner add any header, and the origin is trusted.
    if (asked.length > 0) res.setHeader('Access-Control-Allow-Headers', asked.join(', '));
    res.setHeader('Access-Control-Max-Age', '600');
    res.status(204).end();
  };
}

function refusePreflight(path: string, origin: string | undefined, res: Parameters<RequestHandler>[1]): void {
  res.removeHeader('Access-Control-Allow-Origin');
  const message = `Forbidden: origin ${origin ?? '(none)'} is not on this server's CORS list (pnpm serve --cors-origin ${origin ?? 'URL'})`;
  // Each side answers in its own error shape: JSON-RPC for /mcp, google.rpc's Status for REST.
  const body =
    path === '/mcp'
      ? { jsonrpc: '2.0', error: { code: ErrorCode.InvalidRequest, message }, id: null }
      : { code: 7, message, details: [] };
  res.status(403).json(body);
}
