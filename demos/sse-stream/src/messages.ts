/**
 * Every sentence the demo and its lessons print, in both languages; the wire (HTTP heads, SSE bytes, JSON,
 * nginx config) is never translated. The sentences live in messages.json, side by side per key, so a
 * translator edits data, not code.
 */
import { bilingualMessages } from '@memos-kit/terminal';
import pairs from './messages.json' with { type: 'json' };

export const messages = bilingualMessages(pairs);

export type MessageKey = keyof typeof pairs;

/** The sentences in the language of this run: `messages.in(lang)`. */
export type Say = ReturnType<typeof messages.in>;

/** "1 byte", "3 reads": English needs the plural, Chinese has none; both come from the catalog. */
export function countOf(say: Say, n: number, what: 'Bytes' | 'Reads' | 'Events'): string {
  return say(`count${what}${n === 1 ? 'One' : 'Many'}`, { n });
}
