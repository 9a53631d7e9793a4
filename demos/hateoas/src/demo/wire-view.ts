// How this demo shows what it does, on the kit's Printer: each HAL exchange and each MCP POST as it went
// over the wire, and the menu a links-only client builds from `_links`.
import { HEADERS } from '@memos-kit/protocol';
import { type Printer, type Style, stringWidth, wrapText } from '@memos-kit/terminal';
import type { Exchange, Menu, MenuItem } from '../client/links-client.ts';
import { formatJson } from '../json-format.ts';
import { elideForReading, type McpExchange } from './mcp-session.ts';

/** The response headers worth seeing in this lesson; the rest (Date, Keep-Alive…) is noise here. */
const SHOWN_HEADERS = ['content-type', 'content-location', 'allow'];

/** One HTTP exchange as it went over the wire, bodies as the server sent them. */
export function showHttp(printer: Printer, exchange: Exchange): void {
  printer.http({
    direction: 'out',
    startLine: `${exchange.method} ${exchange.url.pathname}${exchange.url.search} HTTP/1.1`,
    headers: exchange.requestHeaders,
  });
  printer.http({
    direction: 'in',
    startLine: `HTTP/1.1 ${exchange.status} ${exchange.statusText}`,
    headers: exchange.responseHeaders
      .filter(([name]) => SHOWN_HEADERS.includes(name.toLowerCase()))
      .map(([name, value]) => [canonicalHeaderName(name), value]),
    body: exchange.body,
  });
}

/** One MCP POST, its JSON laid out for reading and the long parts that repeat on every call elided. */
export function showMcpExchange(
  printer: Printer,
  exchange: McpExchange,
  responseNote?: string,
  elide: readonly string[] = [],
): void {
  const request = safeJson(exchange.requestBody);
  printer.http({
    direction: 'out',
    startLine: `${exchange.method} ${exchange.url.pathname} HTTP/1.1`,
    headers: exchange.requestHeaders.map(([name, value]) => [mcpHeaderName(name), value]),
    body: request === undefined ? exchange.requestBody : formatJson(elideForReading(request)),
  });
  const response = safeJson(exchange.responseBody);
  printer.http({
    direction: 'in',
    startLine: `HTTP/1.1 ${exchange.status} ${exchange.statusText}`,
    headers: exchange.responseHeaders.map(([name, value]) => [mcpHeaderName(name), value]),
    body:
      responseNote ??
      (response === undefined ? exchange.responseBody : formatJson(elideForReading(response, elide))),
  });
}

export interface MenuTexts {
  noButtons: string;
  unknownLink: string;
  oldTab?: string;
}

/** Buttons for the links the client knows; unknown links shown greyed, never numbered. */
export function showMenu(
  printer: Printer,
  title: string,
  menu: Menu,
  texts: MenuTexts,
  stale: MenuItem[] = [],
): void {
  const { paint } = printer;
  printer.line(`  ${paint('underline', title)}`);
  if (menu.offered.length === 0) printer.line(`    ${paint('muted', texts.noButtons)}`);
  const width = Math.max(0, ...[...menu.offered, ...stale].map((item) => item.label.length));
  const button = (item: MenuItem, number: number, style: Style | readonly Style[]) =>
    `    ${paint(style, `[${number}]`)} ${item.label.padEnd(width)}  ${paint('muted', `${item.method} ${item.href}`)}`;
  menu.offered.forEach((item, index) => {
    printer.line(button(item, index + 1, ['bold', 'business']));
  });
  for (const link of menu.unknown) {
    // The explanation continues under itself, so the link stays readable at a glance.
    const lead = `     · ${link.rel.padEnd(width - 1)}  ${link.href}  ← `;
    for (const line of wrapText(`${lead}${texts.unknownLink}`, printer.width, ' '.repeat(stringWidth(lead))))
      printer.line(paint('muted', line));
  }
  if (stale.length > 0 && texts.oldTab) printer.line(`  ${paint('warn', texts.oldTab)}`);
  stale.forEach((item, index) => {
    printer.line(button(item, menu.offered.length + index + 1, 'warn'));
  });
}

function canonicalHeaderName(name: string): string {
  return name.replace(/(^|-)([a-z])/g, (_match, dash: string, letter: string) => dash + letter.toUpperCase());
}

/** fetch's Headers hand names back in lower case; shown as the spec and the article spell them. */
const SPELLED = new Map(
  ['Content-Type', 'Authorization', ...Object.values(HEADERS)].map((name) => [name.toLowerCase(), name]),
);

function mcpHeaderName(name: string): string {
  return SPELLED.get(name) ?? name;
}

export function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
