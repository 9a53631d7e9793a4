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

/** What a line may take: a class projector shows about 100 columns before it wraps. */
export const SCREEN_WIDTH = 100;

/**
 * Cuts text into lines of at most `width` characters at spaces (the space goes), or inside a word that
 * is longer than a line.
 */
export function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let rest = text;
  while (rest.length > width) {
    const space = rest.lastIndexOf(' ', width);
    lines.push(rest.slice(0, space > 0 ? space : width));
    rest = rest.slice(space > 0 ? space + 1 : width);
  }
  lines.push(rest);
  return lines;
}
