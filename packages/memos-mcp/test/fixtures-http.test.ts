import { parseSse } from '@memos-kit/protocol';
import {
  expectMatch,
  getHeader,
  loadFixture,
  loadManifest,
  matchResponse,
  replayHttpFixture,
} from '@memos-kit/wire';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningAdapter, startServer } from '../src/index.ts';

/** The article's MCP exchanges over HTTP (ids 0 to 6), each against the dataset its manifest entry names. */
const mcpFixtures = loadManifest().fixtures.filter(
  (entry) => entry.jsonrpcId !== undefined && (entry.transport === 'http' || entry.transport === 'sse'),
);
const datasets = [...new Set(mcpFixtures.map((entry) => entry.dataset))];
const servers = new Map<string, RunningAdapter>();

beforeAll(async () => {
  // The article's adapter words a REST failure as the message alone (its id 5): the replays ask for that.
  for (const dataset of datasets)
    servers.set(dataset, await startServer({ port: 0, dataset, errorText: 'article' }));
});
afterAll(async () => {
  await Promise.all([...servers.values()].map((server) => server.close()));
});

function serverFor(dataset: string): RunningAdapter {
  const server = servers.get(dataset);
  if (!server) throw new Error(`no server for dataset ${dataset}`);
  return server;
}

describe('every MCP fixture replays against the live server', () => {
  it('covers the article ids 0 to 6', () => {
    expect(mcpFixtures.map((entry) => entry.jsonrpcId).sort()).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });

  for (const entry of mcpFixtures) {
    it(`${entry.dir}: ${entry.title.en} (dataset ${entry.dataset}, ${entry.compare})`, async () => {
      const fixture = loadFixture(entry.id);
      const live = await replayHttpFixture(fixture, serverFor(entry.dataset).url);
      expectMatch(matchResponse(fixture, live));
      // Nothing the article does not show about the implementation, and no session.
      expect(getHeader(live.headers, 'x-powered-by')).toBeUndefined();
      expect(getHeader(live.headers, 'mcp-session-id')).toBeUndefined();
    });
  }
});

describe('id 6: progress over SSE', () => {
  it('delivers the progress event in its own write, before the result is written', async () => {
    const server = await startServer({ port: 0, dataset: 'empty', pace: 'article' });
    try {
      const arrivals: string[] = [];
      const live = await replayHttpFixture('sse-progress', server.url, {
        onChunk: (chunk) => arrivals.push(chunk.toString('utf8')),
      });
      expectMatch(matchResponse(loadFixture('sse-progress'), live));
      // With the article's pace the head, the progress event and the result leave in three separate writes:
      // the client holds the progress event while the result does not exist yet on the wire.
      const progressIndex = arrivals.findIndex((text) => text.includes('notifications/progress'));
      const resultIndex = arrivals.findIndex((text) => text.includes('"result"'));
      expect(progressIndex).toBeGreaterThanOrEqual(0);
      expect(resultIndex).toBeGreaterThan(progressIndex);
      expect(arrivals.slice(0, resultIndex).join('')).not.toContain('"result"');
      const events = parseSse(arrivals.join(''));
      expect(events.map((event) => JSON.parse(event.data).method ?? 'result')).toEqual([
        'notifications/progress',
        'result',
      ]);
    } finally {
      await server.close();
    }
  });
});
