import { META } from '@memos-kit/protocol';
import {
  CallToolRequestSchema,
  CallToolResultSchema,
  DiscoverRequestSchema,
  DiscoverResultSchema,
  JSONRPCErrorResponseSchema,
  JSONRPCMessageSchema,
  ListToolsRequestSchema,
  ListToolsResultSchema,
  ProgressNotificationSchema,
} from '@modelcontextprotocol/core';
import { isObject } from './is-object.ts';

/**
 * Checks a JSON-RPC message against MCP 2026-07-28.
 *
 * Two layers. First the SDK's own wire schemas from `@modelcontextprotocol/core`. They are deliberately
 * loose (one SDK serves both protocol eras), so they accept, say, a tools/list result without `ttlMs`.
 * The second layer adds the 2026-07-28 MUSTs the kit teaches: `_meta` envelope keys on every request,
 * `resultType` on every result, `content` on a complete tool result, cache hints on discover and list.
 * `method` names which request a response answers (a response does not say it itself).
 */
export function validateMcpMessage(message: unknown, method?: string): string[] {
  const problems: string[] = [];
  const envelope = JSONRPCMessageSchema.safeParse(message);
  if (!envelope.success) problems.push(`not a JSON-RPC 2.0 message: ${envelope.error.issues[0]?.message}`);
  if (!isObject(message)) return problems;

  if (typeof message.method === 'string' && 'id' in message) {
    problems.push(...checkRequest(message));
  } else if (typeof message.method === 'string') {
    if (message.method === 'notifications/progress')
      problems.push(...zod(ProgressNotificationSchema, message));
  } else if ('error' in message) {
    problems.push(...zod(JSONRPCErrorResponseSchema, message));
  } else if (isObject(message.result)) {
    problems.push(...checkResult(message.result, method));
  }
  return problems;
}

const REQUEST_SCHEMAS = {
  'server/discover': DiscoverRequestSchema,
  'tools/list': ListToolsRequestSchema,
  'tools/call': CallToolRequestSchema,
} as const;

function checkRequest(request: Record<string, unknown>): string[] {
  const problems: string[] = [];
  const schema = REQUEST_SCHEMAS[request.method as keyof typeof REQUEST_SCHEMAS];
  if (schema) problems.push(...zod(schema, { method: request.method, params: request.params }));
  const params = isObject(request.params) ? request.params : undefined;
  const meta = params && isObject(params._meta) ? params._meta : undefined;
  if (!meta) return [...problems, 'a request needs params._meta'];
  if (typeof meta[META.protocolVersion] !== 'string')
    problems.push(`params._meta needs ${META.protocolVersion}`);
  if (!isObject(meta[META.clientCapabilities]))
    problems.push(`params._meta needs ${META.clientCapabilities}`);
  return problems;
}

const RESULT_SCHEMAS = {
  'server/discover': DiscoverResultSchema,
  'tools/list': ListToolsResultSchema,
  'tools/call': CallToolResultSchema,
} as const;

const CACHEABLE = new Set(['server/discover', 'tools/list']);

function checkResult(result: Record<string, unknown>, method: string | undefined): string[] {
  const problems: string[] = [];
  if (typeof result.resultType !== 'string') problems.push('result.resultType is required');
  const schema = method ? RESULT_SCHEMAS[method as keyof typeof RESULT_SCHEMAS] : undefined;
  if (schema) problems.push(...zod(schema, result));
  if (method === 'tools/call' && result.resultType === 'complete' && !Array.isArray(result.content)) {
    problems.push('a complete tools/call result needs content');
  }
  if (method && CACHEABLE.has(method) && result.resultType === 'complete') {
    if (!Number.isInteger(result.ttlMs) || (result.ttlMs as number) < 0)
      problems.push('ttlMs must be an integer ≥ 0');
    if (result.cacheScope !== 'public' && result.cacheScope !== 'private') {
      problems.push('cacheScope must be "public" or "private"');
    }
  }
  return problems;
}

function zod(
  schema: {
    safeParse(value: unknown): {
      success: boolean;
      error?: { issues: Array<{ path: PropertyKey[]; message: string }> };
    };
  },
  value: unknown,
): string[] {
  const parsed = schema.safeParse(value);
  if (parsed.success) return [];
  return (parsed.error?.issues ?? []).map(
    (issue) => `${issue.path.map(String).join('.') || '(root)'}: ${issue.message}`,
  );
}
