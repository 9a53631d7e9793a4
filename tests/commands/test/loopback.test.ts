// The docs site's own servers, started as a student types them, listen on 127.0.0.1 and nowhere else, as the
// README promises of every server of the kit (pnpm playground is checked the same way in scripts.test.ts).
// Where it listens is read from the kernel's socket tables, so a server on every interface cannot pass by
// also answering on loopback.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { listen, listeningAddresses, portIsClosed } from '@memos-kit/process';
import { afterAll, describe, expect, it } from 'vitest';
import { startScript } from './pnpm.ts';

const canLook = listeningAddresses(0) !== null;

/** A port free right now, for a server that cannot pick one itself (Vite reads --port 0 as its default). */
async function freePort(): Promise<number> {
  const probe = await listen(() => undefined);
  await probe.close();
  return probe.port;
}

describe.skipIf(!canLook)('the docs servers listen on loopback only', () => {
  // A stand-in for a built site: docs:preview serves any folder VitePress built, and this test must not
  // depend on (or race with) the real build.
  const site = mkdtempSync(join(tmpdir(), 'memos-docs-site-'));
  writeFileSync(join(site, 'index.html'), '<!doctype html><title>site</title>');
  writeFileSync(join(site, '404.html'), '<!doctype html><title>not found</title>');
  afterAll(() => rmSync(site, { recursive: true, force: true }));

  it('pnpm docs:preview serves the build on 127.0.0.1 alone, and stops on Ctrl-C', async () => {
    const run = startScript('docs:preview', ['--dir', site, '--port', '0', '--lang', 'en']);
    try {
      const banner = await run.waitFor(/http:\/\/127\.0\.0\.1:\d+\//, { timeoutMs: 30_000 });
      const url = new URL(/http:\/\/127\.0\.0\.1:\d+\//.exec(banner)?.[0] ?? '');
      expect(listeningAddresses(Number(url.port))).toEqual(['127.0.0.1']);
      expect(await (await fetch(url)).text()).toContain('<title>site</title>');
      const missing = await fetch(new URL('/no/such/page.html', url));
      expect(missing.status).toBe(404);
      expect(await missing.text()).toContain('<title>not found</title>');
      await run.interrupt();
      expect(await portIsClosed(Number(url.port))).toBe(true);
    } finally {
      await run.interrupt(1_000);
    }
  }, 60_000);

  it('pnpm docs:dev listens on 127.0.0.1 alone and prints that address', async () => {
    const port = await freePort();
    // VitePress colours its banner whenever CI is set (picocolors), which would split the address below.
    const run = startScript('docs:dev', ['--port', String(port), '--strictPort'], { NO_COLOR: '1' });
    try {
      // The address the README gives, not `localhost`, which may be ::1 or both.
      await run.waitFor(new RegExp(`Local:\\s+http://127\\.0\\.0\\.1:${port}/`), { timeoutMs: 90_000 });
      expect(listeningAddresses(port)).toEqual(['127.0.0.1']);
    } finally {
      await run.interrupt(2_000);
    }
  }, 120_000);
});
