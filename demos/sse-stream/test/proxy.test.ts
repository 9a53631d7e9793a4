import { loadFixture } from '@memos-kit/wire';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROXY_FAST_TIMELINE } from '../src/lesson-proxy.ts';
import {
  BUFFERED_PATH,
  findNginx,
  type NginxProxy,
  STREAMING_PATH,
  startNginxProxy,
} from '../src/nginx-proxy.ts';
import { runProxiedCall, warmUp } from '../src/proxied-call.ts';
import { startTappedAdapter, type TappedServer } from '../src/tapped-server.ts';
import { fixtureMessages } from './helpers.ts';

const nginx = findNginx();
// CI installs nginx and sets KIT_REQUIRE_NGINX=1, so a missing nginx fails there instead of skipping.
const required = process.env.KIT_REQUIRE_NGINX === '1';

describe.skipIf(!nginx && !required)('the proxy lesson through a real nginx', () => {
  let server: TappedServer | undefined;
  let proxy: NginxProxy | undefined;
  beforeAll(async () => {
    if (!nginx)
      throw new Error('KIT_REQUIRE_NGINX=1 but no nginx was found (apt-get install -y nginx-light)');
    server = await startTappedAdapter({ pace: PROXY_FAST_TIMELINE });
    proxy = await startNginxProxy(nginx, server.url);
    await warmUp(server.url);
  });
  afterAll(async () => {
    await proxy?.close();
    await server?.close();
  });

  const messages = fixtureMessages(loadFixture('sse-progress'));

  // One retry: the client must read the progress event within the 500 ms before the result is due.
  it('passes the progress event on before the result when X-Accel-Buffering: no is honoured', {
    retry: 1,
  }, async () => {
    const run = await runProxiedCall(proxy?.url ?? '', STREAMING_PATH, server as TappedServer);
    const [progressAt = Number.NaN] = run.clientEventAt;
    const [, resultWrittenAt = Number.NaN] = run.serverEventAt;
    expect(run.status).toBe(200);
    expect(run.headers.find(([name]) => name === 'server')?.[1]).toMatch(/^nginx/);
    expect(progressAt).toBeLessThan(resultWrittenAt);
    expect(run.clientEventRead[0]).toBeLessThan(run.clientEventRead[1] ?? 0);
    expect(parsedEvents(run)).toStrictEqual(messages);
  });

  it('holds the progress event back until the result when the header is ignored', async () => {
    const run = await runProxiedCall(proxy?.url ?? '', BUFFERED_PATH, server as TappedServer);
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
