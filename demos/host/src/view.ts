// How this demo shows the host's loop, on the kit's Printer: the wire as it happens (coloured by the kit's
// three layers), and what the model is given and answers.
import type { LanguageModelV4FunctionTool, LanguageModelV4Message } from '@ai-sdk/provider';
import type { Printer, Style } from '@memos-kit/terminal';
import { layerOf, tokenizeJson } from '@memos-kit/wire';
import type { Say } from './messages.ts';
import type { ToolScore } from './stand-in.ts';
import type { TapEvent } from './tap.ts';

const INDENT = '  ';
/** A body longer than this is cut in the default view; --full prints it whole. */
const BODY_LINES = 24;

/** What the views print through, in which language, and whether whole (--full) or in summary. */
export interface HostView {
  printer: Printer;
  say: Say;
  full: boolean;
}

/** Prose under the given indentation; a `- ` item's lines wrap under its text. */
export function prose({ printer }: HostView, text: string, indent = INDENT, role?: Style): void {
  for (const part of text.split('\n')) {
    printer.prose(part, { indent, hanging: part.startsWith('- ') ? '  ' : '', ...(role ? { role } : {}) });
  }
}

/** A step of the loop: its label and title, after a blank line. */
export function step({ printer }: HostView, label: string, title: string): void {
  printer.heading(`${label} · ${title}`);
}

// ---- the wire ------------------------------------------------------------------------------

export function showWire(view: HostView, event: TapEvent): void {
  const { printer, full } = view;
  if (event.kind === 'http-request') {
    const url = new URL(event.url);
    printer.http({
      direction: 'out',
      startLine: `${event.method} ${url.pathname} HTTP/1.1 · ${url.host}`,
      // The library's user-agent names this machine's Node version: noise for a class, kept for --full.
      headers: event.headers.filter(([name]) => full || name !== 'user-agent'),
    });
    showJson(view, event.body);
  } else if (event.kind === 'http-response') {
    printer.http({
      direction: 'in',
      startLine: `HTTP/1.1 ${event.status} ${event.statusText}`,
      headers: event.headers.filter(([name]) => full || name === 'content-type'),
    });
    showJson(view, event.body);
  } else {
    const arrow = event.direction === 'sent' ? view.say('stdioSent') : view.say('stdioReceived');
    printer.line(printer.paint('http', `${INDENT}${arrow}`));
    showJson(view, JSON.stringify(event.message));
  }
}

/** A JSON-RPC body, indented for reading (the wire has it on one line), cut to a screenful unless --full. */
function showJson(view: HostView, body: string): void {
  if (body === '') return;
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    for (const line of body.split('\n')) view.printer.line(`${INDENT}${INDENT}${line}`);
    return;
  }
  const tools = (value as { result?: { tools?: unknown[] } }).result?.tools;
  if (Array.isArray(tools) && !view.full) {
    view.printer.note(
      view.say('toolsListBody', { count: tools.length, bytes: Buffer.byteLength(body) }),
      `${INDENT}${INDENT}`,
    );
    return;
  }
  showBlock(view, value, `${INDENT}${INDENT}`);
}

/**
 * A value as indented JSON. In the default view a block stops after a screenful and a long string (a tool
 * result's text, say) after about four rows, marked with …; --full keeps everything, wrapped to the terminal.
 */
function showBlock({ printer, say, full }: HostView, value: unknown, indent: string): void {
  const room = (printer.width - indent.length) * 4;
  let cut = false;
  const shorten = (_key: string, entry: unknown) => {
    if (full || typeof entry !== 'string' || entry.length <= room) return entry;
    cut = true;
    return `${entry.slice(0, room - 20)}…`;
  };
  const lines = paintJson(printer, JSON.stringify(value, shorten, 2)).split('\n');
  const shown = full ? lines : lines.slice(0, BODY_LINES);
  for (const line of shown) printer.wire(`${indent}${line}`);
  if (shown.length < lines.length) {
    printer.note(`${indent}${say('moreLines', { count: lines.length - shown.length })}`, '');
  }
  if (cut) printer.note(`${indent}${say('cut')}`, '');
}

function paintJson({ paint }: Printer, text: string): string {
  return tokenizeJson(text, { jsonRpc: true })
    .map((token) => {
      if (token.kind === 'key' || token.kind === 'value') {
        return paint(layerOf(token.path, token.kind, true), token.text);
      }
      return token.kind === 'open' || token.kind === 'close' || token.kind === 'separator'
        ? paint('muted', token.text)
        : token.text;
    })
    .join('');
}

// ---- the model's side ------------------------------------------------------------------------

/**
 * What the AI SDK hands the model: each tool's name, description and input schema; in the summary, after
 * each name, `origin` notes whose words its description is.
 */
export function showToolsGiven(
  view: HostView,
  tools: readonly LanguageModelV4FunctionTool[],
  origin?: (tool: LanguageModelV4FunctionTool) => string,
): void {
  const { printer, say } = view;
  const { paint } = printer;
  if (view.full) {
    showBlock(view, tools, INDENT);
    return;
  }
  for (const [index, tool] of tools.entries()) {
    const schema = tool.inputSchema as { properties?: object; required?: string[] };
    const required = new Set(schema.required ?? []);
    const args = Object.keys(schema.properties ?? {}).map((name) => (required.has(name) ? `${name}*` : name));
    const number = paint('muted', `${String(index + 1).padStart(2)}.`);
    const note = origin ? ` · ${origin(tool)}` : '';
    printer.line(
      `${INDENT}${number} ${paint('business', tool.name)} ${paint('muted', `(${args.join(', ')})${note}`)}`,
    );
    prose(view, (tool.description ?? '').split('\n')[0] ?? '', `${INDENT}${INDENT}${INDENT}  `);
  }
  if (origin) printer.note(say('originsHint'));
  printer.note(say('toolsGivenHint'));
}

/** One tool exactly as the model is given it. */
export function showToolDefinition(view: HostView, tool: LanguageModelV4FunctionTool): void {
  showBlock(view, tool, INDENT);
}

export function showRanking({ printer, say }: HostView, ranking: readonly ToolScore[]): void {
  const rows = [[say('colTool'), say('colShared'), say('colScore')]];
  for (const entry of ranking) rows.push([entry.name, entry.shared.join(' ') || '-', entry.score.toFixed(2)]);
  for (const line of printer.tableLines(rows, { indent: INDENT })) printer.line(line);
}

/** A message of the conversation as the model gets it (the AI SDK's prompt format). */
export function showMessage(view: HostView, message: LanguageModelV4Message): void {
  showBlock(view, message, INDENT);
}

/** The model's (or the user's) words, set apart from the narration. */
export function showAnswer(view: HostView, who: string, text: string): void {
  const { printer } = view;
  printer.line(`${INDENT}${printer.paint(['bold', 'accent'], view.say('said', { who }))}`);
  for (const line of text.split('\n')) prose(view, line, `${INDENT}${INDENT}`);
}
