/**
 * The wrapper over the kit's real text, at every width a class may use: the wire bytes in fixtures/ (as
 * sent, and as the tour shows a one-line JSON body, indented), the tour's transcript, and the prose of every
 * demo's catalog in both languages, plain and coloured. Whatever the width, every line fits, and no word or
 * JSON key is cut unless it alone is wider than the room the line has.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';
import { describe, expect, it } from 'vitest';
import { createPaint, sideBySide, stringWidth, wrapIndented, wrapText } from '../src/index.ts';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const WIDTHS = Array.from({ length: 121 }, (_, i) => 40 + i);

function files(dir: string, keep: (path: string) => boolean): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === 'node_modules') return [];
    return statSync(path).isDirectory() ? files(path, keep) : keep(path) ? [path] : [];
  });
}

/** Every line of every exchange in fixtures/, and each JSON body as the tour shows it: indented. */
function wireLines(): string[] {
  const lines: string[] = [];
  for (const path of files(join(root, 'fixtures'), (p) => /\.(http|json|jsonl|txt)$/.test(p))) {
    if (path.endsWith('manifest.json') || path.endsWith('schema.json')) continue;
    const text = readFileSync(path, 'utf8');
    lines.push(...text.split(/\r?\n/));
    for (const body of [text, text.slice(text.indexOf('\n\n') + 2), ...text.split('\n')]) {
      try {
        lines.push(...JSON.stringify(JSON.parse(body), null, 2).split('\n'));
      } catch {
        // not JSON by itself
      }
    }
  }
  return [...new Set(lines)].filter((line) => line.trim() !== '');
}

/** The prose each demo prints, from its catalog: { key: { zh, en } }. */
function prose(lang: 'zh' | 'en'): string[] {
  const catalogs = files(join(root, 'demos'), (p) => p.endsWith('messages.json') && p.includes('/src/'));
  return catalogs.flatMap((path) => {
    const catalog = JSON.parse(readFileSync(path, 'utf8')) as Record<string, Record<string, string>>;
    return Object.values(catalog).flatMap((entry) => (entry[lang] ?? '').split('\n'));
  });
}

const transcript = readFileSync(join(root, 'demos/tour/transcripts/tour.txt'), 'utf8').split('\n');
const nonEmpty = (lines: readonly string[]) => [...new Set(lines)].filter((line) => line.trim() !== '');

// Colour on: words, punctuation and spaces in turn painted as the tour paints layers, so escapes sit between
// any two characters a cut may fall between.
const paint = createPaint(true);
const formats = ['cyan', 'magenta', 'green', 'blue', ['bold', 'yellow']] as const;
function coloured(line: string): string {
  let n = 0;
  return line.replace(/[\p{L}\p{N}_]+|[^\p{L}\p{N}_\s]+/gu, (run) =>
    paint(formats[n++ % formats.length] ?? 'red', run),
  );
}

// A word is letters and digits; `_`, `-`, `.` and `/` join words into names, which may be cut between them.
const WORD = /[\p{L}\p{N}]/u;
const HAN = /\p{Script=Han}/u;
/** JSON keys, as written on the wire (`"name":`) and inside a string holding JSON (`\"name\":`). */
const KEYS = /"[^"\\\s]+" ?:|\\"[^"\\\s]+\\":/g;

interface Cut {
  /** Where, in the line's visible text: the cut falls before this index. */
  at: number;
  /** The room the next piece has (the width less the spaces it starts with). */
  room: number;
}

/**
 * The places where `pieces` cut the line whose visible text is `source`, found by reading the pieces back
 * against it; `undefined` when they do not read back as the line (a character lost, added or moved).
 */
function cutsOf(source: string, pieces: readonly string[], width: number): Cut[] | undefined {
  const cuts: Cut[] = [];
  let at = 0;
  for (const [index, piece] of pieces.entries()) {
    const visible = piece.includes('\u001b') ? stripVTControlCharacters(piece) : piece;
    // Spaces are layout: a piece may start further out than its line (a deep line shown less deep).
    const text = visible.trim();
    if (index > 0) cuts.push({ at, room: width - (visible.length - visible.trimStart().length) });
    while (source[at] === ' ') at++;
    if (!source.startsWith(text, at)) return undefined;
    at += text.length;
  }
  return source.slice(at).trim() === '' ? cuts : undefined;
}

const isWord = (char = '') => WORD.test(char) && !HAN.test(char);

interface Line {
  /** As the wrapper gets it: plain, or coloured. */
  texts: string[];
  /** What the terminal shows. */
  source: string;
  keys: { from: number; to: number; key: string }[];
}

/** The cuts that split a word (letters or digits on both sides) or a JSON key that would fit its room. */
function badCuts({ source, keys }: Line, cuts: readonly Cut[]): string[] {
  const bad: string[] = [];
  for (const { at, room } of cuts) {
    if (source[at - 1] === ' ' || source[at] === ' ') continue;
    if (isWord(source[at - 1]) && isWord(source[at])) {
      let [from, to] = [at - 1, at];
      while (from > 0 && isWord(source[from - 1])) from--;
      while (to < source.length && isWord(source[to])) to++;
      const word = source.slice(from, to);
      if (stringWidth(word) <= room) bad.push(`word ${word} (room ${room})`);
    }
    for (const { from, to, key } of keys) {
      if (from < at && at < to && stringWidth(key) <= room) bad.push(`key ${key} (room ${room})`);
    }
  }
  return bad;
}

/** Runs `wrap` over every line at every width, plain and coloured, and lists what breaks a rule. */
function check(lines: readonly string[], wrap: (line: string, width: number) => string[]): string[] {
  const broken: string[] = [];
  for (const text of lines) {
    const line: Line = {
      texts: [text, coloured(text)],
      source: text,
      keys: [...text.matchAll(KEYS)].map((m) => ({ from: m.index, to: m.index + m[0].length, key: m[0] })),
    };
    const widest = stringWidth(text) + 4;
    for (const width of WIDTHS) {
      if (width > widest) break;
      for (const input of line.texts) {
        const pieces = wrap(input, width);
        for (const piece of pieces) {
          if (stringWidth(piece) > width)
            broken.push(`${width}: too wide: ${stripVTControlCharacters(piece)}`);
        }
        const cuts = cutsOf(line.source, pieces, width);
        if (cuts === undefined) broken.push(`${width}: does not read back: ${text}`);
        else for (const bad of badCuts(line, cuts)) broken.push(`${width}: ${bad} in ${text.trim()}`);
      }
    }
  }
  return broken;
}

const ESC = String.fromCharCode(0x1b);
const ESCAPE = new RegExp(`(${ESC}\\[[\\d;]*m)`);
const CODE = new RegExp(`^${ESC}\\[([\\d;]*)m$`);

/** The colours in force at each visible character that is not a space, as the terminal would draw them. */
function drawn(pieces: readonly string[]): string[] {
  const cells: string[] = [];
  for (const piece of pieces) {
    let open = new Map<string, string>();
    for (const part of piece.split(ESCAPE)) {
      const code = CODE.exec(part)?.[1];
      if (code === undefined) {
        const style = [...open.values()].sort().join(',');
        for (const char of part) if (char !== ' ') cells.push(`${char}${style}`);
        continue;
      }
      const first = Number(code.split(';')[0]);
      if (code === '0' || code === '') open = new Map();
      else if (first === 39) open.delete('fg');
      else if (first === 22) {
        open.delete('bold');
        open.delete('dim');
      } else if (first === 24) open.delete('underline');
      else if (first === 1) open.set('bold', code);
      else if (first === 2) open.set('dim', code);
      else if (first === 4) open.set('underline', code);
      else open.set('fg', code);
    }
    // Nothing may stay open at the end of a piece: the next column, or the next line, would take its colour.
    if (open.size > 0) cells.push(`open at the end of ${JSON.stringify(piece)}`);
  }
  return cells;
}

describe('wrapping the kit’s real text at every width from 40 to 160, plain and coloured', () => {
  it('wire bytes and JSON bodies, as sent and indented (wrapIndented)', () => {
    expect(check(nonEmpty(wireLines()), (line, width) => wrapIndented(line, width))).toEqual([]);
  }, 60_000);

  it('the tour as it prints in Chinese (wrapIndented)', () => {
    expect(check(nonEmpty(transcript), (line, width) => wrapIndented(line, width))).toEqual([]);
  }, 60_000);

  for (const lang of ['zh', 'en'] as const) {
    it(`every demo's prose in ${lang}, under a hanging indent (wrapText)`, () => {
      const lines = nonEmpty(prose(lang)).map((line) => `▸ ${line.trim()}`);
      expect(check(lines, (line, width) => wrapText(line, width, '  '))).toEqual([]);
    }, 60_000);
  }

  it('draws every character in its own colours, and leaves no colour open at the end of a piece', () => {
    for (const width of [40, 57, 100, 133]) {
      for (const line of nonEmpty([...wireLines(), ...prose('en')])) {
        const plain = wrapIndented(line, width);
        const painted = wrapIndented(coloured(line), width);
        expect(painted.map((piece) => stripVTControlCharacters(piece))).toEqual(plain);
        expect(drawn(painted)).toEqual(drawn([coloured(line)]));
      }
    }
  }, 60_000);

  it('lays two real messages side by side without cutting a key that fits its column', () => {
    const read = (path: string) => readFileSync(join(root, 'fixtures', path), 'utf8');
    const rest = read('01-rest-list-memos/request.http').split('\n');
    const mcp = read('02-mcp-tools-call/request.http');
    const body = JSON.stringify(JSON.parse(mcp.slice(mcp.indexOf('\n\n') + 2)), null, 2).split('\n');
    const count = (text: string, key: string) => text.split(key).length - 1;
    for (const width of WIDTHS.filter((w) => w >= 98)) {
      for (const [left, right] of [
        [rest, body],
        [rest.map(coloured), body.map(coloured)],
      ] as const) {
        const rows = sideBySide(left, right, width);
        for (const row of rows) expect(stringWidth(row), row).toBeLessThanOrEqual(width);
        const shown = stripVTControlCharacters(rows.join('\n'));
        for (const key of body.flatMap((line) => line.match(KEYS) ?? [])) {
          expect(count(shown, key), `${width}: ${key}`).toBe(count(body.join('\n'), key));
        }
      }
    }
  }, 60_000);
});
