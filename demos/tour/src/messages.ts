/**
 * Every fixed string the tour prints, in both languages, so a class can follow in either; the wire is never
 * translated. The sentences live in messages.json, side by side per key, so a translator edits data, not code.
 */
import { bilingualMessages } from '@memos-kit/terminal';
import pairs from './messages.json' with { type: 'json' };

export const messages = bilingualMessages(pairs);

export type MessageKey = keyof typeof pairs;
