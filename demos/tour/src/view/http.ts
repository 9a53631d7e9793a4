// An HTTP exchange as it crosses the wire: the request as sent, the response as received, headers in wire
// order (MCP's in the protocol colour, those the article does not print muted), bodies painted by layer.
import { isMcpHeader } from '@memos-kit/protocol';
import { type HttpHeaders, loadFixture, parseHttpMessage, tryParseJson } from '@memos-kit/wire';
import type { HttpRequestRecord, HttpResponseRecord } from '../exchanges.ts';
import { type JsonContext, paintJson } from '../json-layers.ts';
import { block, type Screen, say } from './screen.ts';

function milliseconds(ms: number): string {
  return `${Math.round(ms)} ms`;
}

/** REST bodies are business data through and through; what goes to /mcp is JSON-RPC. */
export function bodyContext(target: string | undefined): JsonContext {
  return target === undefined || target.startsWith('/mcp') ? 'jsonrpc' : 'business';
}

/** `shown`: for a response, the header names the article prints; the others are muted as transport detail. */
export function headerLines(screen: Screen, headers: HttpHeaders, shown?: Set<string>): string[] {
  return headers.map(([name, value]) =>
    screen.printer.header(
      name,
      value,
      !isMcpHeader(name) && shown && !shown.has(name.toLowerCase()) ? 'muted' : undefined,
    ),
  );
}

/**
 * A body as it came, except that a long one-line JSON body (what the SDK sends) is shown indented, with a
 * note saying so: a class reads structure, and the bytes stay in --json.
 */
function bodyLines(screen: Screen, body: string, context: JsonContext): string[] {
  const trimmed = body.replace(/\r?\n$/, '');
  if (trimmed === '') return [];
  const parsed = tryParseJson(trimmed);
  if (parsed.ok && !trimmed.includes('\n') && trimmed.length > screen.printer.width / 2) {
    const note = screen.paint('muted', say(screen, 'reindented', { bytes: Buffer.byteLength(trimmed) }));
    return [note, ...paintJson(JSON.stringify(parsed.value, null, 2), screen.paint, context).split('\n')];
  }
  return paintJson(trimmed, screen.paint, context).split('\n');
}

export function requestLines(screen: Screen, request: HttpRequestRecord): string[] {
  const lines = [screen.paint('http', `${request.method} ${request.target} HTTP/1.1`)];
  lines.push(...headerLines(screen, request.headers));
  if (request.body !== '') lines.push('', ...bodyLines(screen, request.body, bodyContext(request.target)));
  return lines;
}

export function statusLine(screen: Screen, response: Pick<HttpResponseRecord, 'status' | 'reason'>): string {
  return screen.paint('http', `HTTP/1.1 ${response.status} ${response.reason}`.trimEnd());
}

export function responseLines(screen: Screen, response: HttpResponseRecord, context: JsonContext): string[] {
  const lines = [statusLine(screen, response), ...headerLines(screen, response.headers, screen.step.shown)];
  if (response.body !== '') lines.push('', ...bodyLines(screen, response.body, context));
  return lines;
}

/** The header names a fixture's response prints, so the others read as transport detail. */
export function fixtureHeaders(fixture: string | null): Set<string> {
  // Where the article prints no headers, Content-Type is still the one that decides how to read the body.
  if (fixture === null) return new Set(['content-type']);
  const entry = loadFixture(fixture);
  const response =
    entry.entry.transport === 'sse' ? parseHttpMessage(entry.text('response')) : entry.response;
  if (!response || response.status === undefined) return new Set(['content-type']);
  return new Set(response.headers.map(([name]) => name.toLowerCase()));
}

export function showHttpRequest(
  screen: Screen,
  server: { url: string; dataset: string },
  request: HttpRequestRecord,
  fixture: string | null,
): void {
  if (screen.step.layout === 'side-by-side') return;
  screen.step.context = bodyContext(request.target);
  screen.step.shown = fixtureHeaders(fixture);
  screen.printer.wire(screen.paint('muted', `→ ${say(screen, 'request')} · ${server.url}`));
  block(screen, requestLines(screen, request));
}

/** The line that says a response came, with its status and how long it took. */
export function showResponseArrived(screen: Screen, response: HttpResponseRecord): void {
  const note = `← ${say(screen, 'response')} · ${response.status} ${response.reason} · ${milliseconds(response.endMs)}`;
  screen.printer.wire(screen.paint('muted', note));
}

/** A plain (not SSE) response once it is complete. */
export function showHttpResponse(screen: Screen, response: HttpResponseRecord): void {
  showResponseArrived(screen, response);
  block(screen, responseLines(screen, response, screen.step.context));
}
