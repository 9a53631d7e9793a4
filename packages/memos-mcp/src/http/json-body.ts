import type { IncomingMessage } from 'node:http';

export type JsonBody =
  | { kind: 'json'; value: unknown }
  | { kind: 'too-large'; message: string }
  | { kind: 'invalid' }
  | { kind: 'aborted' };

/**
 * Reads and parses a request body once, up to `maxBytes`. The endpoint hands the parsed value to the
 * SDK as `parsedBody` (the composition the SDK documents for `express.json()`), so the SDK neither
 * re-reads the body through a web stream nor clones the request to peek at it. A declared
 * `Content-Length` over the limit is refused before anything is read.
 */
export async function readJsonBody(req: IncomingMessage, maxBytes: number): Promise<JsonBody> {
  const tooLarge = {
    kind: 'too-large',
    message: `Payload Too Large: Request body must not exceed ${maxBytes} bytes`,
  } as const;
  if (Number(req.headers['content-length']) > maxBytes) return tooLarge;
  const chunks: Buffer[] = [];
  let received = 0;
  try {
    for await (const chunk of req as AsyncIterable<Buffer>) {
      received += chunk.length;
      if (received > maxBytes) return tooLarge;
      chunks.push(chunk);
    }
  } catch {
    return { kind: 'aborted' };
  }
  try {
    return { kind: 'json', value: JSON.parse(Buffer.concat(chunks, received).toString('utf8')) };
  } catch {
    return { kind: 'invalid' };
  }
}
