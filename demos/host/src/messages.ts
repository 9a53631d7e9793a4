/**
 * Every sentence the demo says, in both languages, side by side per key in messages.json, so a translator
 * edits data, not code. The wire (requests, bodies, tool definitions) is never translated.
 */
import { bilingualMessages, type Vars } from '@memos-kit/terminal';
import pairs from './messages.json' with { type: 'json' };

export const say = bilingualMessages(pairs);

type MessageKey = keyof typeof pairs;

export type Say = (key: MessageKey, vars?: Vars) => string;
