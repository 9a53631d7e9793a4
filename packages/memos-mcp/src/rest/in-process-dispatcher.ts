import {
  createServer,
  type RequestListener,
  type ServerResponse,
  validateHeaderName,
  validateHeaderValue,
} from 'node:http';
import { Duplex } from 'node:stream';
import type { RecordedAnswer } from '@memos-kit/memos-rest';
import type { RestDispatcher, RestRequest, RestResponse } from './rest-request.ts';

// #region dispatch
/**
 * Runs a REST request through the Express app inside this process, the way Memos runs an MCP tool call
 * through its own router with Go's httptest: same routes, same auth, same business code, and no socket, no
 * port. The request goes in as HTTP bytes on an in-memory connection, which Node's own HTTP server parses
 * (a server accepts any Duplex stream handed to its `'connection'` event), so the app sees exactly what a
 * client on the network would send. The answer is read the way httptest.ResponseRecorder reads it: the
 * status and headers off Node's ServerResponse, the body as the app recorded it (`answerOf`), rather than
 * by parsing the bytes back with an HTTP client and the JSON again, which would cost a third of each
 * dispatch. A shortcut around the plain way, kept for that saving: the README lists it with its measured
 * share.
 */
export function inProcessDispatcher(
  app: RequestListener,
  answerOf: (res: ServerResponse) => RecordedAnswer | undefined,
): RestDispatcher {
  const settle = new WeakMap<Duplex, (res: ServerResponse) => void>();
  // Never listens: it only gives the app Node's request parser and response writer. The request says
  // keep-alive, so Node never half-closes the connection after the answer; its end is destroyed once the
  // answer is complete, after 'finish', which the app's own listeners may still be waiting for.
  const server = createServer((req, res) => {
    res.once('finish', () => settle.get(req.socket)?.(res));
    res.once('close', () => req.socket.destroy());
    app(req, res);
  });
  return (request, signal) =>
    new Promise<RestResponse>((resolve, reject) => {
      if (signal?.aborted) {
        reject(signal.reason);
        return;
      }
      const bytes = requestBytes(request);
      // What Node writes back is the answer as HTTP bytes: the recorder has it already, so they are dropped.
      const connection = new Duplex({ read() {}, write: (_chunk, _encoding, callback) => callback() });
      // The caller's reason (the MCP call's cancellation); the app sees its client go away.
      const onAbort = () => {
        reject(signal?.reason);
        connection.destroy();
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      // Node's parser refused the request (it answers 400 or 431 itself, without the app), or the app
      // dropped it: no answer will come. Once the answer is in, the connection's close means nothing.
      const unanswered = () => {
        signal?.removeEventListener('abort', onAbort);
        reject(new Error(`${request.method} ${request.url}: the connection closed without an answer`));
      };
      settle.set(connection, (res) => {
        connection.off('close', unanswered);
        signal?.removeEventListener('abort', onAbort);
        const answer = answerOf(res);
        if (!answer) {
          reject(
            new Error(`${request.method} ${request.url}: the REST app answered without recording a body`),
          );
          return;
        }
        resolve({
          status: res.statusCode,
          headers: headersOf(res),
          body: answer.text,
          ...(answer.json ? { json: answer.json } : {}),
        });
      });
      connection.once('close', unanswered);
      server.emit('connection', connection);
      connection.push(bytes);
    });
}
// #endregion dispatch

/**
 * The request as an HTTP/1.1 client writes it, with the checks Node's own client makes: a path without
 * spaces or control characters, and header names and values Node accepts (either throws, and the call
 * becomes a tool error instead of a request the server would misread).
 */
function requestBytes({ method, url, headers, body }: RestRequest): Buffer {
  if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(method)) throw new TypeError(`Invalid HTTP method: ${method}`);
  if (!/^\/[\x21-\x7e]*$/.test(url))
    throw new TypeError(`Request path contains unescaped characters: ${url}`);
  const payload = body === undefined ? undefined : Buffer.from(body, 'utf8');
  const fields: Record<string, string> = { host: 'localhost', connection: 'keep-alive', ...headers };
  if (payload) fields['content-length'] = String(payload.length);
  let head = `${method} ${url} HTTP/1.1\r\n`;
  for (const [name, value] of Object.entries(fields)) {
    validateHeaderName(name);
    validateHeaderValue(name, value);
    head += `${name}: ${value}\r\n`;
  }
  // Header values are Latin-1 on the wire, as Node's client writes them.
  const bytes = Buffer.from(`${head}\r\n`, 'latin1');
  return payload ? Buffer.concat([bytes, payload]) : bytes;
}

/** The answer's headers, names in lower case, as the app set them (Node adds Date and Connection on the wire). */
function headersOf(res: ServerResponse): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(res.getHeaders())) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  return headers;
}
