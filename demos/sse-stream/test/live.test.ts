import { type RunningAdapter, startServer } from '@memos-kit/memos-mcp';
import { expectMatch, loadFixture, matchResponse, replayHttpFixture } from '@memos-kit/wire';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadArticleRequest } from '../src/article-request.ts';
import { asProgress, responseId } from '../src/jsonrpc.ts';
import { streamCall } from '../src/live-call.ts';
import { startTappedAdapter, type TappedServer } from '../src/tapped-server.ts';
import { decode, fixtureMessages } from './helpers.ts';

const fixture = loadFixture('sse-progress');
const request = loadArticleRequest();

describe('the adapter answers the article id 6 as the article shows it', () => {
  let server: RunningAdapter;
  beforeAll(async () => {
    server = await startServer({ port: 0, dataset: 'empty', pace: 'off' });
  });
  afterAll(() => server?.close());

  it('replays the SSE fixture: headers, event framing, both messages', async () => {
    const live = await replayHttpFixture('sse-progress', server.url);
    expectMatch(matchResponse(fixture, live));
    // The framing itself, line by line: `event: message`, one `data:` line, a blank line; nothing else.
    expect(live.body).toMatch(/^(event: message\ndata: [^\n]+\n\n){2}$/);
    expect(live.events?.map((event) => JSON.parse(event.data))).toStrictEqual(fixtureMessages(fixture));
  });

  it('is read the same by fetch with both parsers', async () => {
    const outcome = await streamCall(server.url, request);
    expect(outcome.teaching).toStrictEqual(outcome.library);
    expect(outcome.messages).toStrictEqual(fixtureMessages(fixture));
    expect(outcome.cancelled).toBe(false);
  });
});

describe('streaming, seen from both ends', () => {
  let server: TappedServer | undefined;
  afterAll(() => server?.close());

  it('delivers the progress event to the client before the server writes the result', async () => {
    let progressArrived = () => {};
    const clientHasProgress = new Promise<void>((resolve) => {
      progressArrived = resolve;
    });
    // Hold the result back until the client has the progress event, or give up after 3 s. If the server
    // (or anything in between) kept the progress event until the end, the client cannot get it first.
    const giveUp = () => new Promise<void>((resolve) => setTimeout(resolve, 3000).unref());
    server = await startTappedAdapter({
      pace: 'off',
      holdWrite: (bytes) =>
        decode(bytes).includes(`"id":${request.jsonrpcId}`)
          ? Promise.race([clientHasProgress, giveUp()])
          : undefined,
    });
    let progressAt = Number.NaN;
    const outcome = await streamCall(server.url, request, {
      observe: (observation) => {
        if (observation.type === 'event' && asProgress(observation.message)) {
          progressAt = performance.now();
          progressArrived();
        }
      },
    });
    const writes = server.responses[0] ?? [];
    const resultWrite = writes.find((write) => decode(write.bytes).includes('"result"'));
    const progressWrite = writes.find((write) => decode(write.bytes).includes('notifications/progress'));
    expect(progressWrite).toBeDefined();
    expect(resultWrite).toBeDefined();
    expect(progressAt).toBeLessThan(resultWrite?.at ?? Number.NaN);
    expect(outcome.messages.map((message) => responseId(message) ?? 'progress')).toStrictEqual([
      'progress',
      6,
    ]);
  });
});

describe('closing the stream cancels the call', () => {
  // A wide gap, so that even a busy machine closes the stream long before the result would be due.
  const timeline = { progressAtMs: 30, resultAtMs: 800 };
  const logs: Array<{ at: number; line: string }> = [];
  let server: TappedServer | undefined;
  beforeAll(async () => {
    server = await startTappedAdapter({
      pace: timeline,
      log: (line) => logs.push({ at: performance.now(), line }),
    });
  });
  afterAll(() => server?.close());

  it('writes nothing more for it, and the server keeps serving', async () => {
    const tapped = server as TappedServer;
    const sentAt = performance.now();
    const outcome = await streamCall(tapped.url, request, { cancelWhen: (message) => !!asProgress(message) });
    const cancelledAt = performance.now();
    expect(outcome.cancelled).toBe(true);
    expect(outcome.messages).toHaveLength(1);

    // Wait past the moment the result would have been written, with room to spare.
    await new Promise((resolve) => setTimeout(resolve, timeline.resultAtMs + 300));
    const writes = tapped.responses[0] ?? [];
    expect(writes.some((write) => write.kind === 'close')).toBe(true);
    const afterCancel = writes.filter((write) => write.at > cancelledAt && write.bytes.length > 0);
    expect(afterCancel.map((write) => decode(write.bytes))).toStrictEqual([]);
    expect(writes.some((write) => decode(write.bytes).includes('"result"'))).toBe(false);
    // The adapter stopped the call itself (it says so in its log), well before the result was due.
    const ours = logs.filter(({ line }) => line.includes('memo_list_memos'));
    expect(ours.map(({ line }) => line)).toStrictEqual([expect.stringMatching(/cancel/i)]);
    expect(ours[0]?.at).toBeLessThan(sentAt + timeline.resultAtMs);

    const next = await streamCall(tapped.url, request);
    expect(next.messages).toStrictEqual(fixtureMessages(fixture));
  });
});
