// VitePress data loader: the kit's own recordings (pnpm demo:features), read at build time so the pages
// show the recorded bytes. They are not the article's fixtures, and the component that draws them says so.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defineLoader } from 'vitepress';
// The demo's public surface (its index), by a relative path, not the package name, for the reason given in
// fixtures.data.ts.
import { loadRecordingManifest, recordingsDir } from '../../../demos/features/src/index.ts';
import { type ExchangeView, exchangeView } from './exchange-view.ts';
import { watchOutsideDocs } from './watch-outside-docs.ts';

interface RecordingsData {
  source: { zh: string; en: string };
  protocolVersion: string;
  exchanges: Record<string, ExchangeView>;
}

declare const data: RecordingsData;

export { data };

export default defineLoader({
  watch: watchOutsideDocs('../../../demos/features/recordings/**/*'),
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
