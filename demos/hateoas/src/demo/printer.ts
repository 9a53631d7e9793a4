import {
  type Paint,
  PIPED_WIDTH,
  type Style,
  stringWidth,
  wrapIndented,
  wrapText,
} from '@memos-kit/terminal';
import type { Exchange, Menu, MenuItem } from '../client/links-client.ts';

/** The response headers worth seeing in this lesson; the rest (Date, Keep-Alive…) is noise here. */
const SHOWN_HEADERS = ['content-type', 'content-location', 'allow'];

export interface WireLine {
  dir: 'out' | 'in';
  startLine: string;
  headers: Array<[string, string]>;
  body?: string;
}

export class Printer {
  /** While set, nothing is printed but a failed check (a step of --step N's walk that is not N). */
  quiet = false;

  constructor(
    readonly paint: Paint,
    /** Columns a line may take; prose is wrapped to it, long wire lines are cut at it. */
    private readonly width: number = PIPED_WIDTH,
    private readonly write: (text: string) => void = (text) => process.stdout.write(text),
  ) {}

  line(text = ''): void {
    if (!this.quiet) this.write(`${text}\n`);
  }

  title(text: string): void {
    this.line(this.paint('title', text));
  }

  section(text: string): void {
    this.line();
    this.line(this.paint(['bold', 'protocol'], `━━ ${text} ━━`));
  }

  step(number: number, label: string, text: string): void {
    this.line();
    this.line(this.paint('heading', `${label} ${number} · ${text}`));
  }

  note(text: string): void {
    for (const line of wrapText(text, this.width - 2)) this.line(this.paint('muted', `  ${line}`));
  }

  ok(text: string): void {
    this.marked(this.paint('ok', '✓'), text);
  }

  /** A failed check: shown even while quiet, so a failure is never hidden. */
  fail(text: string): void {
    const quiet = this.quiet;
    this.quiet = false;
    this.marked(this.paint('fail', '✗'), text);
    this.quiet = quiet;
  }

  /** A line after a one-cell mark; what does not fit continues under the text, not under the mark. */
  private marked(mark: string, text: string): void {
    const [first = '', ...rest] = wrapText(text, this.width - 4);
    this.line(`  ${mark} ${first}`);
    for (const line of rest) this.line(`    ${line}`);
  }

  wire(message: WireLine): void {
    const arrow = message.dir === 'out' ? this.paint('accent', '→') : this.paint('warn', '←');
    this.line(`  ${arrow} ${this.paint(['bold', 'http'], message.startLine)}`);
    for (const [name, value] of message.headers) this.line(`    ${this.paint('http', `${name}:`)} ${value}`);
    if (message.body !== undefined && message.body !== '') {
      // A long JSON line is cut, its pieces kept under its own indentation: every byte stays, in order.
      for (const bodyLine of message.body.replace(/\n$/, '').split('\n'))
        for (const piece of wrapIndented(`    ${bodyLine}`, this.width)) this.line(piece);
    }
  }

  /** One HTTP exchange as it went over the wire, bodies as the server sent them. */
  http(exchange: Exchange): void {
    this.wire({
      dir: 'out',
      startLine: `${exchange.method} ${exchange.url.pathname}${exchange.url.search} HTTP/1.1`,
      headers: exchange.requestHeaders,
    });
    this.wire({
      dir: 'in',
      startLine: `HTTP/1.1 ${exchange.status} ${exchange.statusText}`,
      headers: exchange.responseHeaders
        .filter(([name]) => SHOWN_HEADERS.includes(name.toLowerCase()))
        .map(([name, value]) => [canonicalHeaderName(name), value]),
      body: exchange.body,
    });
  }

  /** Buttons for the links the client knows; unknown links shown greyed, never numbered. */
  menu(title: string, menu: Menu, texts: MenuTexts, stale: MenuItem[] = []): void {
    this.line(`  ${this.paint('underline', title)}`);
    if (menu.offered.length === 0) this.line(`    ${this.paint('muted', texts.noButtons)}`);
    const width = Math.max(0, ...[...menu.offered, ...stale].map((item) => item.label.length));
    const button = (item: MenuItem, number: number, style: Style | readonly Style[]) =>
      `    ${this.paint(style, `[${number}]`)} ${item.label.padEnd(width)}  ${this.paint('muted', `${item.method} ${item.href}`)}`;
    menu.offered.forEach((item, index) => {
      this.line(button(item, index + 1, ['bold', 'business']));
    });
    for (const link of menu.unknown) {
      // The explanation continues under itself, so the link stays readable at a glance.
      const lead = `     · ${link.rel.padEnd(width - 1)}  ${link.href}  ← `;
      for (const line of wrapText(`${lead}${texts.unknownLink}`, this.width, ' '.repeat(stringWidth(lead))))
        this.line(this.paint('muted', line));
    }
    if (stale.length > 0 && texts.oldTab) this.line(`  ${this.paint('warn', texts.oldTab)}`);
    stale.forEach((item, index) => {
      this.line(button(item, menu.offered.length + index + 1, 'warn'));
    });
  }
}

export interface MenuTexts {
  noButtons: string;
  unknownLink: string;
  oldTab?: string;
}

function canonicalHeaderName(name: string): string {
  return name.replace(/(^|-)([a-z])/g, (_match, dash: string, letter: string) => dash + letter.toUpperCase());
}
