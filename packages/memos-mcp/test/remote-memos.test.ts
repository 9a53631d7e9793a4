import { type RunningEntry, startEntry } from '@memos-kit/process';
import { expectMatch, loadFixture, loadManifest, matchResponse, replayHttpFixture } from '@memos-kit/wire';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningAdapter, startServer } from '../src/index.ts';

/** --memos-url: the same fixture replays pass when the REST API lives in another process. */
const REST_PROCESS = new URL('./support/rest-process.ts', import.meta.url);
const fixtures = loadManifest().fixtures.filter(
  (entry) => entry.jsonrpcId !== undefined && (entry.transport === 'http' || entry.transport === 'sse'),
);
const datasets = [...new Set(fixtures.map((entry) => entry.dataset))];

const children: RunningEntry[] = [];
const adapters = new Map<string, { adapter: RunningAdapter; restUrl: string }>();

async function startRestProcess(dataset: string): Promise<string> {
  const child = startEntry(REST_PROCESS, { args: [dataset] });
  children.push(child);
  const [url = ''] = (await child.waitFor(/\n/)).split('\n');
  return url;
}

beforeAll(async () => {
  const urls = await Promise.all(datasets.map(startRestProcess));
  for (const [index, dataset] of datasets.entries()) {
    const restUrl = urls[index] as string;
    adapters.set(dataset, {
      adapter: await startServer({ port: 0, memosUrl: restUrl, errorText: 'article' }),
      restUrl,
    });
  }
});
afterAll(async () => {
  await Promise.all([...adapters.values()].map(({ adapter }) => adapter.close()));
  await Promise.all(children.map((child) => child.stop({ graceMs: 5000 })));
});

describe('the adapter fronting a Memos-compatible server in another process', () => {
  for (const entry of fixtures) {
    it(`${entry.dir} replays (dataset ${entry.dataset})`, async () => {
      const { adapter } = adapters.get(entry.dataset) ?? {};
      if (!adapter) throw new Error(`no adapter for ${entry.dataset}`);
      const fixture = loadFixture(entry.id);
      expectMatch(matchResponse(fixture, await replayHttpFixture(fixture, adapter.url)));
    });
  }

  it("builds its catalog from the kit's contract, not the remote's OpenAPI route, and does not serve REST itself", async () => {
    const { adapter, restUrl } = adapters.get('empty') ?? {};
    if (!adapter || !restUrl) throw new Error('no adapter for empty');
    expect(adapter.tools).toHaveLength(20);
    expect((await fetch(`${adapter.url}/api/v1/memos`)).status).toBe(404);
    expect((await fetch(`${restUrl}/api/v1/openapi.json`)).status).toBe(200);
  });
});
