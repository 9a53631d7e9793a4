/**
 * Raw HTTP/1.1 messages as the article prints them: a start line, header lines, a blank line, a body.
 *
 * The article (and so the fixtures) uses LF line endings; the wire uses CRLF. The parser accepts both
 * so a learner can paste either, and the formatter writes CRLF unless asked for LF.
 */

export type HttpHeaders = Array<[name: string, value: string]>;

export interface HttpMessage {
  /** The start line exactly as printed, e.g. `POST /mcp HTTP/1.1` or `HTTP/1.1 200 OK`. */
  startLine: string;
  /** Request only. */
  method?: string;
  /** Request only: the request target (path and query). */
  target?: string;
  /** Response only. */
  status?: number;
  /** Response only. */
  reason?: string;
  /** In printed order, names as printed. Compare names case-insensitively with {@link getHeader}. */
  headers: HttpHeaders;
  body: string;
  /** The body parsed as JSON, when it is JSON. */
  json?: unknown;
}

const REQUEST_LINE = /^([A-Z]+) (\S+) HTTP\/\d(?:\.\d)?$/;
const STATUS_LINE = /^HTTP\/\d(?:\.\d)? (\d{3})(?: (.*))?$/;

export class HttpMessageError extends Error {
  override name = 'HttpMessageError';
}

export function parseHttpMessage(text: string): HttpMessage {
  // The head ends at the first empty line; everything after it is the body, byte for byte.
  const match = /\r?\n\r?\n/.exec(text);
  const head = match ? text.slice(0, match.index) : text.replace(/\r?\n$/, '');
  const body = match ? text.slice(match.index + match[0].length) : '';
  const [startLine = '', ...headerLines] = head.split(/\r?\n/);

  const message: HttpMessage = { startLine, headers: [], body };
  const request = REQUEST_LINE.exec(startLine);
  const response = STATUS_LINE.exec(startLine);
  if (request) {
    message.method = request[1];
    message.target = request[2];
  } else if (response) {
    message.status = Number(response[1]);
    message.reason = response[2] ?? '';
  } else {
    throw new HttpMessageError(`Not an HTTP request or status line: ${JSON.stringify(startLine)}`);
  }

  for (const line of headerLines) {
    const colon = line.indexOf(':');
    if (colon <= 0) throw new HttpMessageError(`Not a header line: ${JSON.stringify(line)}`);
    message.headers.push([line.slice(0, colon), line.slice(colon + 1).trim()]);
  }
  const json = tryParseJson(body);
  if (json.ok) message.json = json.value;
  return message;
}

export function formatHttpMessage(message: HttpMessage, options: { eol?: '\r\n' | '\n' } = {}): string {
  const eol = options.eol ?? '\r\n';
  const head = [message.startLine, ...message.headers.map(([name, value]) => `${name}: ${value}`)];
  return head.join(eol) + eol + eol + message.body;
}

/** Node's `rawHeaders` (name, value, name, value, …) as pairs, in the order and spelling they came. */
export function headerPairs(raw: readonly string[]): HttpHeaders {
  const headers: HttpHeaders = [];
  for (let i = 0; i + 1 < raw.length; i += 2) headers.push([raw[i] ?? '', raw[i + 1] ?? '']);
  return headers;
}

/** Header lookup ignoring the name's case, as HTTP requires. Values are returned as they are. */
export function getHeader(headers: HttpHeaders, name: string): string | undefined {
  const wanted = name.toLowerCase();
  for (const [key, value] of headers) if (key.toLowerCase() === wanted) return value;
  return undefined;
}

export function tryParseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  const trimmed = text.trim();
  if (trimmed === '' || !'{["'.includes(trimmed[0] ?? '')) return { ok: false };
  try {
    return { ok: true, value: JSON.parse(trimmed) };
  } catch {
    return { ok: false };
  }
}
