/**
 * Every sentence this package says, in both languages; the wire (requests, bodies) is never translated.
 * The sentences live in messages.json, side by side per key, so a translator edits data, not code.
 */
import { bilingualMessages, type Vars } from '@memos-kit/terminal';
import pairs from './messages.json' with { type: 'json' };

export const messages = bilingualMessages(pairs);

export type MessageKey = keyof typeof pairs;

export type Say = (key: MessageKey, vars?: Vars) => string;
