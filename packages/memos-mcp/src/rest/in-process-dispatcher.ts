import { IncomingMessage, type OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import type { RestDispatcher, RestRequest, RestResponse } from './rest-request.ts';

/** The one thing the dispatcher needs from an Express app: its request listener. */
export type RequestListener = (req: IncomingMessage, res: ServerResponse) => void;

// #region dispatch
/**
 * Runs a REST request through the Express app inside this process, the way Memos runs an MCP tool call
 * through its own router with `httptest.NewRecorder`: same routes, same auth, same business code, and
 * no socket, no port and no second HTTP parse. The request is a real `IncomingMessage` fed from memory;
 * the response is a real `ServerResponse` whose bytes are captured instead of written to a socket.
 */
export function inProcessDispatcher(app: RequestListener): RestDispatcher {
  return (request, signal) => dispatch(app, request, signal);
}
// #endregion dispatch

function dispatch(app: RequestListener, request: RestRequest, signal?: AbortSignal): Promise<RestResponse> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const socket = new Socket();
    const req = new IncomingMessage(socket);
    req.method = request.method;
    req.url = request.url;
    req.httpVersion = '1.1';
    req.httpVersionMajor = 1;
    req.httpVersionMinor = 1;
    const body = request.body === undefined ? undefined : Buffer.from(request.body, 'utf8');
    req.headers = { host: 'localhost', ...request.headers };
    if (body) req.headers['content-length'] = String(body.length);
    req.rawHeaders = Object.entries(req.headers).flatMap(([name, value]) => [name, String(value)]);
    if (body) req.push(body);
    req.push(null);

    const res = new ServerResponse(req);
    // Kept as written (string or Buffer) and decoded once at the end: a 10 KB list is one Buffer from
    // the route, and converting it back and forth would cost more than the route's own JSON.stringify.
    const chunks: Array<string | Buffer> = [];
    const collect = (chunk: unknown, encoding?: unknown) => {
      if (chunk === undefined || chunk === null || typeof chunk === 'function') return;
      if (
        typeof chunk === 'string' &&
        typeof encoding === 'string' &&
        encoding !== 'utf8' &&
        encoding !== 'utf-8'
      )
        chunks.push(Buffer.from(chunk, encoding as BufferEncoding));
      else chunks.push(chunk as string | Buffer);
    };
    const onAbort = () => reject(signal?.reason);
    signal?.addEventListener('abort', onAbort, { once: true });

    // Nothing is sent anywhere: the head and body are kept and handed back whole on end().
    res.writeHead = function writeHead(status: number, ...rest: unknown[]) {
      res.statusCode = status;
      const headers = rest.find((item) => typeof item === 'object' && item !== null) as
        | OutgoingHttpHeaders
        | undefined;
      for (const [name, value] of Object.entries(headers ?? {})) {
        if (value !== undefined) res.setHeader(name, value);
      }
      return res;
    } as ServerResponse['writeHead'];
    res.write = ((chunk: unknown, encoding?: unknown) => {
      collect(chunk, encoding);
      return true;
    }) as ServerResponse['write'];
    res.end = ((chunk?: unknown, encoding?: unknown) => {
      collect(chunk, encoding);
      signal?.removeEventListener('abort', onAbort);
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(res.getHeaders())) {
        if (value !== undefined)
          headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
      }
      resolve({ status: res.statusCode, headers, body: bodyText(chunks) });
      res.emit('finish');
      socket.destroy();
      return res;
    }) as ServerResponse['end'];

    try {
      app(req, res);
    } catch (error) {
      reject(error);
    }
  });
}

function bodyText(chunks: Array<string | Buffer>): string {
  if (chunks.length === 1) return chunks[0]?.toString() ?? '';
  return Buffer.concat(
    chunks.map((chunk) => (typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk)),
  ).toString('utf8');
}
