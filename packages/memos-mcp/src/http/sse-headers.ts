import type { ServerResponse } from 'node:http';
import type { FetchLikeMcpHandler, NodeServerResponseLike } from '@modelcontextprotocol/node';

/**
 * The head of an SSE answer as the article shows it (fixtures/09-sse-progress), reached in two supported
 * places and no patched method:
 *
 * - a response hook on the SDK's web-standard `fetch` face: the SDK answers streams with
 *   `Cache-Control: no-cache, no-transform`; the article shows `no-cache`, and `no-transform` adds nothing
 *   behind a loopback or nginx proxy (it only forbids proxies to recompress). The SDK has no option for
 *   the value, so the hook hands on the same body under the article's head.
 * - a writer for the endpoint's Node adapter (`node-adapter.ts`, which writes as `toNodeHandler` does) to
 *   any object with `writeHead`/`write`/`end`/`on`/`destroyed` (`NodeServerResponseLike`): see
 *   {@link articleHeadWriter}.
 */
export function withArticleCacheControl(handler: FetchLikeMcpHandler): FetchLikeMcpHandler {
  return {
    fetch: async (request, options) => {
      const response = await handler.fetch(request, options);
      if (!isEventStream(response.headers.get('content-type'))) return response;
      const headers = new Headers(response.headers);
      headers.set('cache-control', 'no-cache');
      return new Response(response.body, {
        status: response.status,
        statusText: response.statusText,
        headers,
      });
    },
  };
}

/** Header names as the article spells them; a web `Response` keeps them in lower case only. */
const ARTICLE_SPELLING: Record<string, string> = {
  'cache-control': 'Cache-Control',
  'content-type': 'Content-Type',
  'x-accel-buffering': 'X-Accel-Buffering',
};

/**
 * SDK ADAPTER (toNodeHandler, @modelcontextprotocol/node 2.1.2): what the endpoint's Node adapter writes
 * to, the face `toNodeHandler` writes to as well. It
 * passes everything on to the real response and adds what the SDK has no option for, on SSE heads only:
 * the head goes out at once (in the article the headers reach the client at 0 s, long before the first
 * event; `toNodeHandler` leaves them to travel with the first event), and its names are spelled as in the
 * article. `test/sdk-gaps.test.ts` fails when the SDK starts doing either itself.
 */
export function articleHeadWriter(res: ServerResponse): NodeServerResponseLike {
  return {
    writeHead(status, headers = {}) {
      if (!isEventStream(headers['content-type'])) return res.writeHead(status, headers);
      const spelled: Record<string, string> = {};
      for (const [name, value] of Object.entries(headers)) spelled[ARTICLE_SPELLING[name] ?? name] = value;
      res.writeHead(status, spelled);
      res.flushHeaders();
      return res;
    },
    // Its return value is the backpressure signal the adapter waits on.
    write: (chunk) => res.write(chunk),
    end: (chunk) => res.end(chunk),
    on: (event, listener) => res.on(event, listener),
    get destroyed() {
      return res.destroyed;
    },
  };
}

function isEventStream(contentType: string | null | undefined): boolean {
  return contentType?.startsWith('text/event-stream') ?? false;
}
