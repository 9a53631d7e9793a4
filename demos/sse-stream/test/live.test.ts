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
    const order: string[] = [];
    let progressArrived = () => {};
    const clientHasProgress = new Promise<void>((resolve) => {
      progressArrived = resolve;
    });
    // Hold the result back until the client has the progress event. If the server (or anything in between)
    // kept the progress event until the end, the client cannot get it first: the call never ends, and the
    // test times out.
    server = await startTappedAdapter({
      pace: 'off',
      holdWrite: (bytes) =>
        decode(bytes).includes(`"id":${request.jsonrpcId}`) ? clientHasProgress : undefined,
    });
    const stop = server.onWrite((write) => {
      if (decode(write.bytes).includes('"result"')) order.push('server wrote the result');
    });
    const outcome = await streamCall(server.url, request, {
      observe: (observation) => {
        if (observation.type === 'event' && asProgress(observation.message)) {
          order.push('client read the progress');
          progressArrived();
        }
      },
    });
    stop();
    const writes = server.responses[0] ?? [];
    expect(writes.some((write) => decode(write.bytes).includes('notifications/progress'))).toBe(true);
    expect(order).toStrictEqual(['client read the progress', 'server wrote the result']);
    expect(outcome.messages.map((message) => responseId(message) ?? 'progress')).toStrictEqual([
      'progress',
      6,
    ]);
  });
});

describe('closing the stream cancels the call', () => {
  // The result is due long after any test ends: whatever stops the call can only be the cancellation.
  const timeline = { progressAtMs: 30, resultAtMs: 600_000 };
  let cancelLogged = (_line: string) => {};
  const adapterCancelled = new Promise<string>((resolve) => {
    cancelLogged = resolve;
  });
  let server: TappedServer | undefined;
  beforeAll(async () => {
    server = await startTappedAdapter({
      pace: timeline,
      log: (line) => {
        if (line.includes('memo_list_memos')) cancelLogged(line);
      },
    });
  });
  afterAll(() => server?.close());

  it('writes nothing more for it, and the server keeps serving', async () => {
    const tapped = server as TappedServer;
    const closed = new Promise<void>((resolve) => {
      tapped.onWrite((write, response) => {
        if (response === 0 && write.kind === 'close') resolve();
      });
    });
    const outcome = await streamCall(tapped.url, request, { cancelWhen: (message) => !!asProgress(message) });
    const cancelledAt = performance.now();
    expect(outcome.cancelled).toBe(true);
    expect(outcome.messages).toHaveLength(1);

    // The adapter stopped the call itself, and says so in its log; then the response closed.
    expect(await adapterCancelled).toMatch(/cancel/i);
    await closed;
    const writes = tapped.responses[0] ?? [];
    const afterCancel = writes.filter((write) => write.at > cancelledAt && write.bytes.length > 0);
    expect(afterCancel.map((write) => decode(write.bytes))).toStrictEqual([]);
    expect(writes.some((write) => decode(write.bytes).includes('"result"'))).toBe(false);

    // A call the timeline does not pace (it asks for no progress) is answered as the article shows it.
    expectMatch(
      matchResponse(loadFixture('mcp-tools-call'), await replayHttpFixture('mcp-tools-call', tapped.url)),
    );
  });
});
