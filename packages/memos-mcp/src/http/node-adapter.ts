import type { IncomingMessage } from 'node:http';
import { ErrorCode } from '@memos-kit/protocol';
import type { FetchLikeMcpHandler, NodeServerResponseLike } from '@modelcontextprotocol/node';
import type { AuthInfo } from '@modelcontextprotocol/server';

/**
 * SHORTCUT (toNodeHandler, @modelcontextprotocol/node 2.1.2): feeds the SDK's web-standard handler from
 * Node, for a body the endpoint has already read and parsed: what `toNodeHandler` does, minus the work this
 * endpoint never needs. The web `Request` carries the head only (the SDK takes the message from
 * `parsedBody`; `toNodeHandler` serializes it into the `Request` again), and a JSON answer, which is
 * complete before it is written, goes out in one write with its length (`toNodeHandler` streams it in
 * chunked framing, the end in a write of its own); an SSE answer is still pumped event by event, as it is
 * produced. What reaches the wire is the same status, headers and body, and the abort when the client goes
 * away. Measured as users run the kit, `toNodeHandler` instead cost 0.11 to 0.25 ms a tools/call (see the
 * README); `test/sdk-gaps.test.ts` fails when `toNodeHandler` stops doing either.
 */
export function nodeAdapter(handler: FetchLikeMcpHandler, onerror: (error: Error) => void) {
  return async (
    req: IncomingMessage,
    res: NodeServerResponseLike,
    parsedBody: unknown,
    authInfo?: AuthInfo,
  ): Promise<void> => {
    let finished = false;
    const abort = new AbortController();
    res.on('close', () => {
      if (!finished) abort.abort();
    });
    if (res.destroyed === true) abort.abort();
    let response: Response;
    try {
      response = await handler.fetch(webRequestHead(req, abort.signal), {
        parsedBody,
        ...(authInfo ? { authInfo } : {}),
      });
    } catch (error) {
      onerror(error instanceof Error ? error : new Error(String(error)));
      response = Response.json(
        {
          jsonrpc: '2.0',
          error: { code: ErrorCode.InternalError, message: 'Internal server error' },
          id: requestId(parsedBody),
        },
        { status: 500 },
      );
    }
    const headers: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      headers[name] = value;
    });
    if (response.body === null) {
      finished = true;
      res.writeHead(response.status, headers);
      res.end();
      return;
    }
    if (!headers['content-type']?.startsWith('text/event-stream')) {
      const bytes = await completeBody(response.body);
      // Complete before it is written, so it goes out with its length, as the REST answers do, rather
      // than in chunked framing (which is what streaming it would need).
      headers['content-length'] = String(bytes.byteLength);
      finished = true;
      res.writeHead(response.status, headers);
      res.end(bytes);
      return;
    }
    res.writeHead(response.status, headers);
    await pump(response.body, res, abort.signal);
    finished = true;
    res.end();
  };
}

/** The request line and headers as a web `Request`, without a body (the handler gets the parsed one). */
function webRequestHead(req: IncomingMessage, signal: AbortSignal): Request {
  return new Request(`http://${req.headers.host ?? 'localhost'}${req.url ?? '/'}`, {
    method: req.method ?? 'POST',
    headers: headersOf(req),
    signal,
  });
}

/** A Node request's headers as web `Headers`, in the order and spelling they came. */
export function headersOf(req: IncomingMessage): Headers {
  const headers = new Headers();
  const raw = req.rawHeaders;
  for (let i = 0; i + 1 < raw.length; i += 2) headers.append(raw[i] as string, raw[i + 1] as string);
  return headers;
}

/**
 * The bytes of an answer that is complete before it is written. `Response.json` holds them as one chunk,
 * which is taken as it is; `arrayBuffer()` would copy it into a new buffer first.
 */
export async function completeBody(body: ReadableStream<Uint8Array>): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  const reader = body.getReader();
  for (let read = await reader.read(); !read.done; read = await reader.read()) chunks.push(read.value);
  return chunks.length === 1 && chunks[0] ? chunks[0] : Buffer.concat(chunks);
}

/** Writes each chunk as it comes, waiting for the socket to drain when it is full; stops on abort. */
async function pump(body: ReadableStream<Uint8Array>, res: NodeServerResponseLike, signal: AbortSignal) {
  let drained: (() => void) | undefined;
  res.on('drain', () => {
    drained?.();
    drained = undefined;
  });
  const closed = new Promise<void>((resolve) =>
    signal.addEventListener('abort', () => resolve(), { once: true }),
  );
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done || signal.aborted) break;
      if (res.write(value) === false) {
        await Promise.race([new Promise<void>((resolve) => (drained = resolve)), closed]);
      }
    }
    if (signal.aborted) await reader.cancel();
  } catch {
    // The stream was cancelled (the call was cancelled or the handler closed): end what was written.
  }
}

/** The id of a request the error can answer (a notification or a malformed body has none). */
function requestId(body: unknown): string | number | null {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return null;
  const { method, id } = body as { method?: unknown; id?: unknown };
  if (typeof method !== 'string') return null;
  return typeof id === 'string' || typeof id === 'number' ? id : null;
}
