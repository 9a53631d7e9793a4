// VitePress data loader: reads every fixture at build time so pages show the recorded bytes.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineLoader } from 'vitepress';
import { type ExchangeView, exchangeView, type ManifestEntry } from './exchange-view.ts';

export interface FixturesData {
  article: { title: string; protocolVersion: string };
  exchanges: Record<string, ExchangeView>;
  order: string[];
}

declare const data: FixturesData;

export { data };

const fixturesDir = fileURLToPath(new URL('../../../fixtures/', import.meta.url));

export default defineLoader({
  watch: ['../../../fixtures/**/*'],
  load(): FixturesData {
    const manifest = JSON.parse(readFileSync(`${fixturesDir}manifest.json`, 'utf8')) as {
      article: FixturesData['article'];
      fixtures: ManifestEntry[];
    };
    const exchanges: Record<string, ExchangeView> = {};
    for (const entry of manifest.fixtures) {
      exchanges[entry.id] = exchangeView(entry, (file) =>
        readFileSync(`${fixturesDir}${entry.dir}/${file}`, 'utf8'),
      );
    }
    return { article: manifest.article, exchanges, order: manifest.fixtures.map((entry) => entry.id) };
  },
});
