import { styleText } from 'node:util';

/** A `styleText` format: one modifier or colour name, or several. */
export type ColourFormat = Parameters<typeof styleText>[0];

/** Paints text in a format, or hands it back untouched when colour is off. */
export type Paint = (format: ColourFormat, text: string) => string;

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

export function createPaint(enabled: boolean): Paint {
  if (!enabled) return (_format, text) => text;
  // validateStream: false because colourWanted already decided; a transcript piped with FORCE_COLOR keeps them.
  return (format, text) => (text === '' ? text : styleText(format, text, { validateStream: false }));
}
