// VitePress data loader for the printable handout: the article's two requests as the fixtures hold them (never
// copied by hand), the tokens of the dataset `pnpm serve` loads, and the address it listens on.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defineLoader } from 'vitepress';
import { loadKit } from './load-kit.ts';
import { watchOutsideDocs } from './watch-outside-docs.ts';

const { fixturesDir, loadFixture } = await loadKit<typeof import('@memos-kit/wire')>('@memos-kit/wire');
const { DEFAULT_DATASET, DEFAULT_HOST, DEFAULT_PORT, loadDataset } =
  await loadKit<typeof import('@memos-kit/memos-rest')>('@memos-kit/memos-rest');

export interface HandoutData {
  /** The REST request and the MCP request of the article's §1, as the fixture files hold them. */
  messages: { id: string; text: string }[];
  tokens: { user: string; token: string; role: string }[];
  dataset: string;
  address: string;
}

declare const data: HandoutData;

export { data };

const requestText = (id: string) => {
  const fixture = loadFixture(id);
  const file = fixture.entry.files.request;
  if (typeof file !== 'string') throw new Error(`fixture ${id} has no request file`);
  return readFileSync(join(fixture.dir, file), 'utf8').replace(/\r\n/g, '\n').trimEnd();
};

export default defineLoader({
  watch: watchOutsideDocs(`${fixturesDir.replaceAll('\\', '/')}**/*`),
  load(): HandoutData {
    const dataset = loadDataset(DEFAULT_DATASET);
    return {
      messages: ['rest-list-memos', 'mcp-tools-call'].map((id) => ({ id, text: requestText(id) })),
      tokens: dataset.users.flatMap((user) =>
        (user.tokens ?? []).map((token) => ({ user: user.username, token, role: user.role ?? 'USER' })),
      ),
      dataset: DEFAULT_DATASET,
      address: `http://${DEFAULT_HOST}:${DEFAULT_PORT}`,
    };
  },
});
