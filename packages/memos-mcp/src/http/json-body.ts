import type { IncomingMessage } from 'node:http';

export type JsonBody =
  | { kind: 'json'; value: unknown }
  | { kind: 'too-large'; message: string }
  | { kind: 'invalid'; message: string }
  | { kind: 'aborted' };

/**
 * Reads and parses a request body once, up to `maxBytes`. The endpoint hands the parsed value to the
 * SDK as `parsedBody` (the composition the SDK documents for `express.json()`), so the SDK neither
 * re-reads the body through a web stream nor clones the request to peek at it. A declared
 * `Content-Length` over the limit is refused before anything is read.
 */
const UTF8 = new TextDecoder('utf-8', { fatal: true });

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
  let text: string;
  try {
    // The spec says UTF-8; a lenient decoder would quietly turn bad bytes into U+FFFD and lose data.
    text = UTF8.decode(Buffer.concat(chunks, received));
  } catch {
    return { kind: 'invalid', message: 'Parse error: the body is not valid UTF-8' };
  }
  try {
    return { kind: 'json', value: JSON.parse(text) };
  } catch {
    // The SDK's own answer to a body that is not JSON, word for word.
    return { kind: 'invalid', message: 'Parse error: Invalid JSON' };
  }
}
