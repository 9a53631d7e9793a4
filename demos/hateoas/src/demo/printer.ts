import { styleText } from 'node:util';
import type { Exchange, Menu, MenuItem } from '../client/links-client.ts';
import { formatJson } from '../json-format.ts';

type Style = Parameters<typeof styleText>[0];

export type Paint = (style: Style, text: string) => string;

export function createPaint(color: boolean): Paint {
  // validateStream: false because the caller already decided (--no-color, NO_COLOR, not a terminal).
  return color ? (style, text) => styleText(style, text, { validateStream: false }) : (_style, text) => text;
}

/** The response headers worth seeing in this lesson; the rest (Date, Keep-Alive…) is noise here. */
const SHOWN_HEADERS = ['content-type', 'content-location', 'allow'];

export interface WireLine {
  dir: 'out' | 'in';
  startLine: string;
  headers: Array<[string, string]>;
  body?: string;
}

export class Printer {
  constructor(
    readonly paint: Paint,
    private readonly write: (text: string) => void = (text) => process.stdout.write(text),
  ) {}

  line(text = ''): void {
    this.write(`${text}\n`);
  }

  prompt(text: string): void {
    this.write(this.paint('bold', text));
  }

  title(text: string): void {
    this.line(this.paint(['bold', 'underline'], text));
  }

  section(text: string): void {
    this.line();
    this.line(this.paint(['bold', 'magenta'], `━━ ${text} ━━`));
  }

  step(number: number, label: string, text: string): void {
    this.line();
    this.line(this.paint('bold', `${label} ${number} · ${text}`));
  }

  note(text: string): void {
    this.line(this.paint('gray', `  ${text}`));
  }

  ok(text: string): void {
    this.line(`  ${this.paint('green', '✓')} ${text}`);
  }

  fail(text: string): void {
    this.line(`  ${this.paint('red', '✗')} ${text}`);
  }

  wire(message: WireLine): void {
    const arrow = message.dir === 'out' ? this.paint('cyan', '→') : this.paint('yellow', '←');
    this.line(`  ${arrow} ${this.paint('bold', message.startLine)}`);
    for (const [name, value] of message.headers) this.line(`    ${this.paint('blue', `${name}:`)} ${value}`);
    if (message.body !== undefined && message.body !== '') {
      for (const bodyLine of message.body.replace(/\n$/, '').split('\n')) this.line(`    ${bodyLine}`);
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

  json(value: unknown): string {
    return formatJson(value);
  }

  /** Buttons for the links the client knows; unknown links shown greyed, never numbered. */
  menu(title: string, menu: Menu, texts: MenuTexts, stale: MenuItem[] = []): void {
    this.line(`  ${this.paint('underline', title)}`);
    if (menu.offered.length === 0) this.line(`    ${this.paint('gray', texts.noButtons)}`);
    const width = Math.max(0, ...[...menu.offered, ...stale].map((item) => item.label.length));
    const button = (item: MenuItem, number: number, style: Style) =>
      `    ${this.paint(style, `[${number}]`)} ${item.label.padEnd(width)}  ${this.paint('gray', `${item.method} ${item.href}`)}`;
    menu.offered.forEach((item, index) => {
      this.line(button(item, index + 1, ['bold', 'green']));
    });
    for (const link of menu.unknown) {
      this.line(
        this.paint('gray', `     · ${link.rel.padEnd(width - 1)}  ${link.href}  ← ${texts.unknownLink}`),
      );
    }
    if (stale.length > 0 && texts.oldTab) this.line(`  ${this.paint('yellow', texts.oldTab)}`);
    stale.forEach((item, index) => {
      this.line(button(item, menu.offered.length + index + 1, 'yellow'));
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
