// The built site's two helpers without a browser: when a build counts as stale, and the small server that
// serves one (to pnpm docs:preview, pnpm playground and the browser test).
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { serveSite, siteState } from '../cli/site.ts';

const root = mkdtempSync(join(tmpdir(), 'memos-site-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A file written `ageS` seconds ago. */
function file(path: string, text: string, ageS: number): string {
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, text);
  const when = new Date(Date.now() - ageS * 1000);
  utimesSync(path, when, when);
  return path;
}

describe('siteState', () => {
  it('is missing without an index, fresh when built after every source, stale naming a newer one', () => {
    const sources = join(root, 'sources');
    const dist = join(root, 'dist');
    file(join(sources, 'guide', 'old.md'), '# old', 60);
    expect(siteState(dist, [sources])).toEqual({ state: 'missing' });
    file(join(dist, 'index.html'), '<!doctype html>', 30);
    expect(siteState(dist, [sources])).toEqual({ state: 'fresh' });
    file(join(sources, 'guide', 'new.md'), '# new', 10);
    expect(siteState(dist, [sources])).toEqual({
      state: 'stale',
      newer: expect.stringMatching(/\/sources\/guide\/new\.md$/),
    });
  });
});

/** A raw GET, so a path fetch() would normalise (`/../`, a bad escape) reaches the server as written. */
function get(url: string, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const { hostname, port } = new URL(url);
    const req = request({ hostname, port, path, method: 'GET' }, (res) => {
      let body = '';
      res.setEncoding('utf8').on('data', (chunk: string) => {
        body += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('serveSite', () => {
  it('serves pages with or without .html, the 404 page for anything else, nothing outside its folder', async () => {
    const site = join(root, 'site');
    file(join(site, 'index.html'), 'home', 0);
    file(join(site, 'en', 'playground.html'), 'playground', 0);
    file(join(site, '404.html'), 'not found', 0);
    file(join(root, 'secret.txt'), 'secret', 0);
    const server = await serveSite(site);
    try {
      expect(server.host).toBe('127.0.0.1');
      expect(await get(server.url, '/')).toEqual({ status: 200, body: 'home' });
      expect(await get(server.url, '/en/playground.html?server=x')).toEqual({
        status: 200,
        body: 'playground',
      });
      expect(await get(server.url, '/en/playground')).toEqual({ status: 200, body: 'playground' });
      expect(await get(server.url, '/nothing.html')).toEqual({ status: 404, body: 'not found' });
      expect(await get(server.url, '/../secret.txt')).toEqual({ status: 404, body: 'not found' });
      expect(await get(server.url, '/%2e%2e/secret.txt')).toEqual({ status: 404, body: 'not found' });
      // A broken escape is a request for nothing, and the server goes on serving.
      expect(await get(server.url, '/%E0%A4%A.html')).toEqual({ status: 404, body: 'not found' });
      expect(await get(server.url, '/')).toEqual({ status: 200, body: 'home' });
    } finally {
      await server.close();
    }
  });
});
