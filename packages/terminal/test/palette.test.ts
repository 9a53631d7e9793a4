/**
 * Every colour the kit paints with, read back from the escapes it writes, against the backgrounds of its
 * theme: the WCAG 2 contrast ratio (relative luminance, https://www.w3.org/TR/WCAG21/#dfn-contrast-ratio)
 * must reach 4.5:1, the level for body text (success criterion 1.4.3).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  BACKGROUNDS,
  createPaint,
  parseCommand,
  ROLES,
  type Role,
  SHADES,
  THEMES,
  type Theme,
  themeFromEnv,
  UsageError,
} from '../src/index.ts';

type Rgb = readonly [number, number, number];

/** WCAG 2's contrast ratio for body text (AA); the pages that promise a class legible colours name it. */
const MIN_CONTRAST = 4.5;

/** xterm's 256-colour table from 16 up, by its formula (xterm's 256colres.pl): a 6×6×6 cube, then 24 greys. */
function xterm256(index: number): Rgb {
  if (index >= 232) {
    const level = 8 + 10 * (index - 232);
    return [level, level, level];
  }
  const axis = [0, 95, 135, 175, 215, 255];
  const i = index - 16;
  return [axis[Math.floor(i / 36)] ?? 0, axis[Math.floor(i / 6) % 6] ?? 0, axis[i % 6] ?? 0];
}

// The 16 basic colours as xterm shows them by default (XTerm-col.ad); a terminal theme may repaint any of them.
const BASIC: Record<number, string> = {
  30: '#000000',
  31: '#cd0000',
  32: '#00cd00',
  33: '#cdcd00',
  34: '#0000ee',
  35: '#cd00cd',
  36: '#00cdcd',
  37: '#e5e5e5',
  90: '#7f7f7f',
  91: '#ff0000',
  92: '#00ff00',
  93: '#ffff00',
  94: '#5c5cff',
  95: '#ff00ff',
  96: '#00ffff',
  97: '#ffffff',
};

function hex(value: string): Rgb {
  const channel = (at: number) => Number.parseInt(value.slice(at, at + 2), 16);
  return [channel(1), channel(3), channel(5)];
}

const SGR = new RegExp(`${String.fromCharCode(0x1b)}\\[([\\d;]+)m`, 'g');

function luminance([r, g, b]: Rgb): number {
  const linear = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

function contrast(a: Rgb, b: Rgb): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05);
}

/**
 * The foreground an escape sequence asks for, as the terminal would draw it; `faint` for SGR 2, whose
 * colour is the terminal's own guess; undefined when the text keeps the terminal's own colour.
 */
function foreground(painted: string): Rgb | 'faint' | undefined {
  let colour: Rgb | 'faint' | undefined;
  for (const [, codes = ''] of painted.matchAll(SGR)) {
    const parts = codes.split(';').map(Number);
    if (parts[0] === 38 && parts[1] === 5) colour = xterm256(parts[2] ?? 0);
    else if (parts[0] === 2) colour = 'faint';
    else if (BASIC[parts[0] ?? 0]) colour = hex(BASIC[parts[0] ?? 0] ?? '');
  }
  return colour;
}

function tooFaint(theme: Theme, painted: string): string[] {
  const colour = foreground(painted);
  if (colour === undefined) return [];
  if (colour === 'faint') return ['faint'];
  return BACKGROUNDS[theme]
    .map((background) => ({ background, ratio: contrast(colour, hex(background)) }))
    .filter(({ ratio }) => ratio < MIN_CONTRAST)
    .map(({ background, ratio }) => `${ratio.toFixed(2)}:1 on ${background}`);
}

describe('the palette', () => {
  it('gives every shade of each theme at least 4.5:1 against both of its backgrounds', () => {
    const ratios = THEMES.flatMap((theme) =>
      Object.entries(SHADES[theme]).flatMap(([hue, index]) =>
        BACKGROUNDS[theme].map((background) => ({
          what: `${theme} ${hue} (${index}) on ${background}`,
          ratio: contrast(xterm256(index), hex(background)),
        })),
      ),
    );
    expect(ratios.filter(({ ratio }) => ratio < MIN_CONTRAST)).toEqual([]);
  });

  it('paints every role and every colour name in a shade that reads on its theme, never faint', () => {
    const names = [...Object.keys(ROLES), 'red', 'green', 'yellow', 'blue', 'magenta', 'cyan', 'gray', 'dim'];
    for (const theme of THEMES) {
      const paint = createPaint(true, theme);
      for (const name of names) {
        expect(tooFaint(theme, paint(name as Role, 'x')), `${theme} ${name}`).toEqual([]);
      }
      expect(tooFaint(theme, paint(['bold', 'blue'], 'x'))).toEqual([]);
    }
  });

  it('would catch a shade that does not read: the wrong theme, and xterm’s own blue, fail the check', () => {
    expect(tooFaint('light', createPaint(true, 'dark')('timing', 'x'))).not.toEqual([]);
    expect(tooFaint('dark', '\u001b[34mx\u001b[39m')).not.toEqual([]);
    expect(tooFaint('dark', '\u001b[2mx\u001b[22m')).toEqual(['faint']);
  });

  it('paints a role the same in every command: one look per idea', () => {
    const paint = createPaint(true, 'dark');
    expect(paint('http', 'x')).toBe(paint('blue', 'x'));
    expect(paint('muted', 'x')).toBe(paint('gray', 'x'));
    expect(paint('muted', 'x')).toBe(paint('dim', 'x'));
    expect(paint('timing', 'x')).not.toBe(paint('muted', 'x'));
    expect(createPaint(false, 'light')('http', 'x')).toBe('x');
  });
});

describe('the pages that promise legible colours', () => {
  it('name the contrast this test holds every shade to', () => {
    for (const page of ['docs/workshop/index.md', 'docs/en/workshop/index.md', 'demos/tour/README.md']) {
      const text = readFileSync(new URL(`../../../${page}`, import.meta.url), 'utf8');
      expect(text, page).toContain(`${MIN_CONTRAST}:1`);
    }
  });
});

describe('the theme', () => {
  const tty = { isTTY: true, columns: 100 };
  const theme = (argv: string[], env: NodeJS.ProcessEnv) => {
    const parsed = parseCommand({ name: 'pnpm t', summary: { zh: '', en: '' }, options: {} }, argv, {
      env,
      stdout: tty,
    });
    return parsed.kind === 'run' ? parsed.theme : undefined;
  };

  it('is --theme, else KIT_THEME, else the background COLORFGBG names, else dark', () => {
    expect(theme([], {})).toBe('dark');
    expect(theme([], { COLORFGBG: '0;15' })).toBe('light');
    expect(theme([], { COLORFGBG: '0;default;15' })).toBe('light');
    expect(theme([], { COLORFGBG: '15;0' })).toBe('dark');
    expect(theme([], { COLORFGBG: 'default' })).toBe('dark');
    expect(theme([], { KIT_THEME: 'light', COLORFGBG: '15;0' })).toBe('light');
    expect(theme(['--theme', 'dark'], { KIT_THEME: 'light', COLORFGBG: '0;15' })).toBe('dark');
    expect(theme(['--theme=light'], {})).toBe('light');
    expect(themeFromEnv({ KIT_THEME: 'sepia' })).toBe('dark');
  });

  it('paints in the theme asked for, and refuses a theme it does not have, in the language of the command', () => {
    const parsed = parseCommand(
      { name: 'pnpm t', summary: { zh: '', en: '' }, options: {} },
      ['--theme', 'light'],
      {
        env: {},
        stdout: tty,
      },
    );
    expect(parsed.kind === 'run' && parsed.paint('http', 'x')).toBe(createPaint(true, 'light')('http', 'x'));
    expect(() => theme(['--theme', 'sepia'], {})).toThrow(
      new UsageError('--theme 只能是 dark 或 light，而不是 "sepia"'),
    );
    expect(() => theme(['--theme', 'sepia', '--lang', 'en'], {})).toThrow(
      '--theme must be dark or light, not "sepia"',
    );
  });

  it('leaves NO_COLOR and a pipe as they were: no colour in either theme', () => {
    for (const argv of [['--theme', 'light'], []]) {
      const piped = parseCommand({ name: 'p', summary: { zh: '', en: '' }, options: {} }, argv, {
        env: {},
        stdout: { isTTY: false },
      });
      expect(piped.kind === 'run' && piped.paint('http', 'x')).toBe('x');
      const noColor = parseCommand({ name: 'p', summary: { zh: '', en: '' }, options: {} }, argv, {
        env: { NO_COLOR: '1' },
        stdout: tty,
      });
      expect(noColor.kind === 'run' && noColor.paint('http', 'x')).toBe('x');
    }
  });
});
