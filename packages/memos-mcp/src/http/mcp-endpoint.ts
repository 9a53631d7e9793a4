import type { IncomingMessage, ServerResponse } from 'node:http';
import { createMcpHandler, type McpRequestContext, type ServerEventBus } from '@modelcontextprotocol/server';
import { createMcpServer, type McpServerOptions } from '../mcp/create-server.ts';
import { MAX_MESSAGE_BYTES } from '../mcp/message-limits.ts';
import { timelineFor } from '../mcp/pace.ts';
import { type EndpointAuth, scopesNeeded } from './endpoint-auth.ts';
import { readJsonBody } from './json-body.ts';
import { headersOf, nodeAdapter } from './node-adapter.ts';
import { streamFromTheStartForProgress } from './progress-stream.ts';
import {
  DEFAULT_ALLOWED_HOSTNAMES,
  refuse,
  refuseWithResponse,
  rejectUnservable,
  writeError,
} from './request-guards.ts';
import { scopeRefusal } from './scope-guard.ts';
import { articleHeadWriter, withArticleCacheControl } from './sse-headers.ts';

/** Tool arguments are small (a memo is at most 8 KiB); 1 MiB leaves room and stops abuse. */
export const MAX_REQUEST_BODY_BYTES = MAX_MESSAGE_BYTES;

/**
 * Sees (and may replace) every answer the SDK gives, on its web-standard face, before it is written to the
 * socket: the SSE demo records what the server writes, and when, by passing the body through a stream.
 */
export type ResponseHook = (response: Response) => Response;

export interface McpEndpointOptions extends McpServerOptions {
  allowedHostnames?: string[];
  /** Origins allowed by CORS (see cors.ts): the Origin guard lets these through whatever their hostname. */
  corsOrigins?: string[];
  maxRequestBodyBytes?: number;
  onResponse?: ResponseHook;
  /** Change events for `subscriptions/listen` streams, shared by both handlers (full profile). */
  bus?: ServerEventBus;
  /** Bearer tokens that carry the read scope only (see scope-guard.ts); none by default. */
  readOnlyTokens?: readonly string[];
  /**
   * OAuth (`--auth oauth`): every request needs an access token issued for this endpoint, checked before
   * the body is read, and the REST API is called with the adapter's own credential for the token's user.
   * Without it, the caller's `Authorization` goes to the REST API as it came (the article's tokens).
   */
  auth?: EndpointAuth;
}

export type NodeHandler = ((req: IncomingMessage, res: ServerResponse) => Promise<void>) & {
  /** Answers being written right now (an SSE tools/call stays here until its result is out). */
  readonly inFlight: number;
  /**
   * Waits up to `graceMs` (0, the default: not at all) for the answers in flight, then closes the SDK's
   * handlers, which ends whatever is left. The HTTP server should stop accepting first (see
   * `@memos-kit/process`'s `listen(...).close({ graceMs })`), so nothing new arrives meanwhile. The log
   * says how many answers were drained and how many were cut short.
   */
  close(options?: { graceMs?: number }): Promise<void>;
};

/**
 * The Streamable HTTP endpoint: guards first (method, Host, Origin), then the SDK's `createMcpHandler`,
 * which owns the 2026-07-28 protocol (envelope, Mcp-* headers, versions, JSON-or-SSE) and falls back to
 * stateless 2025-11-25 serving for clients that still send `initialize`.
 */
export function createMcpEndpoint(options: McpEndpointOptions): NodeHandler {
  const allowedHostnames = options.allowedHostnames ?? DEFAULT_ALLOWED_HOSTNAMES;
  const maxRequestBodySize = options.maxRequestBodyBytes ?? MAX_REQUEST_BODY_BYTES;
  const corsOrigins = new Set(options.corsOrigins);
  const readOnlyTokens = new Set(options.readOnlyTokens);
  const { auth } = options;
  const factory = (ctx: McpRequestContext) =>
    createMcpServer(options, {
      // With OAuth the caller's token stays here: it was issued to /mcp, and Memos must never see it.
      authorization: auth
        ? ctx.authInfo && auth.upstreamAuthorization(ctx.authInfo)
        : (ctx.requestInfo?.headers.get('authorization') ?? undefined),
    });
  // The SDK reports the requests it rejects (bad envelope, header mismatch, …) here; the answer itself is
  // already on its way, so this only tells the person watching the server log.
  const onerror = (error: Error) => options.log?.(`mcp: ${error.message.split('\n')[0]}`);
  const handlerOptions = {
    keepAliveMs: 0,
    maxRequestBodySize,
    onerror,
    ...(options.bus ? { bus: options.bus } : {}),
  };
  const auto = createMcpHandler(factory, { ...handlerOptions, responseMode: 'auto' });
  // With a pace, a request that asks for progress streams from the start, so its head goes out at 0 s as
  // in the article; without one, the SDK upgrades to SSE when the first progress notification is sent.
  const streaming = timelineFor(options.pace)
    ? createMcpHandler(factory, { ...handlerOptions, responseMode: 'sse' })
    : undefined;
  const served = withArticleCacheControl(streaming ? streamFromTheStartForProgress(auto, streaming) : auto);
  const { onResponse } = options;
  const hooked = onResponse
    ? { fetch: async (...args: Parameters<typeof served.fetch>) => onResponse(await served.fetch(...args)) }
    : served;
  const node = nodeAdapter(hooked, onerror);

  const open = new Set<ServerResponse>();
  let emptied: (() => void) | undefined;
  const endpoint = async (req: IncomingMessage, res: ServerResponse) => {
    open.add(res);
    res.once('close', () => {
      open.delete(res);
      if (open.size === 0) emptied?.();
    });
    if (rejectUnservable(req, res, allowedHostnames, options.log, corsOrigins)) return;
    // The token is checked on the headers alone: a caller without one never gets a byte of its body read.
    const caller = auth ? await auth.authenticate({ headers: headersOf(req) }) : undefined;
    if (caller instanceof Response) {
      options.log?.(`${req.method} ${req.url} -> ${caller.status} ${caller.headers.get('www-authenticate')}`);
      return refuseWithResponse(req, res, caller);
    }
    const writer = articleHeadWriter(res);
    const body = await readJsonBody(req, maxRequestBodySize);
    switch (body.kind) {
      case 'json':
        if (auth && caller) {
          const needed = scopesNeeded(body.value, (await options.runner).tools, caller, auth.writeScope);
          if (needed) {
            options.log?.(`${req.method} ${req.url} -> 403 insufficient_scope, needs ${needed.join(' ')}`);
            return sendChallenge(res, auth.insufficientScope(needed));
          }
        }
        if (isResponseMessage(body.value)) {
          // The SDK would take this for 2025-era traffic and answer with a misleading version error.
          return writeError(
            res,
            400,
            'Invalid Request: a JSON-RPC response was posted, but this server sends no requests to answer',
          );
        }
        {
          const refusal = await scopeRefusal(
            body.value,
            req.headers.authorization,
            readOnlyTokens,
            options.runner,
          );
          if (refusal) {
            options.log?.(`${req.method} ${req.url} -> 403 ${refusal.message}`);
            return writeError(res, 403, refusal.message, {
              headers: { 'WWW-Authenticate': refusal.challenge },
              id: requestId(body.value),
            });
          }
        }
        return node(req, writer, body.value, caller);
      case 'too-large':
        options.log?.(`${req.method} ${req.url} -> 413 ${body.message}`);
        return refuse(req, res, 413, body.message);
      case 'invalid':
        options.log?.(`${req.method} ${req.url} -> 400 ${body.message}`);
        return writeError(res, 400, body.message, { code: body.code, id: body.id });
      case 'aborted':
        res.destroy();
        return;
    }
  };
  const close = async ({ graceMs = 0 } = {}): Promise<void> => {
    const before = open.size;
    if (before > 0 && graceMs > 0) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, graceMs);
        emptied = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      emptied = undefined;
    }
    const cutShort = open.size;
    if (before > 0)
      options.log?.(`mcp: closing: ${before - cutShort} answer(s) drained, ${cutShort} cut short`);
    await Promise.all([auto.close(), streaming?.close()]);
  };
  return Object.defineProperties(Object.assign(endpoint, { close }), {
    inFlight: { get: () => open.size },
  }) as NodeHandler;
}

/** The id of a JSON-RPC request, for an answer the endpoint writes itself. */
function requestId(body: unknown): string | number | null {
  const id = (body as { id?: unknown }).id;
  return typeof id === 'string' || typeof id === 'number' ? id : null;
}

/** A challenge once the body has been read: nothing is left to drain. */
async function sendChallenge(res: ServerResponse, response: Response): Promise<void> {
  res.writeHead(response.status, Object.fromEntries(response.headers));
  res.end(await response.text());
}

/** A JSON-RPC response (result or error, no method): what a client sends back to a server's request. */
function isResponseMessage(body: unknown): boolean {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return false;
  return !('method' in body) && ('result' in body || 'error' in body);
}
