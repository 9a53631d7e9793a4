import type { ServerResponse } from 'node:http';

/**
 * Makes an SSE response's head read like the article's (fixtures/09-sse-progress) and go out at once.
 *
 * The SDK answers streams with `Cache-Control: no-cache, no-transform` and `Connection: keep-alive`. The
 * article shows `Cache-Control: no-cache`; `no-transform` adds nothing behind a loopback or nginx proxy
 * (it only forbids proxies to recompress), so the kit sends the article's value. The SDK's value is
 * rewritten here, at the last moment before the head is written, because the SDK offers no option for it.
 *
 * The head is then flushed immediately: in the article the headers reach the client at 0 s, long before
 * the first event, and a teacher's terminal should show that too.
 */
export function adjustSseHead(res: ServerResponse): void {
  const writeHead = res.writeHead.bind(res) as (
    status: number,
    headers?: Record<string, string>,
  ) => ServerResponse;
  res.writeHead = ((status: number, headers?: Record<string, string>) => {
    const streaming = Object.entries(headers ?? {}).some(
      ([name, value]) => name.toLowerCase() === 'content-type' && value.startsWith('text/event-stream'),
    );
    if (!streaming || !headers) return writeHead(status, headers);
    const rewritten: Record<string, string> = {};
    for (const [name, value] of Object.entries(headers)) {
      const lower = name.toLowerCase();
      if (lower === 'cache-control') rewritten['Cache-Control'] = 'no-cache';
      else if (lower === 'content-type') rewritten['Content-Type'] = value;
      else if (lower === 'x-accel-buffering') rewritten['X-Accel-Buffering'] = value;
      else rewritten[name] = value;
    }
    const result = writeHead(status, rewritten);
    res.flushHeaders();
    return result;
  }) as ServerResponse['writeHead'];
}
