// What the MCP endpoint asks of OAuth (`pnpm serve --auth oauth`), as an interface: the endpoint and the app
// call it, and src/auth/oauth.ts, loaded only in that mode, fills it in. Nothing here loads the authorization
// server, so the default start does not pay for it.
import type { ServerResponse } from 'node:http';
import type { AuthInfo } from '@modelcontextprotocol/server';

/** The authorization server's port unless told (`--auth-port`): the one after the adapter's 5230. */
export const DEFAULT_AUTH_PORT = 5231;

export interface EndpointAuth {
  /** `/.well-known/oauth-protected-resource/mcp`: served to anyone, with any method, before the POST guards. */
  metadataPath: string;
  metadataResponse(request: Request): Response | undefined;
  /** Reads the `Authorization` header alone: the caller, or the 401 to send back. */
  authenticate(request: Pick<Request, 'headers'>): Promise<AuthInfo | Response>;
  /** The 403 `insufficient_scope` of a step-up, naming the scopes the call needs. */
  insufficientScope(scopes: readonly string[], description?: string): Response;
  /** The scope a tool that is not read-only needs on top of the baseline. */
  writeScope: string;
  /**
   * The `Authorization` the adapter sends the REST API for this caller: its own credential for the user the
   * token names, never the token itself, which was issued to /mcp and to nobody else.
   */
  upstreamAuthorization(caller: AuthInfo): string | undefined;
}

/** The user an access token names (`sub`), as the verifier put it in `extra`. */
export function subjectOf(caller: AuthInfo): string | undefined {
  const sub = caller.extra?.sub;
  return typeof sub === 'string' ? sub : undefined;
}

/**
 * The step-up rule: a `tools/call` of a tool that is not read-only needs the write scope. Returns the scopes
 * to ask for, or undefined when the caller has what the call needs (or the message is not a tool call).
 */
export function scopesNeeded(
  message: unknown,
  tools: readonly { name: string; annotations?: { readOnlyHint?: boolean } | undefined }[],
  caller: AuthInfo,
  writeScope: string,
): string[] | undefined {
  if (typeof message !== 'object' || message === null || !('method' in message)) return undefined;
  if (message.method !== 'tools/call' || !('params' in message)) return undefined;
  const { params } = message;
  const name = typeof params === 'object' && params !== null && 'name' in params ? params.name : undefined;
  const tool = tools.find((candidate) => candidate.name === name);
  // An unknown tool is the SDK's to refuse (-32602), whatever the scope.
  if (!tool || tool.annotations?.readOnlyHint === true) return undefined;
  return caller.scopes.includes(writeScope) ? undefined : [writeScope];
}

/** Writes a web-standard Response (the metadata document, a challenge) to a Node response. */
export async function sendResponse(res: ServerResponse, response: Response): Promise<void> {
  const body = Buffer.from(await response.arrayBuffer());
  res.writeHead(response.status, {
    ...Object.fromEntries(response.headers),
    'content-length': String(body.byteLength),
  });
  res.end(body);
}
