import { styleText } from 'node:util';

type Style = Parameters<typeof styleText>[0];

/** Colours for a class projector; off with --no-color, NO_COLOR (https://no-color.org) or when not on a terminal. */
export function createPainter(enabled: boolean) {
  return (style: Style, text: string) => (enabled ? styleText(style, text, { validateStream: false }) : text);
}

export type Paint = ReturnType<typeof createPainter>;

export function colorWanted(
  argv: readonly string[],
  env = process.env,
  isTTY = process.stdout.isTTY,
): boolean {
  return !argv.includes('--no-color') && !env.NO_COLOR && isTTY === true;
}
