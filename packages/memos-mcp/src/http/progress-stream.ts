import type { FetchLikeMcpHandler } from '@modelcontextprotocol/node';

/**
 * SDK ADAPTER (responseMode, @modelcontextprotocol/server 2.4.0): a paced call that asks for progress
 * answers with SSE from the start, so its head can leave at 0 s as in the article; every other request
 * keeps the SDK's `auto` mode (JSON, or SSE from the first progress notification on).
 *
 * The SDK chooses `responseMode` per handler (`CreateMcpHandlerOptions`), not per request
 * (`McpHandlerRequestOptions` has no such field), and in `auto` mode the head only exists once the
 * first notification is sent. So two handlers are built and each request goes to one of them by its
 * `progressToken`. `test/sdk-gaps.test.ts` fails when the SDK gains a per-request choice or starts an
 * `auto` stream early, and this adapter can go.
 */
export function streamFromTheStartForProgress(
  auto: FetchLikeMcpHandler,
  streaming: FetchLikeMcpHandler,
): FetchLikeMcpHandler {
  return {
    fetch: (request, options) =>
      (asksForProgress(options?.parsedBody) ? streaming : auto).fetch(request, options),
  };
}

function asksForProgress(body: unknown): boolean {
  if (typeof body !== 'object' || body === null || !('params' in body)) return false;
  const { params } = body;
  if (typeof params !== 'object' || params === null || !('_meta' in params)) return false;
  const { _meta: meta } = params;
  return (
    typeof meta === 'object' && meta !== null && 'progressToken' in meta && meta.progressToken !== undefined
  );
}
