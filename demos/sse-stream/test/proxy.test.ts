import { loadFixture } from '@memos-kit/wire';
import { describe, expect, it } from 'vitest';
import { BUFFERED_PATH, STREAMING_PATH } from '../src/nginx-proxy.ts';
import { runProxiedCall } from '../src/proxied-call.ts';
import { fixtureMessages } from './helpers.ts';
import { nginx, nginxRequired, useNginxProxy } from './nginx-setup.ts';

describe.skipIf(!nginx && !nginxRequired)('the proxy lesson through a real nginx', () => {
  const { server, proxy, holdResultsUntil } = useNginxProxy();

  const messages = fixtureMessages(loadFixture('sse-progress'));

  it('passes the progress event on before the result when X-Accel-Buffering: no is honoured', async () => {
    // The result waits until the client has read the progress event; had nginx held it, the call would hang.
    let clientHasProgress = () => {};
    holdResultsUntil(
      new Promise<void>((resolve) => {
        clientHasProgress = resolve;
      }),
    );
    const run = await runProxiedCall(proxy().url, STREAMING_PATH, server(), {
      onEntry: (entry) => {
        const progress = entry.events.some((event) => event.data.includes('notifications/progress'));
        if (entry.side === 'client' && progress) clientHasProgress();
      },
    });
    const [progressAt = Number.NaN] = run.clientEventAt;
    const [, resultWrittenAt = Number.NaN] = run.serverEventAt;
    expect(run.status).toBe(200);
    expect(run.headers.find(([name]) => name === 'server')?.[1]).toMatch(/^nginx/);
    expect(progressAt).toBeLessThan(resultWrittenAt);
    expect(run.clientEventRead[0]).toBeLessThan(run.clientEventRead[1] ?? 0);
    expect(parsedEvents(run)).toStrictEqual(messages);
  });

  it('holds the progress event back until the result when the header is ignored', async () => {
    const run = await runProxiedCall(proxy().url, BUFFERED_PATH, server());
    const [progressAt = Number.NaN] = run.clientEventAt;
    const [progressWrittenAt = Number.NaN, resultWrittenAt = Number.NaN] = run.serverEventAt;
    expect(progressWrittenAt).toBeLessThan(resultWrittenAt); // the server did stream
    expect(progressAt).toBeGreaterThan(resultWrittenAt); // the client still got it only after the result
    expect(run.clientEventRead[0]).toBe(run.clientEventRead[1]);
    expect(parsedEvents(run)).toStrictEqual(messages);
  });
});

function parsedEvents(run: Awaited<ReturnType<typeof runProxiedCall>>): unknown[] {
  return run.timeline
    .filter((entry) => entry.side === 'client')
    .flatMap((entry) => entry.events.map((event) => JSON.parse(event.data) as unknown));
}
