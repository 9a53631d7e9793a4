import type { IncomingMessage } from 'node:http';
import { type ParsedMessage, parseMessage } from '../mcp/message-limits.ts';

export type JsonBody = ParsedMessage | { kind: 'too-large'; message: string } | { kind: 'aborted' };

/**
 * Reads and parses a request body once, up to `maxBytes`. The endpoint hands the parsed value to the
 * SDK as `parsedBody` (the composition the SDK documents for `express.json()`), so the SDK neither
 * re-reads the body through a web stream nor clones the request to peek at it. A declared
 * `Content-Length` over the limit is refused before anything is read.
 *
 * Over the limit, the reading stops collecting but leaves the request open: the caller answers 413 and
 * drops the rest (see `refuse`), because destroying the request here would reset the connection while the
 * client is still sending, and the client would see a broken pipe instead of the 413.
 */
export function readJsonBody(req: IncomingMessage, maxBytes: number): Promise<JsonBody> {
  const tooLarge = {
    kind: 'too-large',
    message: `Payload Too Large: Request body must not exceed ${maxBytes} bytes`,
  } as const;
  if (Number(req.headers['content-length']) > maxBytes) return Promise.resolve(tooLarge);
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let received = 0;
    const settle = (body: JsonBody) => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onAborted);
      req.off('close', onAborted);
      resolve(body);
    };
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      if (received > maxBytes) {
        req.pause();
        settle(tooLarge);
      } else chunks.push(chunk);
    };
    const onEnd = () => settle(parseMessage(Buffer.concat(chunks, received)));
    const onAborted = () => settle({ kind: 'aborted' });
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onAborted);
    req.on('close', onAborted);
  });
}
