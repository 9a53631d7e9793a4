// The HAR export is for tools to open, so a real one opens it: Chromium, through Playwright's
// routeFromHAR, serves a navigation from the HAR the record-and-replay page publishes.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { docsRoot } from './markdown-files.ts';

const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const harFile = join(docsRoot, 'public', 'recordings', 'sdk-session.har');

interface HarEntry {
  request: { method: string; url: string };
  response: { status: number; content: { text?: string } };
}

describe.skipIf(!existsSync(chromiumPath))('the published HAR in Chromium', () => {
  let context: BrowserContext;
  let profileDir: string;
  beforeAll(async () => {
    profileDir = mkdtempSync(join(tmpdir(), 'memos-har-chromium-'));
    context = await chromium.launchPersistentContext(profileDir, {
      executablePath: chromiumPath,
      headless: true,
    });
  });
  afterAll(async () => {
    await context?.close();
    rmSync(profileDir, { recursive: true, force: true });
  });

  it('serves the recorded REST answer when the browser asks for its URL', async () => {
    const entries = (JSON.parse(readFileSync(harFile, 'utf8')) as { log: { entries: HarEntry[] } }).log
      .entries;
    const rest = entries.find((entry) => entry.request.method === 'GET');
    if (!rest) throw new Error('the HAR holds no GET');
    // notFound: 'abort': nothing reaches the network; an answer can only come from the HAR.
    await context.routeFromHAR(harFile, { notFound: 'abort' });
    const page = await context.newPage();
    const response = await page.goto(rest.request.url);
    expect(response?.status()).toBe(rest.response.status);
    expect(JSON.parse((await response?.text()) ?? '')).toEqual(JSON.parse(rest.response.content.text ?? ''));
  }, 60_000);
});
