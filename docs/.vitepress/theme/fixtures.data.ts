// VitePress data loader: reads every fixture at build time so pages show the recorded bytes.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defineLoader } from 'vitepress';
import type { ExchangeView } from './exchange-view.ts';
import { loadKit } from './load-kit.ts';
import { watchOutsideDocs } from './watch-outside-docs.ts';

const { fixturesDir, loadFixture, loadManifest } =
  await loadKit<typeof import('@memos-kit/wire')>('@memos-kit/wire');
const { exchangeView } = await loadKit<typeof import('./exchange-view.ts')>('./exchange-view.ts');

export interface FixturesData {
  article: { title: string; protocolVersion: string };
  exchanges: Record<string, ExchangeView>;
  order: string[];
}

declare const data: FixturesData;

export { data };

export default defineLoader({
  watch: watchOutsideDocs(`${fixturesDir.replaceAll('\\', '/')}**/*`),
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
