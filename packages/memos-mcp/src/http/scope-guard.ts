import type { ToolRunner } from '../tools/tool-runner.ts';

/** The scope a token needs for a tool annotated `readOnlyHint: true`. */
export const READ_SCOPE = 'memos:read';
/** The scope every other tool needs: it creates, changes or deletes. */
export const WRITE_SCOPE = 'memos:write';

/** What the endpoint answers instead of running a call the caller's token does not allow. */
export interface ScopeRefusal {
  /** The `WWW-Authenticate` challenge, naming the scope this call needs. */
  challenge: string;
  message: string;
}

/**
 * A stand-in for OAuth scopes on the kit's bearer tokens, off unless `readOnlyTokens` names some: those
 * tokens carry the read scope only, so a `tools/call` of a tool that is not read-only is refused before it
 * runs, the way the authorization spec answers a runtime insufficient scope (403 and a `Bearer` challenge
 * with `error="insufficient_scope"` and the scope needed). Every other token keeps every scope, as before.
 * The challenge has no `resource_metadata`: without OAuth there is no protected-resource metadata to name.
 */
export async function scopeRefusal(
  message: unknown,
  authorization: string | undefined,
  readOnlyTokens: ReadonlySet<string>,
  runner: ToolRunner | Promise<ToolRunner>,
): Promise<ScopeRefusal | undefined> {
  if (readOnlyTokens.size === 0 || !isToolCall(message)) return undefined;
  const token = /^bearer\s+(\S+)$/i.exec(authorization?.trim() ?? '')?.[1];
  if (token === undefined || !readOnlyTokens.has(token)) return undefined;
  const name = message.params.name;
  const tool = (await runner).tools.find((candidate) => candidate.name === name);
  // An unknown tool is the SDK's to answer (-32602); a read-only one needs only the scope the token has.
  if (!tool || tool.annotations?.readOnlyHint === true) return undefined;
  return {
    challenge: `Bearer error="insufficient_scope", scope="${WRITE_SCOPE}", error_description="${name} needs the ${WRITE_SCOPE} scope; this token has ${READ_SCOPE} only"`,
    message: `Forbidden: ${name} needs the ${WRITE_SCOPE} scope; this token has ${READ_SCOPE} only`,
  };
}

function isToolCall(message: unknown): message is { method: 'tools/call'; params: { name: unknown } } {
  if (typeof message !== 'object' || message === null) return false;
  const { method, params } = message as { method?: unknown; params?: unknown };
  return method === 'tools/call' && typeof params === 'object' && params !== null && 'name' in params;
}
