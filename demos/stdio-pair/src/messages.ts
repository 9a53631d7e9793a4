/**
 * Every sentence the demo and its lessons print, in both languages. The wire (JSON lines, bytes, the
 * servers' stderr logs) is never translated, and neither are identifiers. The sentences live in
 * messages.json, side by side per key, so a translator edits data, not code.
 */
import { bilingualMessages } from '@memos-kit/terminal';
import pairs from './messages.json' with { type: 'json' };

export const messages = bilingualMessages(pairs);

export type MessageKey = keyof typeof pairs;

/** The sentences in the language of this run: `messages.in(lang)`. */
export type Say = ReturnType<typeof messages.in>;
