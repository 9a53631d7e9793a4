// How the attack lessons show the wire: every HTTP message the host sends and receives, short. A request
// keeps its start line, the headers that say who asks for what (Authorization, Mcp-Method, Mcp-Name) and
// its params on one line; an answer its status, WWW-Authenticate when there is one, and its result or
// error on one line. The envelope and serverInfo stamps are left out: the same on every message, and
// `pnpm demo:host` (without --attack) shows them whole. --full prints the bodies without cutting them.
import { parseSse } from '@memos-kit/protocol';
import type { TapEvent } from '../tap.ts';
import type { HostView } from '../view.ts';

const REQUEST_HEADERS = new Set(['authorization', 'mcp-method', 'mcp-name']);
const RESPONSE_HEADERS = new Set(['www-authenticate']);
/** A body's line is cut after this many rows of the terminal, unless --full. */
const BODY_ROWS = 3;

export function showCompactWire(view: HostView, event: TapEvent): void {
  const { printer } = view;
  if (event.kind === 'http-request') {
    const url = new URL(event.url);
    printer.http({
      direction: 'out',
      startLine: `${event.method} ${url.pathname}${url.search} HTTP/1.1`,
      headers: event.headers.filter(([name]) => REQUEST_HEADERS.has(name)),
    });
    const body = parsed(event.body);
    if (body !== undefined) oneLine(view, summarise(body));
  } else if (event.kind === 'http-response') {
    printer.http({
      direction: 'in',
      startLine: `HTTP/1.1 ${event.status} ${event.statusText}`,
      headers: event.headers.filter(([name]) => RESPONSE_HEADERS.has(name)),
    });
    // An SSE answer (a listen stream, a call with progress) is shown by its last event's message.
    const type = event.headers.find(([name]) => name === 'content-type')?.[1] ?? '';
    const text = type.startsWith('text/event-stream')
      ? (parseSse(event.body).at(-1)?.data ?? '')
      : event.body;
    const body = parsed(text);
    if (body !== undefined) oneLine(view, summarise(body));
  }
}

/** One JSON-RPC message or REST body on one line, cut to a few rows of the terminal unless --full. */
export function oneLine({ printer, full, say }: HostView, value: unknown): void {
  const text = JSON.stringify(value);
  const room = (printer.width - 4) * BODY_ROWS;
  if (full || text.length <= room) printer.wire(`    ${printer.paint('business', text)}`);
  else printer.wire(`    ${printer.paint('business', `${text.slice(0, room - 20)}…`)} ${say('cutShort')}`);
}

function parsed(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * The part of a message that changes from one to the next: a request's method and params without
 * `_meta`, a result without `_meta`, a tools/list result as the count of its tools.
 */
function summarise(message: unknown): unknown {
  if (typeof message !== 'object' || message === null || Array.isArray(message)) return message;
  const record = message as Record<string, unknown>;
  if (typeof record.method === 'string') {
    const { _meta, ...params } = (record.params ?? {}) as Record<string, unknown>;
    return { method: record.method, ...(Object.keys(params).length > 0 ? { params } : {}) };
  }
  if (typeof record.result === 'object' && record.result !== null) {
    const { _meta, ...result } = record.result as Record<string, unknown>;
    if (Array.isArray(result.tools)) return { result: { tools: `[${result.tools.length} tools]` } };
    return { result };
  }
  if (record.jsonrpc === '2.0') {
    const { jsonrpc, ...rest } = record;
    return rest;
  }
  return message;
}
