import { type Difference, getHeader, tryParseJson } from '@memos-kit/wire';
import type { HttpResponseRecord, Rule } from './exchanges.ts';

/** The tool name the changed Mcp-Name header claims, while the body still calls memo_list_memos. */
export const claimedTool = 'memo_delete_memo';

/**
 * MCP 2026-07-28, Streamable HTTP: a server that reads the body MUST reject a header that does not mirror it,
 * with HTTP 400 and a JSON-RPC error whose code is -32020 (HeaderMismatch). The message is the server's own.
 */
export const headerMismatchRule: Rule = {
  against: 'HTTP 400 + JSON-RPC error -32020 (HeaderMismatch)',
  check(response: HttpResponseRecord): Difference[] {
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
    if (message.error?.code !== -32020) {
      differences.push({
        where: 'body',
        path: '$.error.code',
        kind: 'changed',
        expected: -32020,
        actual: message.error?.code,
      });
    }
    if (typeof message.error?.message !== 'string' || message.error.message === '') {
      differences.push({ where: 'body', path: '$.error.message', kind: 'missing', expected: 'a message' });
    }
    return differences;
  },
};
