/**
 * Every sentence the demo and its lessons print, in both languages; the wire (HTTP heads, SSE bytes, JSON,
 * nginx config) is never translated. The sentences live in messages.json, side by side per key, so a
 * translator edits data, not code.
 */
import { bilingualMessages, type Lang, type Vars } from '@memos-kit/terminal';
import pairs from './messages.json' with { type: 'json' };

export const messages = bilingualMessages(pairs);

export type MessageKey = keyof typeof pairs;

export type Say = (key: MessageKey, vars?: Vars) => string;

export const sayIn = (lang: Lang): Say => messages.in(lang);

/** "1 byte", "3 reads": English needs the plural, Chinese has none; both come from the catalog. */
export function countOf(say: Say, n: number, what: 'Bytes' | 'Reads' | 'Events'): string {
  return say(`count${what}${n === 1 ? 'One' : 'Many'}`, { n });
}
