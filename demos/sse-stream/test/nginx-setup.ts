import { afterAll, beforeAll } from 'vitest';
import { PROXY_FAST_TIMELINE } from '../src/lessons/proxy.ts';
import { findNginx, type NginxProxy, startNginxProxy } from '../src/nginx-proxy.ts';
import { warmUp } from '../src/proxied-call.ts';
import { startTappedAdapter, type TappedServer } from '../src/tapped-server.ts';
import { decode } from './helpers.ts';

export const nginx = findNginx();
/** CI installs nginx and sets KIT_REQUIRE_NGINX=1, so a missing nginx fails there instead of skipping. */
export const nginxRequired = process.env.KIT_REQUIRE_NGINX === '1';

/**
 * For a describe block: the tapped adapter at the lesson's fast pace with a real nginx in front, started
 * (and warmed up) before its tests and stopped after them, also when they fail.
 */
export function useNginxProxy(): {
  server: () => TappedServer;
  proxy: () => NginxProxy;
  holdResultsUntil: (until: Promise<void>) => void;
} {
  let server: TappedServer | undefined;
  let proxy: NginxProxy | undefined;
  let hold: Promise<void> | undefined;
  beforeAll(async () => {
    if (!nginx)
      throw new Error('KIT_REQUIRE_NGINX=1 but no nginx was found (apt-get install -y nginx-light)');
    server = await startTappedAdapter({
      pace: PROXY_FAST_TIMELINE,
      holdWrite: (bytes) => (hold && decode(bytes).includes('"result"') ? hold : undefined),
    });
    proxy = await startNginxProxy(nginx, server.url);
    await warmUp(server.url);
  });
  afterAll(async () => {
    await proxy?.close();
    await server?.close();
  });
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the nginx proxy did not start');
    return value;
  };
  return {
    server: () => started(server),
    proxy: () => started(proxy),
    /**
     * Holds every result back until `until` settles. A test that checks the client read the progress event
     * before the result was written releases it once its client has: the order then holds however busy the
     * machine, where the pace alone leaves 500 ms for nginx to pass the event on.
     */
    holdResultsUntil: (until) => {
      hold = until;
    },
  };
}
