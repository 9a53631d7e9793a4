import type { IncomingMessage, ServerResponse } from 'node:http';
import { validateHostHeader, validateOriginHeader } from '@modelcontextprotocol/server';

/** Hostnames the MCP endpoint answers to: loopback, and the article's `memos.example.com`. */
export const DEFAULT_ALLOWED_HOSTNAMES = ['127.0.0.1', 'localhost', '[::1]', 'memos.example.com'];

/**
 * Rejects what the endpoint must not serve, before the SDK sees the request:
 * - anything but POST: 405 with `Allow: POST` (a 2026-07-28 server has no GET stream and no sessions);
 * - a `Host` outside the allowlist: 403, the DNS-rebinding guard;
 * - an `Origin` present and outside the allowlist: 403, as the spec requires.
 * Every rejection carries a JSON-RPC error without an id, so a client can tell a modern server from an
 * old one. The code is -32600 (Invalid Request): the spec names none, and -32000 to -32019 are legacy.
 * Returns true when the request was answered here.
 */
export function rejectUnservable(
  req: IncomingMessage,
  res: ServerResponse,
  allowedHostnames: string[],
  log?: (line: string) => void,
): boolean {
  const reject = (status: number, message: string, headers?: Record<string, string>) => {
    log?.(`${req.method} ${req.url} -> ${status} ${message}`);
    writeError(res, status, message, headers);
    return true;
  };
  if (req.method !== 'POST') {
    return reject(405, `Method not allowed: ${req.method} ${req.url}; the MCP endpoint accepts only POST`, {
      Allow: 'POST',
    });
  }
  const host = validateHostHeader(req.headers.host, allowedHostnames);
  if (!host.ok) return reject(403, `Forbidden: ${host.message}`);
  const origin = validateOriginHeader(req.headers.origin, allowedHostnames);
  if (!origin.ok) return reject(403, `Forbidden: ${origin.message}`);
  return false;
}

export function writeError(
  res: ServerResponse,
  status: number,
  message: string,
  headers: Record<string, string> = {},
  code = -32600,
): void {
  const body = JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null });
  res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
  res.end(body);
}
