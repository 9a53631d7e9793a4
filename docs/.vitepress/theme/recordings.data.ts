// VitePress data loader: the kit's own recordings (pnpm demo:features), read at build time so the pages
// show the recorded bytes. They are not the article's fixtures, and the component that draws them says so.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defineLoader } from 'vitepress';
import type { ExchangeView } from './exchange-view.ts';
import { loadKit } from './load-kit.ts';
import { watchOutsideDocs } from './watch-outside-docs.ts';

// The demo's public surface (its index): its recordings, the kit's own fixtures.
const { loadRecordingManifest, recordingsDir } =
  await loadKit<typeof import('@memos-kit/demo-features')>('@memos-kit/demo-features');
const { exchangeView } = await loadKit<typeof import('./exchange-view.ts')>('./exchange-view.ts');

interface RecordingsData {
  source: { zh: string; en: string };
  protocolVersion: string;
  exchanges: Record<string, ExchangeView>;
}

declare const data: RecordingsData;

export { data };

export default defineLoader({
  watch: watchOutsideDocs(`${recordingsDir.replaceAll('\\', '/')}**/*`),
  load(): RecordingsData {
    const manifest = loadRecordingManifest();
    const exchanges: Record<string, ExchangeView> = {};
    for (const entry of manifest.recordings) {
      exchanges[entry.id] = exchangeView(entry, (file) =>
        readFileSync(join(recordingsDir, entry.dir, file), 'utf8'),
      );
    }
    return { source: manifest.source, protocolVersion: manifest.protocolVersion, exchanges };
  },
});
