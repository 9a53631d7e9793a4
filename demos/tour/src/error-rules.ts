import { ErrorCode } from '@memos-kit/protocol';
import { type Difference, getHeader, tryParseJson } from '@memos-kit/wire';
import type { HttpResponseRecord, Rule } from './exchanges.ts';

/** The tool name the changed Mcp-Name header claims, while the body still calls memo_list_memos. */
export const claimedTool = 'memo_delete_memo';

/**
 * The kit's own exchanges are checked against a rule of the spec rather than an article message: HTTP 400,
 * a JSON body, a JSON-RPC error with this code and a message of the server's own, and no result.
 */
function httpErrorRule(code: number, name: string): Rule {
  return {
    against: `HTTP 400 + JSON-RPC error ${code} (${name})`,
    check: (response) => check(response, code),
  };
}

/**
 * MCP 2026-07-28, Streamable HTTP: a server that reads the body MUST reject a header that does not mirror it,
 * with HTTP 400 and a JSON-RPC error whose code is -32020 (HeaderMismatch).
 */
export const headerMismatchRule = httpErrorRule(ErrorCode.HeaderMismatch, 'HeaderMismatch');

/**
 * MCP 2026-07-28: every request carries its protocol version and client capabilities in `params._meta`;
 * a request without them is invalid params (-32602), over HTTP with status 400.
 */
export const missingMetaRule = httpErrorRule(ErrorCode.InvalidParams, 'Invalid params');

function check(response: HttpResponseRecord, code: number): Difference[] {
  const differences: Difference[] = [];
  if (response.status !== 400) {
    differences.push({
      where: 'status',
      path: 'status',
      kind: 'changed',
      expected: 400,
      actual: response.status,
    });
  }
  const type = getHeader(response.headers, 'content-type');
  if (!type?.startsWith('application/json')) {
    differences.push({
      where: 'header',
      path: 'Content-Type',
      kind: type === undefined ? 'missing' : 'changed',
      expected: 'application/json',
      actual: type,
    });
  }
  const parsed = tryParseJson(response.body);
  const body =
    parsed.ok && typeof parsed.value === 'object' && parsed.value !== null ? parsed.value : undefined;
  if (!body) {
    differences.push({
      where: 'body',
      path: '$',
      kind: 'type',
      expected: 'a JSON-RPC error',
      actual: response.body,
    });
    return differences;
  }
  const message = body as {
    jsonrpc?: unknown;
    result?: unknown;
    error?: { code?: unknown; message?: unknown };
  };
  if (message.jsonrpc !== '2.0') {
    differences.push({
      where: 'body',
      path: '$.jsonrpc',
      kind: 'changed',
      expected: '2.0',
      actual: message.jsonrpc,
    });
  }
  if ('result' in message) {
    differences.push({ where: 'body', path: '$.result', kind: 'unexpected', actual: message.result });
  }
  if (message.error?.code !== code) {
    differences.push({
      where: 'body',
      path: '$.error.code',
      kind: 'changed',
      expected: code,
      actual: message.error?.code,
    });
  }
  if (typeof message.error?.message !== 'string' || message.error.message === '') {
    differences.push({ where: 'body', path: '$.error.message', kind: 'missing', expected: 'a message' });
  }
  return differences;
}
