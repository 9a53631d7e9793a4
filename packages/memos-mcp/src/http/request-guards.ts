import type { IncomingMessage, ServerResponse } from 'node:http';
import { ErrorCode } from '@memos-kit/protocol';
import {
  isJsonContentType,
  type RequestId,
  validateHostHeader,
  validateOriginHeader,
} from '@modelcontextprotocol/server';

/** Hostnames the MCP endpoint answers to: loopback, and the article's `memos.example.com`. */
export const DEFAULT_ALLOWED_HOSTNAMES = ['127.0.0.1', 'localhost', '[::1]', 'memos.example.com'];

/**
 * How much of a refused body is still read and dropped, and for how long, so that the client (which is
 * usually still sending) can read the answer: closing a socket with unread data makes the kernel reset
 * it, and a client that is writing sees a broken pipe instead of the 413. Past either bound the
 * connection is cut; a client sending more than this has had the answer on the wire all along.
 */
const REFUSED_BODY_DRAIN = { maxBytes: 64 * 1024 * 1024, maxMs: 5_000 } as const;

/**
 * Rejects what the endpoint must not serve, before the SDK sees the request:
 * - anything but POST: 405 with `Allow: POST` (a 2026-07-28 server has no GET stream and no sessions);
 * - a `Host` outside the allowlist: 403, the DNS-rebinding guard;
 * - an `Origin` present and outside the allowlist: 403, as the spec requires (an origin on the CORS
 *   list, `corsOrigins`, was allowed by name and passes);
 * - a body the endpoint cannot read as UTF-8 JSON: 415 for another media type, another charset or any
 *   content coding (the spec says UTF-8 JSON; decompressing would also open the door to zip bombs).
 * Every rejection carries a JSON-RPC error without an id, so a client can tell a modern server from an
 * old one. The code is -32600 (Invalid Request): the spec names none, and -32000 to -32019 are legacy.
 * Returns true when the request was answered here.
 */
export function rejectUnservable(
  req: IncomingMessage,
  res: ServerResponse,
  allowedHostnames: string[],
  log?: (line: string) => void,
  corsOrigins: ReadonlySet<string> = new Set(),
): boolean {
  const reject = (status: number, message: string, headers?: Record<string, string>) => {
    log?.(`${req.method} ${req.url} -> ${status} ${message}`);
    refuse(req, res, status, message, { headers });
    return true;
  };
  if (req.method !== 'POST') {
    return reject(405, `Method not allowed: ${req.method} ${req.url}; the MCP endpoint accepts only POST`, {
      Allow: 'POST',
    });
  }
  const host = validateHostHeader(req.headers.host, allowedHostnames);
  if (!host.ok) return reject(403, `Forbidden: ${host.message}`);
  const origin = corsOrigins.has(req.headers.origin ?? '')
    ? { ok: true as const }
    : validateOriginHeader(req.headers.origin, allowedHostnames);
  if (!origin.ok) return reject(403, `Forbidden: ${origin.message}`);
  const contentType = req.headers['content-type'];
  if (!isJsonContentType(contentType)) {
    return reject(415, 'Unsupported Media Type: Content-Type must be application/json');
  }
  const charset = /;\s*charset\s*=\s*"?([^";\s]*)/i.exec(contentType ?? '')?.[1];
  if (charset !== undefined && !/^utf-?8$/i.test(charset)) {
    return reject(415, 'Unsupported Media Type: the charset of an MCP message must be UTF-8');
  }
  const coding = req.headers['content-encoding']?.trim().toLowerCase();
  if (coding && coding !== 'identity') {
    return reject(415, 'Unsupported Media Type: this endpoint accepts no Content-Encoding', {
      'Accept-Encoding': 'identity',
    });
  }
  return false;
}

/**
 * Answers with a JSON-RPC error and, when the request body has not been read yet, drops it (within
 * REFUSED_BODY_DRAIN) before the connection closes. The whole answer is written at once, with its
 * length, so a client can read it while it is still sending; the response ends, and the socket closes,
 * only once the body has been drained.
 */
export function refuse(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  message: string,
  { headers = {}, code = ErrorCode.InvalidRequest }: { headers?: Record<string, string>; code?: number } = {},
): void {
  if (req.complete) {
    writeError(res, status, message, { headers, code });
    return;
  }
  refuseWithBody(req, res, status, errorBody(code, message, null), {
    'Content-Type': 'application/json',
    ...headers,
  });
}

/** The same, for an answer made elsewhere (an OAuth challenge): its status, headers and body as they are. */
export async function refuseWithResponse(
  req: IncomingMessage,
  res: ServerResponse,
  response: Response,
): Promise<void> {
  const body = await response.text();
  const headers = Object.fromEntries(response.headers);
  if (!req.complete) return refuseWithBody(req, res, response.status, body, headers);
  res.writeHead(response.status, headers);
  res.end(body);
}

function refuseWithBody(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  body: string,
  headers: Record<string, string>,
): void {
  res.writeHead(status, {
    ...headers,
    'Content-Length': String(Buffer.byteLength(body)),
    Connection: 'close',
  });
  res.write(body);
  let drained = 0;
  const finish = () => {
    clearTimeout(timer);
    req.off('data', onData);
    req.off('end', finish);
    req.off('close', finish);
    if (!res.writableEnded) res.end();
  };
  const onData = (chunk: Buffer) => {
    drained += chunk.length;
    if (drained > REFUSED_BODY_DRAIN.maxBytes) finish();
  };
  const timer = setTimeout(finish, REFUSED_BODY_DRAIN.maxMs);
  req.on('data', onData);
  req.on('end', finish);
  req.on('close', finish);
  req.resume();
}

export interface ErrorAnswer {
  headers?: Record<string, string>;
  /** -32600 (Invalid Request) unless told. */
  code?: number;
  /** The request's id when it could be read; null otherwise, as JSON-RPC says. */
  id?: RequestId | null;
}

export function writeError(
  res: ServerResponse,
  status: number,
  message: string,
  { headers = {}, code = ErrorCode.InvalidRequest, id = null }: ErrorAnswer = {},
): void {
  res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
  res.end(errorBody(code, message, id));
}

const errorBody = (code: number, message: string, id: RequestId | null) =>
  JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id });
