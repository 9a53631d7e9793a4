import { groupExchanges } from './exchanges.ts';
import { bodyText } from './frames.ts';
import { rpcMethodOf } from './matcher.ts';
import type { Recording } from './reader.ts';

/** Mermaid reads `;` and `#` in a message as syntax; its entity codes keep them as text. */
function mermaidText(text: string): string {
  return text.replace(/#/g, '#35;').replace(/;/g, '#59;');
}

/** What a server message is, in a word or two: a result, an error with its code, or a notification's method. */
function messageSummary(text: string): string {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return '';
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return '';
  if ('method' in value && typeof value.method === 'string') return value.method;
  if ('error' in value && typeof value.error === 'object' && value.error !== null && 'code' in value.error)
    return `error ${String(value.error.code)}`;
  if ('result' in value) {
    const result = value.result;
    const isError =
      typeof result === 'object' && result !== null && 'isError' in result && result.isError === true;
    return isError ? 'result (isError)' : 'result';
  }
  return '';
}

function toolName(text: string): string | undefined {
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null || !('params' in value)) return undefined;
    const params = value.params;
    return typeof params === 'object' &&
      params !== null &&
      'name' in params &&
      typeof params.name === 'string'
      ? params.name
      : undefined;
  } catch {
    return undefined;
  }
}

function requestLabel(text: string): string {
  const method = rpcMethodOf(text);
  if (method === undefined) return '';
  const name = toolName(text);
  return name ? `${method} ${name}` : method;
}

/**
 * The recording as a mermaid sequence diagram: the client and the server (one lifeline per transport the
 * recording holds), each request with its HTTP method, path and JSON-RPC method, each answer with its
 * status and what it carries, each SSE event and stdio line on its own arrow.
 */
export function toMermaid(recording: Recording): string {
  const exchanges = groupExchanges(recording.frames);
  const hasHttp = exchanges.some((e) => e.transport === 'http');
  const hasStdio = exchanges.some((e) => e.transport === 'stdio');
  // No autonumber: mermaid draws its numbers smaller than a projector can show (the docs measure labels).
  const lines = ['sequenceDiagram', '  participant C as client'];
  if (hasHttp) lines.push('  participant S as server (HTTP)');
  if (hasStdio) lines.push('  participant P as server (stdio)');
  const arrow = (from: string, to: string, reply: boolean, label: string) =>
    lines.push(`  ${from}${reply ? '-->>' : '->>'}${to}: ${mermaidText(label.trim())}`);
  for (const exchange of exchanges) {
    if (exchange.transport === 'stdio') {
      const text = bodyText(exchange.request.line);
      arrow('C', 'P', false, `stdin: ${requestLabel(text) || 'line'}`);
      for (const reply of exchange.replies)
        arrow('P', 'C', true, `stdout: ${messageSummary(bodyText(reply.line)) || 'line'}`);
      continue;
    }
    const { request, response } = exchange;
    const path = request.target.split('?')[0] ?? request.target;
    arrow('C', 'S', false, `${request.method} ${path} ${requestLabel(bodyText(request.body))}`);
    if (!response) continue;
    if (response.body !== undefined) {
      arrow('S', 'C', true, `${response.status} ${messageSummary(bodyText(response.body))}`);
      continue;
    }
    arrow('S', 'C', true, `${response.status} text/event-stream`);
    for (const event of exchange.events)
      arrow('S', 'C', true, `SSE ${messageSummary(event.data) || event.event || 'event'}`);
  }
  return `${lines.join('\n')}\n`;
}
