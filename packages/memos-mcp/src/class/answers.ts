// The class server's own answers: JSON, in the REST mock's error shape, written whole with no body read.
import type { IncomingMessage, ServerResponse } from 'node:http';

/** google.rpc codes: UNAUTHENTICATED, PERMISSION_DENIED, NOT_FOUND, RESOURCE_EXHAUSTED. */
const RPC_CODES: Record<number, number> = { 401: 16, 403: 7, 404: 5, 429: 8 };

/** The bearer credential of a request, if it carries one. */
export function bearerOf(req: IncomingMessage): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '');
  return match?.[1];
}

/**
 * A refusal in JSON, with no body read: the connection closes after it, so a client sending a large body
 * is not waited for.
 */
export function refuse(
  res: ServerResponse,
  status: number,
  message: string,
  headers: Record<string, string> = {},
): void {
  // The REST mock's error shape (google.rpc's code, message, details), which a student has met already.
  const body = JSON.stringify({ code: RPC_CODES[status] ?? 2, message, details: [] });
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
    ...headers,
  });
  res.end(body);
}

export function json(res: ServerResponse, status: number, value: unknown): void {
  const body = JSON.stringify(value);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
    'Cache-Control': 'no-store',
  });
  res.end(body);
}
