import { createServer, request as httpRequest, type IncomingMessage, type RequestListener } from 'node:http';
import { Duplex } from 'node:stream';
import type { RestDispatcher, RestRequest, RestResponse } from './rest-request.ts';

// #region dispatch
/**
 * Runs a REST request through the Express app inside this process, the way Memos runs an MCP tool call
 * through its own router with `httptest.NewRecorder`: same routes, same auth, same business code, and
 * no socket, no port. The request travels over an in-memory connection that Node's own HTTP server and
 * client speak, through the two ways Node documents for this: a server accepts any Duplex stream handed
 * to its `'connection'` event, and `http.request` takes a `createConnection`. Nothing of Node's is
 * replaced, so the app sees exactly what a client on the network would send.
 */
export function inProcessDispatcher(
  app: RequestListener,
  options: {
    /** The app writes its JSON with plain `JSON.stringify` (memos-rest's `sendJson` does). */
    canonicalJson?: boolean;
  } = {},
): RestDispatcher {
  // Never listens: it only gives the app Node's request parser and response writer.
  const server = createServer(app);
  const accept = (connection: Duplex) => server.emit('connection', connection);
  return async (request, signal) => {
    const response = await dispatch(accept, request, signal);
    if (options.canonicalJson && response.headers['content-type']?.startsWith('application/json')) {
      response.canonicalJson = true;
    }
    return response;
  };
}
// #endregion dispatch

function dispatch(
  accept: (connection: Duplex) => void,
  request: RestRequest,
  signal?: AbortSignal,
): Promise<RestResponse> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const [clientEnd, serverEnd] = memoryConnection();
    accept(serverEnd);
    const outgoing = httpRequest(
      {
        method: request.method,
        path: request.url,
        headers: { host: 'localhost', ...request.headers },
        createConnection: () => clientEnd,
      },
      (incoming) => {
        // Kept as they arrive and decoded once at the end: a 10 KB list is one or two chunks.
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('end', () => {
          signal?.removeEventListener('abort', onAbort);
          resolve({
            status: incoming.statusCode ?? 0,
            headers: headersOf(incoming),
            body: Buffer.concat(chunks).toString('utf8'),
          });
        });
      },
    );
    // The caller's reason (the MCP call's cancellation), not Node's generic "socket hang up".
    const onAbort = () => {
      reject(signal?.reason);
      outgoing.destroy();
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    outgoing.on('error', (error) => {
      signal?.removeEventListener('abort', onAbort);
      reject(error);
    });
    outgoing.on('close', () => serverEnd.destroy());
    outgoing.end(request.body);
  });
}

function headersOf(incoming: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(incoming.headers)) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return headers;
}

/**
 * Two connected ends of an in-memory connection: what one end writes, the other reads. Node 22 has this
 * as `stream.duplexPair()`; the kit runs on Node 20.
 */
// TOOLKIT-CANDIDATE: an in-memory duplex pair (Node 22's stream.duplexPair) for in-process HTTP.
function memoryConnection(): [Duplex, Duplex] {
  const end = (other: () => Duplex) =>
    new Duplex({
      read() {},
      write(chunk: Buffer, _encoding, callback) {
        other().push(chunk);
        callback();
      },
      final(callback) {
        other().push(null);
        callback();
      },
    });
  const client: Duplex = end(() => server);
  const server: Duplex = end(() => client);
  return [client, server];
}
