// What the docs package's commands say, side by side per key in a JSON file each, so a translator edits data.
import { bilingualMessages } from '@memos-kit/terminal';
import playground from './playground-messages.json' with { type: 'json' };
import preview from './preview-messages.json' with { type: 'json' };

export const playgroundWords = bilingualMessages(playground);
export const previewWords = bilingualMessages(preview);
