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

// One SGR sequence (colours, bold, underline): the only escapes the kit's paint emits.
const ESC = String.fromCharCode(0x1b);
const SGR = `${ESC}\\[(\\d+(?:;\\d+)*)m`;
const sgrAt = new RegExp(SGR, 'y');

/**
 * The attribute an SGR code sets, so a later code for the same attribute replaces it and its reset (`39`,
 * `22`, …) ends it: the foreground, the background, bold or dim, italic, underline.
 */
function attribute(code: string): string {
  const first = Number.parseInt(code, 10);
  if ((first >= 30 && first <= 38) || (first >= 90 && first <= 97) || first === 39) return 'fg';
  if ((first >= 40 && first <= 48) || (first >= 100 && first <= 107) || first === 49) return 'bg';
  if (first === 1 || first === 2 || first === 22) return `intensity${first === 22 ? '' : first}`;
  if (first === 3 || first === 23) return 'italic';
  if (first === 4 || first === 21 || first === 24) return 'underline';
  return code;
}
const RESETS = new Set(['39', '49', '22', '23', '24']);

const SGR_ALL = new RegExp(SGR, 'g');

/**
 * The escapes still in force after `written`, given those in force before it (`active`, by attribute), in the
 * order they were written, so that writing them again draws what follows as before.
 */
function inForce(active: ReadonlyMap<string, string>, written: string): Map<string, string> {
  const open = new Map(active);
  if (written === '') return open;
  for (const match of written.matchAll(SGR_ALL)) {
    const code = match[1] ?? '0';
    const what = attribute(code);
    if (code === '0') open.clear();
    else if (what === 'intensity') {
      open.delete('intensity1');
      open.delete('intensity2');
    } else if (RESETS.has(code)) open.delete(what);
    else {
      open.delete(what);
      open.set(what, match[0]);
    }
  }
  return open;
}

const reopen = (active: ReadonlyMap<string, string>) => [...active.values()].join('');

// Chinese line-breaking rules (禁则): closing punctuation never starts a line, opening punctuation never ends one.
const CLOSING = new Set('、。，．：；！？）》」』】〉”’…%)]}');
const OPENING = new Set('（《「『【〈“‘');
const SPACE = /\s/u;
const LETTER = /[\p{L}\p{N}]/u;

function isCjk(char: string): boolean {
  const code = char.charCodeAt(0);
  return (
    (code >= 0x2e80 && code <= 0x9fff) ||
    (code >= 0xf900 && code <= 0xfaff) ||
    (code >= 0xff00 && code <= 0xffef)
  );
}

function isSpace(char: string): boolean {
  return char === ' ' || (char.charCodeAt(0) > 0x7e && SPACE.test(char)) || char === '\t';
}

function isLetter(char: string): boolean {
  const code = char.charCodeAt(0);
  if (code < 0x80)
    return (code >= 0x30 && code <= 0x39) || (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a);
  return LETTER.test(char);
}
// Where a stretch with no good break in it, wider than a whole line by itself (a URL, a path, a long JSON key),
// is cut: after the character that ends one of its parts, or where letters meet punctuation.
const PART_END = new Set('/&?=+-_.;:|');

/**
 * What a cut between two visible characters would do to the text. An object, not an enum: the stdio pair's
 * client (`node src/client.ts`) loads this file through Node's type stripping, which has no enums.
 */
const Break = {
  /** Inside a word, before a space, or against a Chinese punctuation rule. */
  Never: 0,
  /** Between the parts of something wider than a line by itself; used only to cut such a thing. */
  Part: 1,
  /** Where a reader expects a line to end: after a space, next to a Chinese character, between JSON members. */
  Good: 2,
} as const;
type Break = (typeof Break)[keyof typeof Break];

/**
 * Whether a line may break before character `i`. Never before a space (it hangs at the end of the line) nor
 * inside a word; after a space; next to a Chinese character, keeping punctuation with its neighbour; after a
 * `,`, after the `":` that ends a JSON key and after a `{` or `[` that opens a member, so a one-line JSON
 * message breaks between its members and never inside a key or a short string.
 */
function breakBefore(chars: readonly string[], i: number): Break {
  const a = chars[i - 1] ?? '';
  const b = chars[i] ?? '';
  if (isSpace(b)) return Break.Never;
  if (isSpace(a)) return Break.Good;
  if (CLOSING.has(b) || OPENING.has(a)) return Break.Never;
  if (isCjk(a) || isCjk(b)) return Break.Good;
  if (a === ',' || (a === ':' && chars[i - 2] === '"')) return Break.Good;
  if ((a === '{' || a === '[') && (b === '"' || b === '{' || b === '[')) return Break.Good;
  if (PART_END.has(a) || isLetter(a) !== isLetter(b)) return Break.Part;
  return Break.Never;
}

/** A line taken apart: its visible characters, their cells, and the escapes written just before each. */
interface Laid {
  chars: string[];
  cells: number[];
  escapes: string[];
  /** Escapes after the last character. */
  tail: string;
  /** Whether a line may break before each character. */
  kinds: Break[];
}

// The last few lines taken apart: side by side tries one line at many column widths.
const laidOut = new Map<string, Laid>();

function layOut(line: string): Laid {
  const known = laidOut.get(line);
  if (known) return known;
  const laid: Laid = { chars: [], cells: [], escapes: [], tail: '', kinds: [] };
  let pending = '';
  let i = 0;
  while (i < line.length) {
    sgrAt.lastIndex = i;
    const sequence = sgrAt.exec(line);
    if (sequence) {
      pending += sequence[0];
      i = sgrAt.lastIndex;
      continue;
    }
    const char = String.fromCodePoint(line.codePointAt(i) ?? 0);
    laid.chars.push(char);
    const code = char.charCodeAt(0);
    laid.cells.push(code >= 0x20 && code < 0x7f ? 1 : stringWidth(char));
    laid.escapes.push(pending);
    pending = '';
    i += char.length;
  }
  laid.tail = pending;
  laid.kinds = laid.chars.map((_, i) => (i === 0 ? Break.Never : breakBefore(laid.chars, i)));
  if (laidOut.size >= 8) laidOut.delete(laidOut.keys().next().value ?? '');
  laidOut.set(line, laid);
  return laid;
}

interface Broken {
  pieces: string[];
  /** How many cuts fell inside a word, a key or a URL (none when every piece ends at a good break). */
  inside: number;
}

/**
 * Cuts one line (without newlines) into pieces of at most `first` cells, then `rest` cells each. A piece ends
 * at the last good break that fits, and the space at that break is not printed. A stretch between good
 * breaks is cut inside only when it alone is wider than a line: at the last end of one of its parts that
 * fits (after `/`, `&`, `-`, …, or where letters meet punctuation), else where the width ends; when such a
 * stretch follows a good break, the line fills up to a part's end rather than stop short. Colours open at a cut are closed at
 * the end of the piece and opened again at the start of the next, so a column never bleeds into its neighbour.
 */
function breakLine(
  line: string,
  first: number,
  rest: number,
  never?: ReadonlySet<number>,
  keepSpaces = false,
): Broken {
  // Prose drops the spaces a line breaks at; bytes shown as text keep every one (a space is a byte there).
  const trims = (char: string): boolean => !keepSpaces && isSpace(char);
  const laid = layOut(line);
  const { chars, cells, escapes, tail } = laid;
  const kinds = never ? laid.kinds.map((kind, i) => (never.has(i) ? Break.Never : kind)) : laid.kinds;
  const n = chars.length;
  /** Cells of chars[from, to), spaces at its end not counted. */
  const widthOf = (from: number, to: number): number => {
    let end = to;
    while (end > from && trims(chars[end - 1] ?? '')) end--;
    let total = 0;
    for (let i = from; i < end; i++) total += cells[i] ?? 0;
    return total;
  };
  const nextGood = (from: number): number => {
    let i = from + 1;
    while (i < n && kinds[i] !== Break.Good) i++;
    return i;
  };
  const broken: Broken = { pieces: [], inside: 0 };
  let active = new Map<string, string>();
  let start = 0;
  while (start < n || broken.pieces.length === 0) {
    const limit = Math.max(1, broken.pieces.length === 0 ? first : rest);
    // The first character that does not fit, and the last good and part breaks before it (after some text).
    let over = n;
    let good = -1;
    let part = -1;
    let used = 0;
    let text = false;
    for (let i = start; i < n; i++) {
      if (text && kinds[i] === Break.Good) good = i;
      if (text && kinds[i] !== Break.Never) part = i;
      used += cells[i] ?? 0;
      if (trims(chars[i] ?? '')) continue;
      text = true;
      if (used > limit) {
        over = i;
        break;
      }
    }
    let cut = over;
    if (over < n) {
      const fill = part > good;
      const stretchTooWide = good > 0 && widthOf(good, nextGood(good)) > rest;
      if (good > 0 && !(stretchTooWide && fill)) cut = good;
      else if (fill) cut = part;
      // A hard cut never falls inside something the caller keeps whole; what is wider than a line by
      // itself then gets a line of its own.
      while (never?.has(cut) && cut > start + 1) cut--;
      while (never?.has(cut) && cut < n) cut++;
      cut = Math.max(cut, start + 1);
      if (cut !== good) broken.inside++;
    }
    let last = cut;
    while (last > start && trims(chars[last - 1] ?? '')) last--;
    let piece = reopen(active);
    let written = '';
    for (let i = start; i < cut; i++) {
      written += escapes[i] ?? '';
      piece += `${escapes[i] ?? ''}${i < last ? chars[i] : ''}`;
    }
    if (cut >= n) {
      broken.pieces.push(`${piece}${tail}`);
      break;
    }
    active = inForce(active, written);
    broken.pieces.push(active.size > 0 ? `${piece}${ESC}[0m` : piece);
    start = cut;
  }
  return broken;
}

/** Runs `cut` over each line of a text, carrying open colours across its newlines, and gathers the pieces. */
function eachLine(text: string, cut: (line: string, first: boolean) => Broken): Broken {
  const all: Broken = { pieces: [], inside: 0 };
  let open = new Map<string, string>();
  const lines = text.split('\n');
  for (const [index, line] of lines.entries()) {
    const { pieces, inside } = cut(`${reopen(open)}${line}`, all.pieces.length === 0);
    all.pieces.push(...pieces);
    all.inside += inside;
    if (index < lines.length - 1) open = inForce(open, line);
  }
  return all;
}

/**
 * Cuts a line into pieces no wider than `width` terminal cells (CJK characters count two) where a reader
 * expects a line to end: after a space, between Chinese characters, after a `,` or a JSON key's `":`. A word,
 * a key or a URL is cut inside only when it alone is wider than the line. A newline in `line` starts a new
 * piece. Open colours carry over to the next piece, so a column never bleeds into its neighbour.
 */
export function wrapLine(line: string, width: number): string[] {
  if (!line.includes('\n') && stringWidth(line) <= width) return [line];
  return eachLine(line, (one) => breakLine(one, width, width)).pieces;
}

/** How much further in than its line a cut line's next pieces start, so they read as one line continued. */
const HANG = 2;

/** `text` without its first `count` spaces, escapes kept. */
function dropLeadingSpaces(text: string, count: number): string {
  let dropped = 0;
  let i = 0;
  let kept = '';
  while (i < text.length && dropped < count) {
    sgrAt.lastIndex = i;
    const sequence = sgrAt.exec(text);
    if (sequence) {
      kept += sequence[0];
      i = sgrAt.lastIndex;
    } else if (text[i] === ' ') {
      dropped++;
      i++;
    } else break;
  }
  return `${kept}${text.slice(i)}`;
}

function indented(text: string, width: number, minRoom: number): Broken {
  const visible = text.includes(ESC) ? text.replace(SGR_ALL, '') : text;
  const own = /^ */.exec(visible)?.[0].length ?? 0;
  const deepest = Math.max(0, width - minRoom);
  // A line nested deeper than leaves minRoom is shown as far in as still leaves it, so its words stay whole.
  const line = own > deepest ? dropLeadingSpaces(text, own - deepest) : text;
  const lead = Math.min(own + HANG, deepest);
  const { pieces, inside } = breakLine(line, width, width - lead);
  return { pieces: pieces.map((piece, i) => (i === 0 ? piece : `${' '.repeat(lead)}${piece}`)), inside };
}

/** `indented` over each line of a text, each under its own indentation; a line that fits is left alone. */
function indentedText(text: string, width: number, minRoom: number): Broken {
  return eachLine(text, (line) =>
    stringWidth(line) <= width ? { pieces: [line], inside: 0 } : indented(line, width, minRoom),
  );
}

/**
 * Cuts a line to `width` cells like `wrapLine`, but continues each piece two cells further in than the
 * line's own leading spaces, so an indented block (a pretty-printed JSON body, a wire line in a step) stays a
 * block and a continued line reads as one. A line nested so deep that fewer than `minRoom` cells would be
 * left is shown, and continued, only as far in as leaves `minRoom`. Each line of
 * a text with newlines is cut under its own indentation.
 */
export function wrapIndented(text: string, width: number, minRoom = 20): string[] {
  return indentedText(text, width, minRoom).pieces;
}

/**
 * Wraps prose to `width` cells with the same breaks as `wrapLine`: at spaces, between any two CJK characters
 * (Chinese has no spaces), and inside a word only when the word alone is wider than a line. Lines after the
 * first start with `indent`, which counts towards the width. A newline in the text starts a new line.
 */
export function wrapText(text: string, width: number, indent = ''): string[] {
  const room = width - stringWidth(indent);
  const { pieces } = eachLine(text, (line, first) => breakLine(line, first ? width : room, room));
  return pieces.map((piece, index) => {
    const line = trimEndVisible(piece);
    return index === 0 || line === '' ? line : `${indent}${line}`;
  });
}

/** Drops the spaces at the end of a line, keeping the escapes written after them. */
function trimEndVisible(line: string): string {
  const match = new RegExp(`\\s+((?:${SGR})*)$`, 'u').exec(line);
  return match ? `${line.slice(0, match.index)}${line.slice(match.index).replace(/\s+/gu, '')}` : line;
}

/**
 * Cuts a sequence of units that must stay whole (an escape such as `\\x1B` shown as text, a token) into lines
 * of at most `width` cells, with the breaks of `wrapLine` between units and none inside one. A unit wider
 * than a line gets a line of its own. Nothing is dropped: the pieces joined are the units joined, spaces too.
 */
export function wrapUnits(units: readonly string[], width: number): string[] {
  const line = units.join('');
  if (stringWidth(line) <= width) return [line];
  const inside = new Set<number>();
  let at = 0;
  for (const unit of units) {
    const length = [...unit].length;
    for (let i = 1; i < length; i++) inside.add(at + i);
    at += length;
  }
  return breakLine(line, width, width, inside, true).pieces;
}

export function padToWidth(text: string, width: number): string {
  return text + ' '.repeat(Math.max(0, width - stringWidth(text)));
}

/** Right-aligns text in `width` cells (`padStart` would count a Chinese character as one cell). */
export function padStartToWidth(text: string, width: number): string {
  return ' '.repeat(Math.max(0, width - stringWidth(text))) + text;
}

/** Whether `a` comes before `b`, compared element by element. */
function before(a: readonly number[], b: readonly number[]): boolean {
  const i = a.findIndex((value, j) => value !== b[j]);
  return i >= 0 && (a[i] ?? 0) < (b[i] ?? 0);
}

/**
 * Two blocks of lines next to each other, each wrapped to its column under its own indentation. The
 * columns share the width as the text needs: of the splits that give each at least a third, the one that
 * cuts the fewest words or keys, then takes the fewest rows, then is the most even.
 */
export function sideBySide(
  left: readonly string[],
  right: readonly string[],
  width: number,
  gutter = ' │ ',
): string[] {
  const room = width - stringWidth(gutter);
  const widths = new Map([...left, ...right].map((line) => [line, stringWidth(line)]));
  const wrapColumn = (lines: readonly string[], column: number): Broken => {
    const all: Broken = { pieces: [], inside: 0 };
    for (const line of lines) {
      if ((widths.get(line) ?? 0) <= column && !line.includes('\n')) {
        all.pieces.push(line);
        continue;
      }
      const { pieces, inside } = indentedText(line, column, Math.min(16, column));
      all.pieces.push(...pieces);
      all.inside += inside;
    }
    return all;
  };
  const even = Math.floor(room / 2);
  let best: { score: number[]; column: number; left: string[]; right: string[] } | undefined;
  for (let column = Math.ceil(room / 3); column <= room - Math.ceil(room / 3); column++) {
    const [l, r] = [wrapColumn(left, column), wrapColumn(right, room - column)];
    const score = [l.inside + r.inside, Math.max(l.pieces.length, r.pieces.length), Math.abs(column - even)];
    const better = best === undefined || before(score, best.score);
    if (better) best = { score, column, left: l.pieces, right: r.pieces };
  }
  const { column = even, left: l = [], right: r = [] } = best ?? {};
  const rows: string[] = [];
  for (let i = 0; i < Math.max(l.length, r.length); i++) {
    rows.push(`${padToWidth(l[i] ?? '', column)}${gutter}${r[i] ?? ''}`.trimEnd());
  }
  return rows;
}

/**
 * A plain table whose columns line up even with Chinese text in them. The last column wraps so that
 * every row fits `width` (when given), its continuation lines starting under the column; where that column
 * would have fewer than 20 cells, it goes on the lines under its row instead.
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
    if (options.width === undefined || leadWidth + stringWidth(last) <= options.width) {
      return [`${lead}${last}`.trimEnd()];
    }
    if (options.width - leadWidth < 20) {
      // Too narrow for the last column beside the others: it goes under them, a little indented.
      const under = ' '.repeat(Math.min(8, Math.max(0, options.width - 20)));
      return [
        lead.trimEnd(),
        ...wrapText(last, options.width - under.length).map((line) => `${under}${line}`),
      ];
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

/**
 * How many terminal cells `text` takes, colours not counted. string-width answers for any text, but it
 * segments graphemes and tests emoji with Unicode-property patterns, which costs tens of milliseconds to
 * set up in every new process (loading it alone takes 20 ms) and a fraction of one per Chinese line: a
 * banner of tables takes 50 ms. Text
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
