import { type Paint, PIPED_WIDTH, wrapIndented, wrapText } from '@memos-kit/terminal';
import type { HttpMessage } from '@memos-kit/wire';
import type { Exchange } from './wire.ts';

/**
 * What the demo prints: narration wrapped to the terminal, and the wire. JSON bodies are shown indented
 * for reading on a projector; the recordings keep the bytes as sent. Colour only where the toolkit's
 * colour rule allows it (`paint` is the identity when piped or with NO_COLOR).
 */
export class Printer {
  /** While set, nothing is printed but a failed check (a step of --step N's walk that is not N). */
  quiet = false;

  constructor(
    private readonly paint: Paint,
    private readonly width: number = PIPED_WIDTH,
    private readonly write: (text: string) => void = (text) => process.stdout.write(text),
  ) {}

  line(text = ''): void {
    if (!this.quiet) this.write(`${text}\n`);
  }

  title(text: string): void {
    for (const line of wrapText(text, this.width)) this.line(this.paint('title', line));
  }

  step(number: number, text: string): void {
    this.line();
    for (const line of wrapText(`━━ ${number} · ${text} ━━`, this.width))
      this.line(this.paint(['bold', 'protocol'], line));
  }

  note(text: string): void {
    for (const line of wrapText(text, this.width - 2)) this.line(this.paint('muted', `  ${line}`));
  }

  /** A check the demo made: ✓ or ✗, the text continuing under itself, not under the mark. Never quiet when ✗. */
  checked(held: boolean, text: string): void {
    const mark = held ? this.paint('ok', '✓') : this.paint('fail', '✗');
    wrapText(text, this.width - 4).forEach((line, index) => {
      const shown = index === 0 ? `  ${mark} ${line}` : `    ${line}`;
      if (held) this.line(shown);
      else this.write(`${shown}\n`);
    });
  }

  exchange({ request, response }: Exchange): void {
    this.request(request);
    this.responseHead(response);
    this.body(response.body);
  }

  request(message: HttpMessage): void {
    this.head(this.paint('accent', '→'), message);
    this.body(message.body);
  }

  responseHead(message: HttpMessage): void {
    this.head(this.paint('warn', '←'), message);
  }

  /** One SSE event of a stream still open, as it arrived. */
  event(block: string): void {
    this.line(`  ${this.paint('warn', '⇠')} ${this.paint('muted', 'event')}`);
    // An SSE data line is one line on the wire, so it stays one (wrapped) line here.
    for (const line of block.trimEnd().split('\n')) this.indented(line);
  }

  private head(arrow: string, message: HttpMessage): void {
    this.line();
    this.line(`  ${arrow} ${this.paint(['bold', 'http'], message.startLine)}`);
    for (const [name, value] of message.headers) this.indented(`${this.paint('http', `${name}:`)} ${value}`);
  }

  private body(body: string): void {
    if (body === '') return;
    if (body.startsWith('event:') || body.startsWith('data:')) {
      for (const block of body.split('\n\n').filter((part) => part.trim() !== '')) this.event(`${block}\n\n`);
      return;
    }
    this.json(body, '');
  }

  private json(text: string, lead: string): void {
    let shown = text;
    try {
      shown = JSON.stringify(JSON.parse(text), null, 2);
    } catch {
      // Not JSON: shown as it came.
    }
    const [first = '', ...rest] = shown.split('\n');
    this.indented(`${lead}${first}`);
    for (const line of rest) this.indented(`${' '.repeat(lead.length)}${line}`);
  }

  /** A wire line under its own indentation; a line wider than the terminal continues below, every byte kept. */
  private indented(line: string): void {
    for (const piece of wrapIndented(`    ${line}`, this.width)) this.line(piece);
  }
}
