import { createRequire } from 'node:module';

/** A class projector shows about 100 columns; piped output is cut to that, so a transcript reads the same. */
export const PIPED_WIDTH = 100;
/** Below this, side-by-side layouts and tables stop making sense; wrapping still keeps every line inside. */
const MIN_WIDTH = 40;

export interface WidthInput {
  stream?: { isTTY?: boolean; columns?: number };
  env?: NodeJS.ProcessEnv;
}

/**
 * How many columns a line may take: the terminal's width on a TTY, otherwise `COLUMNS` when set, and never
 * more than 100 when piped (a log or a transcript is read in an editor or on a slide, not a 300-column window).
 */
export function terminalWidth({ stream = process.stdout, env = process.env }: WidthInput = {}): number {
  const fromEnv = Number(env.COLUMNS);
  const columns =
    stream.isTTY && stream.columns
      ? stream.columns
      : Number.isInteger(fromEnv) && fromEnv > 0
        ? fromEnv
        : PIPED_WIDTH;
  const width = stream.isTTY ? columns : Math.min(columns, PIPED_WIDTH);
  return Math.max(MIN_WIDTH, width);
}

// One SGR sequence (colours, bold, underline): the only escapes styleText emits.
const ESC = String.fromCharCode(0x1b);
const sgr = new RegExp(`${ESC}\\[(\\d+(?:;\\d+)*)m`, 'y');
const closers: Record<string, readonly string[]> = {
  '39': ['30', '31', '32', '33', '34', '35', '36', '37', '90', '91', '92', '93', '94', '95', '96', '97'],
  '22': ['1', '2'],
  '23': ['3'],
  '24': ['4'],
};

/**
 * Cuts one line into pieces no wider than `width` terminal cells, anywhere: CJK characters count two
 * cells, and open colours carry over to the next piece so a column never bleeds into its neighbour.
 * For raw wire bytes, where every character matters and no space is a good place to break.
 */
export function wrapLine(line: string, width: number): string[] {
  if (stringWidth(line) <= width) return [line];
  const pieces: string[] = [];
  let active: string[] = [];
  let current = '';
  let used = 0;
  let i = 0;
  while (i < line.length) {
    sgr.lastIndex = i;
    const sequence = sgr.exec(line);
    if (sequence) {
      const code = sequence[1] ?? '0';
      if (code === '0') active = [];
      else if (code in closers) active = active.filter((open) => !closers[code]?.includes(open.slice(2, -1)));
      else active.push(sequence[0]);
      current += sequence[0];
      i = sgr.lastIndex;
      continue;
    }
    const char = String.fromCodePoint(line.codePointAt(i) ?? 0);
    const cells = stringWidth(char);
    if (used + cells > width && used > 0) {
      pieces.push(active.length > 0 ? `${current}${ESC}[0m` : current);
      current = active.join('');
      used = 0;
    }
    current += char;
    used += cells;
    i += char.length;
  }
  pieces.push(current);
  return pieces;
}

// Chinese line-breaking rules (禁则): closing punctuation never starts a line, opening punctuation never ends one.
const CJK = '\\u2E80-\\u9FFF\\uF900-\\uFAFF\\uFF00-\\uFFEF';
const CLOSING = '、。，．：；！？）》」』】〉”’%)\\]';
const OPENING = '（《「『【〈“‘';
// A run of spaces; one CJK character with the punctuation that must stay with it (a line may break between
// any two such units); or a run of anything else, with the closing punctuation that follows it.
const PROSE_TOKEN = new RegExp(`\\s+|[${OPENING}]*[${CJK}][${CLOSING}]*|[^\\s${CJK}]+[${CLOSING}]*`, 'g');

/**
 * Cuts a raw line to `width` cells like `wrapLine`, but continues each piece under the line's own leading
 * spaces, so an indented block of wire bytes stays a block. A line whose indentation leaves fewer than
 * `minRoom` cells is left whole: a column of stubs would read worse than the terminal's own wrapping.
 */
export function wrapIndented(text: string, width: number, minRoom = 20): string[] {
  const lead = /^ */.exec(text)?.[0] ?? '';
  const room = width - lead.length;
  if (stringWidth(text) <= width || room < minRoom) return [text];
  return wrapLine(text.slice(lead.length), room).map((piece) => `${lead}${piece}`);
}

/**
 * Wraps prose to `width` cells: at spaces, between any two CJK characters (Chinese has no spaces), and
 * inside a word only when the word alone is wider than a line. Lines after the first start with
 * `indent`, which counts towards the width. A newline in the text starts a new line.
 */
export function wrapText(text: string, width: number, indent = ''): string[] {
  const lines: string[] = [];
  let current = '';
  let continued = false;
  const limit = () => Math.max(1, width - (lines.length === 0 ? 0 : stringWidth(indent)));
  const flush = (wrapped: boolean) => {
    lines.push(current.trimEnd());
    current = '';
    continued = wrapped;
  };
  text.split('\n').forEach((paragraph, index) => {
    if (index > 0) flush(false);
    for (const token of paragraph.match(PROSE_TOKEN) ?? []) {
      const isSpace = /^\s+$/.test(token);
      // A wrapped line does not start with the space it was wrapped at.
      if (isSpace && current === '' && continued) continue;
      if (stringWidth(current + token) <= limit()) {
        current += token;
        continue;
      }
      if (isSpace) {
        flush(true);
        continue;
      }
      if (current.trim() !== '') flush(true);
      const pieces = wrapLine(current + token, limit());
      for (const piece of pieces.slice(0, -1)) {
        current = piece;
        flush(true);
      }
      current = pieces.at(-1) ?? '';
    }
  });
  lines.push(current.trimEnd());
  return lines.map((line, index) => (index === 0 || line === '' ? line : `${indent}${line}`));
}

/**
 * Cuts a sequence of units that must stay whole (an escape such as `\\x1B` shown as text, a token) into lines
 * of at most `width` cells, breaking only between units. A unit wider than a line gets a line of its own.
 */
export function wrapUnits(units: readonly string[], width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const unit of units) {
    if (line !== '' && stringWidth(line + unit) > width) {
      lines.push(line);
      line = '';
    }
    line += unit;
  }
  lines.push(line);
  return lines;
}

export function padToWidth(text: string, width: number): string {
  return text + ' '.repeat(Math.max(0, width - stringWidth(text)));
}

/** Right-aligns text in `width` cells (`padStart` would count a Chinese character as one cell). */
export function padStartToWidth(text: string, width: number): string {
  return ' '.repeat(Math.max(0, width - stringWidth(text))) + text;
}

/** Two blocks of lines next to each other, each wrapped to its column. */
export function sideBySide(
  left: readonly string[],
  right: readonly string[],
  width: number,
  gutter = ' │ ',
): string[] {
  const column = Math.floor((width - stringWidth(gutter)) / 2);
  const l = left.flatMap((line) => wrapLine(line, column));
  const r = right.flatMap((line) => wrapLine(line, column));
  const rows: string[] = [];
  for (let i = 0; i < Math.max(l.length, r.length); i++) {
    rows.push(`${padToWidth(l[i] ?? '', column)}${gutter}${r[i] ?? ''}`.trimEnd());
  }
  return rows;
}

/**
 * A plain table whose columns line up even with Chinese text in them. The last column wraps so that
 * every row fits `width` (when given), its continuation lines starting under the column.
 */
export function table(
  rows: readonly (readonly string[])[],
  options: { gap?: string; width?: number } = {},
): string[] {
  const gap = options.gap ?? '  ';
  const widths: number[] = [];
  for (const row of rows) {
    row.slice(0, -1).forEach((cell, i) => {
      widths[i] = Math.max(widths[i] ?? 0, stringWidth(cell));
    });
  }
  return rows.flatMap((row) => {
    const lead = row
      .slice(0, -1)
      .map((cell, i) => padToWidth(cell, widths[i] ?? 0) + gap)
      .join('');
    const last = row.at(-1) ?? '';
    const leadWidth = stringWidth(lead);
    if (
      options.width === undefined ||
      leadWidth + stringWidth(last) <= options.width ||
      options.width - leadWidth < 20
    ) {
      return [`${lead}${last}`.trimEnd()];
    }
    const [first = '', ...rest] = wrapText(last, options.width - leadWidth);
    return [`${lead}${first}`.trimEnd(), ...rest.map((line) => `${' '.repeat(leadWidth)}${line}`.trimEnd())];
  });
}

// Characters that are each a grapheme of their own, are not drawn as emoji, and have one fixed width:
// printable ASCII and Latin-1, punctuation, arrows, maths, box drawing, ✓ and ✗ (1 cell; the East Asian
// "ambiguous" ones are narrow in the terminals a class uses), and the CJK ideographs, CJK punctuation and
// fullwidth forms (2 cells). Nearly every line the kit prints is made of these alone. (◽ and ◾ are emoji:
// they are left to string-width.)
/** The characters `stringWidth` counts without string-width, as [first, last, cells]; tested against it. */
export const PLAIN_TEXT_RANGES: ReadonlyArray<readonly [first: number, last: number, cells: 1 | 2]> = [
  [0x20, 0x7e, 1],
  [0xa1, 0xac, 1],
  [0xae, 0xff, 1],
  [0x2010, 0x2027, 1],
  [0x2030, 0x205e, 1],
  [0x2190, 0x21ff, 1],
  [0x2200, 0x22ff, 1],
  [0x2500, 0x25fc, 1],
  [0x25ff, 0x25ff, 1],
  [0x2713, 0x2718, 1],
  [0x3001, 0x3011, 2],
  [0x3014, 0x301f, 2],
  [0x4e00, 0x9fff, 2],
  [0xff01, 0xff5e, 2],
];
const characterClass = (cells?: 1 | 2) =>
  PLAIN_TEXT_RANGES.filter((range) => cells === undefined || range[2] === cells)
    .map(([first, last]) => `\\u{${first.toString(16)}}-\\u{${last.toString(16)}}`)
    .join('');
const PLAIN_TEXT = new RegExp(`^[${characterClass()}]*$`, 'u');
const WIDE = new RegExp(`[${characterClass(2)}]`, 'gu');
const SGR_ALL = new RegExp(`${ESC}\\[\\d+(?:;\\d+)*m`, 'g');

/**
 * How many terminal cells `text` takes, colours not counted. string-width answers for any text, but it
 * segments graphemes and tests emoji with Unicode-property patterns, which costs tens of milliseconds to
 * set up in every new process (loading it alone takes 20 ms) and a fraction of one per Chinese line: a
 * banner of tables took 50 ms. Text
 * made only of PLAIN_TEXT_RANGES is counted directly; anything else goes to string-width.
 */
export function stringWidth(text: string): number {
  const visible = text.includes(ESC) ? text.replace(SGR_ALL, '') : text;
  if (!PLAIN_TEXT.test(visible)) return anyTextWidth()(visible);
  return visible.length + (visible.match(WIDE)?.length ?? 0);
}

type StringWidth = typeof import('string-width').default;
let loaded: StringWidth | undefined;
/** string-width, loaded on first use: most commands never print a character outside PLAIN_TEXT_RANGES. */
function anyTextWidth(): StringWidth {
  loaded ??= (createRequire(import.meta.url)('string-width') as { default: StringWidth }).default;
  return loaded;
}
