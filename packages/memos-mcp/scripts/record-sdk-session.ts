// Rewrites the docs' recording of an SDK client session (docs/public/recordings/), the kit's own exchanges,
// and its HAR export. The record test fails when a fresh session would draw another diagram.
import { rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { toHar } from '@memos-kit/recording';
import { recordSession } from '../test/support/sdk-session.ts';

const jsonl = fileURLToPath(new URL('../../../docs/public/recordings/sdk-session.jsonl', import.meta.url));
// The recorder appends; the docs' copy is one session.
rmSync(jsonl, { force: true });
const { recording } = await recordSession(jsonl);
writeFileSync(jsonl.replace(/\.jsonl$/, '.har'), `${JSON.stringify(toHar(recording), null, 2)}\n`);
