import { styleText } from 'node:util';
import { hueOf, isRole, ROLES, type Role, SHADES, type Theme } from './palette.ts';

/** A `styleText` format: one modifier or colour name, or several. */
export type ColourFormat = Parameters<typeof styleText>[0];
type FormatName = Extract<ColourFormat, string>;

/** One name to paint with: a role of the kit's palette (`'http'`, `'muted'`), or a `styleText` name. */
export type Style = Role | FormatName;

/** Paints text in a style (or several), or hands it back untouched when colour is off. */
export type Paint = (format: Style | readonly Style[], text: string) => string;

export interface ColourInput {
  /** `--color` (true), `--no-color` (false), or neither given (undefined). */
  flag?: boolean | undefined;
  env?: NodeJS.ProcessEnv;
  /** Whether the stream the text goes to is a terminal. */
  isTTY?: boolean | undefined;
}

/**
 * The one colour rule of the kit, in this order:
 * an explicit `--color` / `--no-color` wins; then `NO_COLOR` (present and not empty, no-color.org) turns
 * colour off; then `FORCE_COLOR` turns it on (`0` or `false` turns it off); otherwise colour only on a terminal.
 */
export function colourWanted({
  flag,
  env = process.env,
  isTTY = process.stdout.isTTY,
}: ColourInput = {}): boolean {
  if (flag !== undefined) return flag;
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  const force = env.FORCE_COLOR;
  if (force !== undefined && force !== '') return force !== '0' && force !== 'false';
  return isTTY === true;
}

const ESC = String.fromCharCode(0x1b);

/**
 * A paint for one theme. Roles and colour names get the theme's shade from the palette (an xterm 256-colour
 * foreground); `dim` alone becomes the palette's grey, since the faint attribute all but vanishes on a
 * projector; bold, underline and the other modifiers are `styleText`'s.
 */
export function createPaint(enabled: boolean, theme: Theme = 'dark'): Paint {
  if (!enabled) return (_format, text) => text;
  return (format, text) => {
    if (text === '') return text;
    let shade: number | undefined;
    let dim = false;
    const modifiers: FormatName[] = [];
    for (const name of typeof format === 'string' ? [format] : format) {
      if (isRole(name)) {
        const look = ROLES[name];
        if (look.hue) shade = SHADES[theme][look.hue];
        if (look.bold) modifiers.push('bold');
        if (look.underline) modifiers.push('underline');
        continue;
      }
      const hue = hueOf(name);
      if (hue) shade = SHADES[theme][hue];
      else if (name === 'dim') dim = true;
      else modifiers.push(name);
    }
    if (dim && shade === undefined) shade = SHADES[theme].grey;
    // validateStream: false because colourWanted already decided; a transcript piped with FORCE_COLOR keeps them.
    const styled = modifiers.length > 0 ? styleText(modifiers, text, { validateStream: false }) : text;
    return shade === undefined ? styled : `${ESC}[38;5;${shade}m${styled}${ESC}[39m`;
  };
}
