// What every part of the text tour prints through, and what it remembers from one exchange to the next.
import { type Lang, type Role as PaletteRole, type Printer, stringWidth } from '@memos-kit/terminal';
import type { JsonContext } from '../json-layers.ts';
import type { KeyOrderDifference } from '../key-order.ts';
import { type MessageKey, messages } from '../messages.ts';
import type { Step } from '../steps.ts';
import type { RolePaint } from '../style.ts';

/** How far a message's lines sit under the line that says where it goes. */
export const INDENT = '  ';

export interface Screen {
  readonly printer: Printer;
  readonly lang: Lang;
  /** tools/list shows memo_list_memos whole (`--full`) instead of a summary. */
  readonly full: boolean;
  /** The printer's paint by role, JSON's punctuation (`punct`) included. */
  readonly paint: RolePaint;
  /** The step on screen. */
  step: {
    number: number;
    layout: Step['layout'];
    /** Header names the current fixture shows; other live headers are transport detail, printed muted. */
    shown: Set<string> | undefined;
    context: JsonContext;
  };
  /**
   * Each kind of byte difference (key order, JSON spelt differently inside a string) is shown in full, with
   * why it still matches, the first time it happens; later steps only point back to that step.
   */
  readonly explained: Map<KeyOrderDifference['kind'], number>;
}

export function say(screen: Screen, key: MessageKey, vars?: Record<string, string | number>): string {
  return messages.t(screen.lang, key, vars);
}

/** A sentence of the tour's own, wrapped at words (or between Chinese characters), under its first word. */
export function prose(screen: Screen, lead: string, text: string, role?: PaletteRole): void {
  screen.printer.prose(`${lead}${text}`, {
    hanging: ' '.repeat(stringWidth(lead)),
    ...(role ? { role } : {}),
  });
}

/** A message's lines under the line that introduces it; a line of the wire is cut, never reflowed. */
export function block(screen: Screen, lines: readonly string[]): void {
  for (const line of lines) screen.printer.wire(line === '' ? '' : `${INDENT}${line}`);
}
