/**
 * Every sentence the demo says, in both languages; the wire (requests, bodies, tool definitions) is never
 * translated. The sentences live in messages.json, side by side per key, so a translator edits data, not code.
 */
import { bilingualMessages } from '@memos-kit/terminal';
import pairs from './messages.json' with { type: 'json' };

export const messages = bilingualMessages(pairs);

/** The sentences in the language of this run: `messages.in(lang)`. */
export type Say = ReturnType<typeof messages.in>;

/** A key of messages.json. */
export type MessageKey = keyof typeof pairs;
