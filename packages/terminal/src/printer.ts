import { isMcpHeader } from '@memos-kit/protocol';
import type { Paint, Style } from './colour.ts';
import type { Role } from './palette.ts';
import { PIPED_WIDTH, stringWidth, table, wrapIndented, wrapText } from './width.ts';

export interface PrinterOptions {
  /** The command's paint (`ParsedCommand.paint`): plain when colour is off. */
  paint: Paint;
  /** Columns a line may take (`ParsedCommand.width`): prose wraps to it, a wire line continues below it. */
  width?: number;
  /** Where the lines go; stdout unless a test or a recorder keeps them. */
  write?: (text: string) => void;
  /**
   * false lays every line out for `width` but breaks none, so a test can check what breaking the same
   * text kept (every word and key whole).
   */
  wrap?: boolean;
}

export type HeaderList = ReadonlyArray<readonly [name: string, value: string]>;

/** An HTTP message as a demo shows it: an arrow, its start line, its headers, then its body. */
export interface HttpBlock {
  /** `out` for what the client sends (→), `in` for what comes back (←). */
  direction: 'out' | 'in';
  /** `POST /mcp HTTP/1.1`, `HTTP/1.1 200 OK`, or a demo's own words for the same line. */
  startLine: string;
  headers?: HeaderList;
  /** The body as the demo lays it out (re-indented JSON, painted or not); each line is kept whole. */
  body?: string;
}

/**
 * What every demo prints through: a title, a step's heading, notes, the wire, verdicts, each painted by the
 * palette's role and fitted to the width the same way in every demo, so a class that learned to read one
 * demo reads the next. Prose wraps at words (`wrapText`); a line of the wire is cut only where it must and
 * continues further in (`wrapIndented`), every byte kept in order. A demo's own views (a menu, a trace, a
 * side-by-side step) are small modules that print through one of these.
 */
export class Printer {
  readonly paint: Paint;
  readonly width: number;
  /**
   * While set, nothing is printed but a failed verdict: the steps a `--step N` walk runs unseen before N
   * still report what went wrong.
   */
  quiet = false;
  readonly #write: (text: string) => void;
  readonly #wrap: boolean;

  constructor({
    paint,
    width = PIPED_WIDTH,
    write = (text) => process.stdout.write(text),
    wrap = true,
  }: PrinterOptions) {
    this.paint = paint;
    this.width = width;
    this.#write = write;
    this.#wrap = wrap;
  }

  /** Where a line of `room` cells breaks: there, or nowhere when the printer does not wrap. */
  #breakAt(room: number): number {
    return this.#wrap ? room : Number.POSITIVE_INFINITY;
  }

  /** One line as it is. */
  line(text = ''): void {
    if (!this.quiet) this.#write(`${text}\n`);
  }

  /**
   * Sentences, wrapped at words (or between Chinese characters) to the width: each line starts with
   * `indent`, the lines after the first with `hanging` too, and each is painted in `role`. `width` narrows
   * the room for a block that must stay clear of the terminal's last column.
   */
  prose(
    text: string,
    {
      indent = '',
      hanging = '',
      role,
      width = this.width,
    }: { indent?: string; hanging?: string; role?: Style | readonly Style[]; width?: number } = {},
  ): void {
    for (const line of wrapText(text, this.#breakAt(Math.max(20, width - stringWidth(indent))), hanging)) {
      const shown = `${indent}${line}`;
      this.line(role ? this.paint(role, shown) : shown);
    }
  }

  /** The demo's title, on top of everything it prints. */
  title(text: string): void {
    this.prose(text, { role: 'title' });
  }

  /** A part of the demo (`━━ text ━━`) after a blank line. */
  section(text: string): void {
    this.line();
    this.prose(`━━ ${text} ━━`, { role: ['bold', 'protocol'] });
  }

  /** A step's heading, after a blank line. */
  heading(text: string, role: Role = 'heading'): void {
    this.line();
    this.prose(text, { role });
  }

  /** What the narration says on the side, muted and indented. */
  note(text: string, indent = '  '): void {
    this.prose(text, { indent, role: 'muted' });
  }

  /**
   * A check the demo made: ✓ in the ok colour or ✗ in the fail colour, the text continuing under itself,
   * not under the mark, and `detail` (what it was checked against) muted after it. A ✗ is printed even
   * while quiet, so a failure is never hidden.
   */
  verdict(
    held: boolean,
    text: string,
    { indent = '  ', detail }: { indent?: string; detail?: string } = {},
  ): void {
    for (const line of this.verdictLines(held, text, { indent, detail })) {
      if (held) this.line(line);
      else this.#write(`${line}\n`);
    }
  }

  /** The lines `verdict` prints, for a view that lays them out itself (in a column, say). */
  verdictLines(
    held: boolean,
    text: string,
    { indent = '', detail, width = this.width }: { indent?: string; detail?: string; width?: number } = {},
  ): string[] {
    const mark = held ? this.paint('ok', '✓') : this.paint('fail', '✗');
    const whole = detail === undefined ? text : `${text}${this.paint('muted', ` · ${detail}`)}`;
    const [first = '', ...rest] = wrapText(whole, this.#breakAt(width - stringWidth(indent) - 2));
    return [`${indent}${mark} ${first}`, ...rest.map((line) => `${indent}  ${line}`)];
  }

  ok(text: string): void {
    this.verdict(true, text);
  }

  fail(text: string): void {
    this.verdict(false, text);
  }

  /**
   * A line whose bytes matter (a header, a line of a body, a JSON-RPC message on stdio), with its own
   * indentation: cut only where the width ends, and continued two columns further in, never reflowed.
   */
  wire(text: string): void {
    for (const piece of wrapIndented(text, this.#breakAt(this.width))) this.line(piece);
  }

  /** A header as one painted line: MCP's headers in the protocol's colour, the rest in HTTP's (or `role`). */
  header(name: string, value: string, role?: Role): string {
    return this.paint(role ?? (isMcpHeader(name) ? 'protocol' : 'http'), `${name}: ${value}`);
  }

  /** An HTTP message: `→`/`←` and the start line, then each header and each body line under it. */
  http({ direction, startLine, headers = [], body }: HttpBlock): void {
    const arrow = direction === 'out' ? this.paint('accent', '→') : this.paint('warn', '←');
    this.line(`  ${arrow} ${this.paint(['bold', 'http'], startLine)}`);
    for (const [name, value] of headers) this.wire(`    ${this.header(name, value)}`);
    if (body === undefined || body === '') return;
    for (const line of body.replace(/\n$/, '').split('\n')) this.wire(`    ${line}`);
  }

  /**
   * A table whose columns line up with Chinese text in them, each line after `indent`, fitted to `width`
   * (the room after the indent unless told): its first row is the head, muted; the first cell of every
   * other row is what the row is about (a tool's name).
   */
  tableLines(
    rows: readonly (readonly string[])[],
    {
      indent = '',
      width = this.width - stringWidth(indent),
      first = 'business',
    }: { indent?: string; width?: number; first?: Role } = {},
  ): string[] {
    const [head, ...body] = table(rows, { width: this.#breakAt(width) });
    return [
      `${indent}${this.paint('muted', head ?? '')}`,
      ...body.map((row) => {
        const name = row.split(' ')[0] ?? '';
        return `${indent}${this.paint(first, name)}${row.slice(name.length)}`;
      }),
    ];
  }
}
