/**
 * The kit's colours: one place that says what each kind of text looks like, on a dark terminal and on a
 * light one. A command paints by role (`paint('http', line)`); a colour name (`'blue'`, `'gray'`) still
 * works and gets the same legible shade of that hue.
 *
 * The shades come from xterm's 256-colour table, whose values are fixed by a formula (the 6×6×6 cube's axis is
 * 0, 95, 135, 175, 215, 255; the grey ramp is 8 + 10·i: xterm's `256colres.pl`) and shown as such by the
 * terminals a class uses (VS Code, Windows Terminal, macOS Terminal, iTerm2, GNOME Terminal). The 16 basic
 * colours are left out: every terminal theme repaints them, and xterm's own blue (#0000ee) has a contrast of
 * 2.2:1 on black. Every shade below reaches 4.5:1 (WCAG 2 AA for text) against both reference backgrounds of
 * its theme, a test computes it, and `BACKGROUNDS` documents them.
 */

export const THEMES = ['dark', 'light'] as const;
export type Theme = (typeof THEMES)[number];

/** One environment variable sets the theme for a whole session, as KIT_LANG sets the language. */
export const THEME_ENV = 'KIT_THEME';

export function isTheme(value: unknown): value is Theme {
  return value === 'dark' || value === 'light';
}

/**
 * The backgrounds each theme's shades are checked against: true black and the dark grey a projector shows
 * for it in a lit room; white and the light grey of an off-white theme.
 */
export const BACKGROUNDS: Readonly<Record<Theme, readonly string[]>> = {
  dark: ['#000000', '#262626'],
  light: ['#ffffff', '#f0f0f0'],
};

/** The hues the kit paints with: the six of the basic colours, a grey, and the body text's own colour. */
export type Hue = 'red' | 'green' | 'yellow' | 'blue' | 'magenta' | 'cyan' | 'grey' | 'text';

/** Each hue as an index into xterm's 256-colour table, per theme (the hex value is in the comment). */
export const SHADES: Readonly<Record<Theme, Readonly<Record<Hue, number>>>> = {
  dark: {
    red: 210, // #ff8787
    green: 114, // #87d787
    yellow: 221, // #ffd75f
    blue: 111, // #87afff
    magenta: 213, // #ff87ff
    cyan: 80, // #5fd7d7
    grey: 248, // #a8a8a8
    text: 254, // #e4e4e4
  },
  light: {
    red: 124, // #af0000
    green: 22, // #005f00
    yellow: 94, // #875f00, an amber that stays readable on white
    blue: 20, // #0000d7
    magenta: 90, // #870087
    cyan: 24, // #005f87
    grey: 241, // #626262
    text: 235, // #262626
  },
};

/** What a piece of text is. Commands paint by role, so one idea keeps one look in every demo. */
export type Role =
  /** JSON-RPC: jsonrpc, id, method, params, result, error. */
  | 'envelope'
  /** MCP's own fields and headers: _meta, resultType, content, isError, MCP-Protocol-Version, Mcp-*. */
  | 'protocol'
  /** The tool's data: arguments, structuredContent's inside, REST bodies. */
  | 'business'
  /** HTTP: start lines, ordinary headers, SSE field names. */
  | 'http'
  /** When something arrived: the times of SSE events, of reads, of a response's end. */
  | 'timing'
  /** Secondary text that must still be read from the back of the room: notes, hints, transport detail. */
  | 'muted'
  /** What to type or open: a URL, a command, a key. */
  | 'accent'
  | 'title'
  | 'heading'
  | 'ok'
  | 'fail'
  | 'warn';

interface Look {
  hue?: Hue;
  bold?: true;
  underline?: true;
}

export const ROLES: Readonly<Record<Role, Look>> = {
  envelope: { hue: 'cyan' },
  protocol: { hue: 'magenta' },
  business: { hue: 'green' },
  http: { hue: 'blue' },
  timing: { hue: 'yellow', bold: true },
  muted: { hue: 'grey' },
  accent: { hue: 'cyan' },
  title: { bold: true, underline: true },
  heading: { bold: true },
  ok: { hue: 'green', bold: true },
  fail: { hue: 'red', bold: true },
  warn: { hue: 'yellow' },
};

export function isRole(name: string): name is Role {
  return Object.hasOwn(ROLES, name);
}

/** The hue a basic colour name stands for, so `'blue'` and `'blueBright'` both get the theme's legible blue. */
export function hueOf(name: string): Hue | undefined {
  const base = name.replace(/Bright$/, '');
  if (base === 'gray' || base === 'grey' || name === 'blackBright') return 'grey';
  if (base === 'white' || base === 'black') return 'text';
  return ['red', 'green', 'yellow', 'blue', 'magenta', 'cyan'].includes(base) ? (base as Hue) : undefined;
}

/**
 * The theme when no `--theme` is given: `KIT_THEME`, else the background a terminal announces in
 * `COLORFGBG` ("15;0": white on black; rxvt, Konsole and iTerm2 set it), else dark, the default of most
 * terminals. ANSI colour 7 and 9 to 15 are light backgrounds; 0 to 6 and 8 are dark.
 */
export function themeFromEnv(env: NodeJS.ProcessEnv = process.env): Theme {
  const wanted = env[THEME_ENV];
  if (isTheme(wanted)) return wanted;
  const background = Number(env.COLORFGBG?.split(';').at(-1));
  if (Number.isInteger(background) && background >= 0 && background <= 15) {
    return background === 7 || background >= 9 ? 'light' : 'dark';
  }
  return 'dark';
}
