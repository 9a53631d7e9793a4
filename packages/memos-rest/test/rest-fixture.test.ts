import { expectMatch, loadFixture, matchResponse, replayHttpFixture } from '@memos-kit/wire';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRestServer } from '../src/index.ts';

describe("the article's REST exchange", () => {
  const fixture = loadFixture('rest-list-memos');
  let server: Awaited<ReturnType<typeof startRestServer>>;
  beforeAll(async () => {
    server = await startRestServer({ port: 0, dataset: fixture.entry.dataset });
  });
  afterAll(() => server.close());

  it('replays byte for byte against the fixture dataset, headers included', async () => {
    const live = await replayHttpFixture('rest-list-memos', server.url);
    expectMatch(matchResponse(fixture, live));
  });

  it("sends the article's Host header and answers it", async () => {
    expect(
      fixture.request?.headers.some(
        ([name, value]) => name.toLowerCase() === 'host' && value === 'memos.example.com',
      ),
    ).toBe(true);
    const live = await replayHttpFixture('rest-list-memos', server.url);
    expect(live.status).toBe(200);
  });
});
