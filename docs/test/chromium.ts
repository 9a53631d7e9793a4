// Debian's Chromium, as the browser tests drive it through playwright-core: where it is, whether a test may
// skip without it (it may not in CI, which sets KIT_REQUIRE_CHROMIUM=1), and the flags of a quiet headless run.
import { existsSync } from 'node:fs';
import type { Page } from 'playwright-core';

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const hasChromium = existsSync(chromiumPath);
const required = process.env.KIT_REQUIRE_CHROMIUM === '1';

/** True when a browser test is skipped: no Chromium, and none is required. Says why, once per file. */
export function skipWithoutChromium(): boolean {
  if (hasChromium || required) return false;
  console.warn(
    `Skipping the browser test: no Chromium at ${chromiumPath} (apt-get install -y chromium, or set CHROMIUM_PATH).`,
  );
  return true;
}

/** Throws where Chromium is required and missing, so CI fails instead of skipping. */
export function assertChromium(): void {
  if (!hasChromium)
    throw new Error(
      `No Chromium at ${chromiumPath}: install it (apt-get install -y chromium) or set CHROMIUM_PATH.`,
    );
}

/** No sandbox (a container's root), no GPU, and nothing that reaches the network on its own. */
export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Follows a link to `path` the way a reader's click does: VitePress's router takes over, no full reload. */
export async function followLink(page: Page, path: string): Promise<void> {
  await page.evaluate((href) => {
    const link = document.createElement('a');
    link.href = href;
    document.body.append(link);
    link.click();
    link.remove();
  }, path);
  await page.waitForURL((current) => current.pathname === path, { timeout: 10_000 });
}
