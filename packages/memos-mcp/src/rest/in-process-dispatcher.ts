import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type RequestListener,
  type ServerResponse,
} from 'node:http';
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
    /**
     * The value a JSON answer was written from, when the app can say (memos-rest's `jsonValueOf`): the
     * body is then `JSON.stringify` of it, and the tool result uses both instead of parsing the bytes.
     */
    jsonValueOf?: (res: ServerResponse) => { value: unknown } | undefined;
  } = {},
): RestDispatcher {
  const answers = new WeakMap<Duplex, ServerResponse>();
  // Never listens: it only gives the app Node's request parser and response writer. The connection is
  // kept alive, so neither side half-closes it after the answer (each end would then end the other
  // again, and Node builds an error for that it throws away); the server closes its end once its answer
  // is complete, after 'finish', which the app's own listeners may still be waiting for.
  const server = createServer((req, res) => {
    answers.set(req.socket, res);
    res.once('close', () => req.socket.destroy());
    app(req, res);
  });
  const accept = (connection: Duplex) => server.emit('connection', connection);
  const { jsonValueOf } = options;
  return async (request, signal) => {
    const [response, serverEnd] = await dispatch(accept, request, signal);
    const answer = jsonValueOf && answers.get(serverEnd);
    const json = answer && jsonValueOf(answer);
    if (json && response.headers['content-type']?.startsWith('application/json')) response.json = json;
    return response;
  };
}
// #endregion dispatch

function dispatch(
  accept: (connection: Duplex) => void,
  request: RestRequest,
  signal?: AbortSignal,
): Promise<[RestResponse, Duplex]> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const [clientEnd, serverEnd] = memoryConnection();
    accept(serverEnd);
    let answered = false;
    const outgoing = httpRequest(
      {
        method: request.method,
        path: request.url,
        headers: { host: 'localhost', connection: 'keep-alive', ...request.headers },
        createConnection: () => clientEnd,
      },
      (incoming) => {
        // Kept as they arrive and decoded once at the end: a 10 KB list is one or two chunks.
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('end', () => {
          answered = true;
          signal?.removeEventListener('abort', onAbort);
          resolve([
            {
              status: incoming.statusCode ?? 0,
              headers: headersOf(incoming),
              body: Buffer.concat(chunks).toString('utf8'),
            },
            serverEnd,
          ]);
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
    outgoing.on('close', () => {
      clientEnd.destroy();
      // Cut short (cancelled, or the answer could not be read): the app sees its client go away.
      if (!answered) serverEnd.destroy();
    });
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
