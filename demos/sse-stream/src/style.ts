import { styleText } from 'node:util';

type Format = Parameters<typeof styleText>[0];

/** Colours for a terminal, or none at all with `--no-color` / `NO_COLOR`. */
export interface Style {
  (format: Format, text: string): string;
  enabled: boolean;
}

export function createStyle(enabled: boolean): Style {
  // validateStream: false because the caller already decided (a pipe into `tee` in class still gets colour).
  const style = ((format: Format, text: string) =>
    enabled ? styleText(format, text, { validateStream: false }) : text) as Style;
  style.enabled = enabled;
  return style;
}

export function colourWanted(argvNoColor: boolean, env: NodeJS.ProcessEnv = process.env): boolean {
  if (argvNoColor) return false;
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  if (env.FORCE_COLOR !== undefined && env.FORCE_COLOR !== '0') return true;
  return process.stdout.isTTY === true;
}
