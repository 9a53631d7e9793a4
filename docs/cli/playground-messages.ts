// What `pnpm playground` says, side by side per key in playground-messages.json, so a translator edits data.
import { bilingualMessages } from '@memos-kit/terminal';
import pairs from './playground-messages.json' with { type: 'json' };

export const playgroundWords = bilingualMessages(pairs);
