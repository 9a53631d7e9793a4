// Everything the demo prints goes through here: step headers, narration wrapped to the terminal, the wire
// as it happens (coloured by the kit's three layers), and what the model is given and answers.
import type { LanguageModelV4FunctionTool, LanguageModelV4Message } from '@ai-sdk/provider';
import { type Paint, type Style, stringWidth, table, wrapIndented, wrapText } from '@memos-kit/terminal';
import { layerOf, tokenizeJson } from '@memos-kit/wire';
import type { Say } from './messages.ts';
import type { ToolScore } from './stand-in.ts';
import type { WireEvent } from './wire.ts';

const INDENT = '  ';
/** A body longer than this is cut in the default view; --full prints it whole. */
const BODY_LINES = 24;

export interface PrinterOptions {
  paint: Paint;
  width: number;
  say: Say;
  full: boolean;
  write?: (text: string) => void;
}

export class Printer {
  readonly paint: Paint;
  readonly say: Say;
  readonly full: boolean;
  readonly #width: number;
  readonly #write: (text: string) => void;

  constructor(options: PrinterOptions) {
    this.paint = options.paint;
    this.say = options.say;
    this.full = options.full;
    this.#width = options.width;
    this.#write = options.write ?? ((text) => process.stdout.write(text));
  }

  line(text = ''): void {
    this.#write(`${text}\n`);
  }

  /** Prose, wrapped to the terminal, under the given indentation; a `- ` item's lines wrap under its text. */
  prose(text: string, indent = INDENT, format?: Style): void {
    for (const part of text.split('\n')) {
      const hanging = part.startsWith('- ') ? '  ' : '';
      for (const line of wrapText(part, Math.max(20, this.#width - stringWidth(indent)), hanging)) {
        const text = `${indent}${line}`;
        this.line(format ? this.paint(format, text) : text);
      }
    }
  }

  title(text: string): void {
    for (const line of wrapText(text, this.#width)) this.line(this.paint('heading', line));
  }

  step(label: string, title: string): void {
    this.line();
    this.title(`${label} · ${title}`);
  }

  note(text: string, indent = INDENT): void {
    this.prose(text, indent, 'muted');
  }

  ok(text: string): void {
    this.prose(`✔ ${text}`, INDENT, 'ok');
  }

  fail(text: string): void {
    this.prose(`✘ ${text}`, INDENT, 'fail');
  }

  /** A prompt, styled, for the answer typed after it on the same line. */
  promptText(text: string): string {
    return this.paint(['bold', 'warn'], `${INDENT}${text} `);
  }

  // ---- the wire ------------------------------------------------------------------------------

  wire(event: WireEvent): void {
    const p = this.paint;
    if (event.kind === 'http-request') {
      const url = new URL(event.url);
      this.line(p('http', `${INDENT}→ ${event.method} ${url.pathname} HTTP/1.1 · ${url.host}`));
      // The library's user-agent names this machine's Node version: noise for a class, kept for --full.
      for (const [name, value] of event.headers) {
        if (this.full || name !== 'user-agent') this.#header(name, value);
      }
      this.#json(event.body);
    } else if (event.kind === 'http-response') {
      this.line(p('http', `${INDENT}← HTTP/1.1 ${event.status} ${event.statusText}`));
      for (const [name, value] of event.headers) {
        if (this.full || name === 'content-type') this.#header(name, value);
      }
      this.#json(event.body);
    } else {
      const arrow = event.direction === 'sent' ? this.say('stdioSent') : this.say('stdioReceived');
      this.line(p('http', `${INDENT}${arrow}`));
      this.#json(JSON.stringify(event.message));
    }
  }

  #header(name: string, value: string): void {
    // The MCP headers are the protocol's; the rest is plain HTTP.
    const mcp = /^mcp-/i.test(name);
    this.line(`${INDENT}${INDENT}${this.paint(mcp ? 'protocol' : 'http', `${name}: ${value}`)}`);
  }

  /** A JSON-RPC body, indented for reading (the wire has it on one line), cut to a screenful unless --full. */
  #json(body: string): void {
    if (body === '') return;
    let value: unknown;
    try {
      value = JSON.parse(body);
    } catch {
      for (const line of body.split('\n')) this.line(`${INDENT}${INDENT}${line}`);
      return;
    }
    const tools = (value as { result?: { tools?: unknown[] } }).result?.tools;
    if (Array.isArray(tools) && !this.full) {
      this.note(
        this.say('toolsListBody', { count: tools.length, bytes: Buffer.byteLength(body) }),
        `${INDENT}${INDENT}`,
      );
      return;
    }
    this.#block(value, `${INDENT}${INDENT}`);
  }

  /**
   * A value as indented JSON. In the default view a block stops after a screenful and a long string (a tool
   * result's text, say) after about four rows, marked with …; --full keeps everything, wrapped to the terminal.
   */
  #block(value: unknown, indent: string): void {
    const room = (this.#width - indent.length) * 4;
    let cut = false;
    const shorten = (_key: string, entry: unknown) => {
      if (this.full || typeof entry !== 'string' || entry.length <= room) return entry;
      cut = true;
      return `${entry.slice(0, room - 20)}…`;
    };
    const lines = this.#paintJson(JSON.stringify(value, shorten, 2)).split('\n');
    const shown = this.full ? lines : lines.slice(0, BODY_LINES);
    for (const line of shown) {
      for (const row of wrapIndented(`${indent}${line}`, this.#width)) this.line(row);
    }
    if (shown.length < lines.length) {
      this.note(`${indent}${this.say('moreLines', { count: lines.length - shown.length })}`, '');
    }
    if (cut) this.note(`${indent}${this.say('cut')}`, '');
  }

  #paintJson(text: string): string {
    return tokenizeJson(text, { jsonRpc: true })
      .map((token) => {
        if (token.kind === 'key' || token.kind === 'value') {
          return this.paint(layerOf(token.path, token.kind, true), token.text);
        }
        return token.kind === 'open' || token.kind === 'close' || token.kind === 'separator'
          ? this.paint('muted', token.text)
          : token.text;
      })
      .join('');
  }

  // ---- the model's side ------------------------------------------------------------------------

  /**
   * What the AI SDK hands the model: each tool's name, description and input schema; in the summary, after
   * each name, `origin` notes whose words its description is.
   */
  toolsGiven(
    tools: readonly LanguageModelV4FunctionTool[],
    origin?: (tool: LanguageModelV4FunctionTool) => string,
  ): void {
    if (this.full) {
      this.#block(tools, INDENT);
      return;
    }
    for (const [index, tool] of tools.entries()) {
      const schema = tool.inputSchema as { properties?: object; required?: string[] };
      const required = new Set(schema.required ?? []);
      const args = Object.keys(schema.properties ?? {}).map((name) =>
        required.has(name) ? `${name}*` : name,
      );
      const number = this.paint('muted', `${String(index + 1).padStart(2)}.`);
      const note = origin ? ` · ${origin(tool)}` : '';
      this.line(
        `${INDENT}${number} ${this.paint('business', tool.name)} ${this.paint('muted', `(${args.join(', ')})${note}`)}`,
      );
      this.prose((tool.description ?? '').split('\n')[0] ?? '', `${INDENT}${INDENT}${INDENT}  `);
    }
    if (origin) this.note(this.say('originsHint'));
    this.note(this.say('toolsGivenHint'));
  }

  /** One tool exactly as the model is given it. */
  toolDefinition(tool: LanguageModelV4FunctionTool): void {
    this.#block(tool, INDENT);
  }

  ranking(ranking: readonly ToolScore[]): void {
    const rows = [[this.say('colTool'), this.say('colShared'), this.say('colScore')]];
    for (const entry of ranking)
      rows.push([entry.name, entry.shared.join(' ') || '-', entry.score.toFixed(2)]);
    this.#table(rows);
  }

  /** A message of the conversation as the model gets it (the AI SDK's prompt format). */
  message(message: LanguageModelV4Message): void {
    this.#block(message, INDENT);
  }

  /** The model's words to the user, set apart from the narration. */
  answer(who: string, text: string): void {
    this.line(`${INDENT}${this.paint(['bold', 'accent'], this.say('said', { who }))}`);
    for (const line of text.split('\n')) this.prose(line, `${INDENT}${INDENT}`);
  }

  #table(rows: string[][]): void {
    const [head, ...body] = table(rows, { width: this.#width - INDENT.length });
    this.line(`${INDENT}${this.paint('muted', head ?? '')}`);
    for (const row of body) {
      const name = row.split(' ')[0] ?? '';
      this.line(`${INDENT}${this.paint('business', name)}${row.slice(name.length)}`);
    }
  }
}
