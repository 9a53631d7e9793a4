// VitePress data loader: reads every fixture at build time so pages show the recorded bytes.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defineLoader } from 'vitepress';
// A relative path, not '@memos-kit/wire': VitePress bundles a data loader with Vite's config bundler,
// which leaves every bare import external for Node to load, and Node cannot load the package's .ts entry.
// A relative import is bundled instead.
import { loadFixture, loadManifest } from '../../../packages/wire/src/index.ts';
import { type ExchangeView, exchangeView } from './exchange-view.ts';
import { watchOutsideDocs } from './watch-outside-docs.ts';

export interface FixturesData {
  article: { title: string; protocolVersion: string };
  exchanges: Record<string, ExchangeView>;
  order: string[];
}

declare const data: FixturesData;

export { data };

export default defineLoader({
  watch: watchOutsideDocs('../../../fixtures/**/*'),
  load(): FixturesData {
    const manifest = loadManifest();
    const exchanges: Record<string, ExchangeView> = {};
    for (const entry of manifest.fixtures) {
      const fixture = loadFixture(entry.id);
      const derived = fixture.request
        ? { startLine: fixture.request.startLine, headers: fixture.request.headers }
        : undefined;
      exchanges[entry.id] = exchangeView(
        entry,
        (file) => readFileSync(join(fixture.dir, file), 'utf8'),
        derived,
      );
    }
    return { article: manifest.article, exchanges, order: manifest.fixtures.map((entry) => entry.id) };
  },
});
