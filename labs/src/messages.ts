/**
 * Every sentence `pnpm lab`, `pnpm lab:mcp` and `pnpm preflight` say, in both languages, side by side per key
 * in messages.json. A lab's own prose (titles, hints, check messages) lives in its lab.json.
 */
import { bilingualMessages, type Lang, type Vars } from '@memos-kit/terminal';
import pairs from './messages.json' with { type: 'json' };

export const messages = bilingualMessages(pairs);

export type MessageKey = keyof typeof pairs;

export const say = (lang: Lang, key: MessageKey, vars?: Vars): string => messages.t(lang, key, vars);

/** The hint ladder of the checks that the learner's code is their own, the same in every lab that has them. */
export const ownLadder = [pairs.ownHint1, pairs.ownHint2, pairs.ownHint3, pairs.ownHint4];
