import { bilingualMessages } from '@memos-kit/terminal';
import pairs from './messages.json' with { type: 'json' };

/** Every sentence class mode prints, side by side per key, so a translator edits data, not code. */
export const classWords = bilingualMessages(pairs);
