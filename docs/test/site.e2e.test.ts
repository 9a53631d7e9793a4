// Builds the site, serves it on loopback and walks every page of both languages in Debian's
// Chromium: what a learner's browser does, including the parts that only run client-side
// (Mermaid, local search, the language switch).
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Listening } from '@memos-kit/process';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allPages } from '../.vitepress/pages.ts';
import { repositoryOnTheWeb } from '../.vitepress/repository.ts';
import { plans } from '../.vitepress/theme/plans.ts';
import { serveSite, siteDir } from '../cli/site.ts';
import { assertChromium, chromiumArgs, chromiumPath, followLink, skipWithoutChromium } from './chromium.ts';
import { measureDiagrams } from './diagram-metrics.ts';
import { docsRoot } from './markdown-files.ts';
import { checkPlayground, checkProjector, startPlaygroundServer } from './playground-page.ts';
import { ensureSite, stopBuild } from './site-build.ts';
import { checkSiteLinks } from './site-links.ts';

// Without Chromium the browser test is skipped and says why, except where it is required (CI).
const skipped = skipWithoutChromium();
const fixturesRoot = join(docsRoot, '..', 'fixtures');
const screenshots = join(docsRoot, 'test', 'screenshots');

interface SitePage {
  /** Page path without locale prefix, e.g. 'guide/stdio' or '' for home. */
  path: string;
  locale: 'zh' | 'en';
  url: string;
  source: string;
}

const pathToUrl = (path: string) => (path === '' || path.endsWith('/') ? `/${path}` : `/${path}.html`);
const sitePages: SitePage[] = (['zh', 'en'] as const).flatMap((locale) =>
  ['', ...allPages.map((page) => page.path)].map((path) => {
    const prefix = locale === 'zh' ? '' : 'en/';
    const file = path === '' || path.endsWith('/') ? `${prefix}${path}index.md` : `${prefix}${path}.md`;
    return {
      path,
      locale,
      url: pathToUrl(`${prefix}${path}`),
      source: readFileSync(join(docsRoot, file), 'utf8'),
    };
  }),
);

// DOCS_SITE_DIR names a build to use as it is, while working on the site itself. Otherwise the test walks
// docs/.vitepress/dist: turbo builds it before this test in `pnpm test`, and it is built here when it is
// missing or older than a source.
const prebuilt = process.env.DOCS_SITE_DIR;
let outDir: string;
let profileDir: string;
let server: Listening | undefined;
let context: BrowserContext | undefined;
let page: Page;
const problems: string[] = [];

beforeAll(async () => {
  if (skipped) return;
  assertChromium();
  outDir = prebuilt ?? siteDir;
  profileDir = mkdtempSync(join(tmpdir(), 'memos-docs-chromium-'));
  if (!prebuilt) await ensureSite();
  server = await serveSite(outDir);
  context = await chromium.launchPersistentContext(profileDir, {
    executablePath: chromiumPath,
    headless: true,
    viewport: { width: 1440, height: 1000 },
    args: chromiumArgs,
  });
  page = context.pages()[0] ?? (await context.newPage());
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`${page.url()}: console error: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`${page.url()}: page error: ${error.message}`));
  page.on('requestfailed', (request) => problems.push(`${page.url()}: request failed: ${request.url()}`));
}, 240_000);

afterAll(async () => {
  // A build cut short by the hook's timeout must not outlive the test.
  stopBuild();
  await context?.close();
  await server?.close();
  if (profileDir) rmSync(profileDir, { recursive: true, force: true });
});

async function open(url: string): Promise<void> {
  if (!server) throw new Error('site not served');
  const response = await page.goto(`${server.url}${url}`, { waitUntil: 'load' });
  expect(response?.status(), url).toBe(200);
  await page.waitForSelector('#app .Layout');
}

/** What a WireExchange shows, read from the DOM: each pane's file and its text. */
async function panesOf(id: string) {
  return page.$$eval(`.wire-exchange[data-fixture="${id}"] .wx-pane`, (panes) =>
    panes.map((pane) => ({
      file: pane.querySelector('.wx-pane-title .wx-file')?.textContent ?? '',
      message: pane.querySelector('pre[data-part="message"]')?.textContent ?? null,
      head: pane.querySelector('pre[data-part="head"]')?.textContent ?? null,
      events: Array.from(pane.querySelectorAll('pre[data-part="event"]')).map((pre) => pre.textContent ?? ''),
      extra: pane.querySelector('pre[data-part="extra"]')?.textContent ?? null,
      derived: pane.querySelector('pre[data-part="derived"]')?.textContent ?? null,
    })),
  );
}

const manifest = JSON.parse(readFileSync(join(fixturesRoot, 'manifest.json'), 'utf8')) as {
  fixtures: { id: string; dir: string; files: Record<string, string | string[]> }[];
};
const fixtureFile = (id: string, file: string) => {
  const entry = manifest.fixtures.find((fixture) => fixture.id === id);
  if (!entry) throw new Error(`no fixture ${id}`);
  return readFileSync(join(fixturesRoot, entry.dir, file), 'utf8');
};

async function checkExchanges(sitePage: SitePage): Promise<number> {
  const ids = [...sitePage.source.matchAll(/<WireExchange\s+id="([^"]+)"/g)].map((match) => match[1] ?? '');
  const catalog = sitePage.source.includes('<FixtureCatalog');
  const all = catalog ? manifest.fixtures.map((fixture) => fixture.id) : ids;
  for (const id of new Set(all)) {
    const panes = await panesOf(id);
    expect(panes.length, `${sitePage.url}: panes of ${id}`).toBeGreaterThan(0);
    for (const pane of panes) {
      // Headers the kit derived for a body-only request must mirror it like any MCP request.
      if (pane.derived !== null)
        expect(pane.derived, `${sitePage.url} ${id}`).toMatch(/^POST \/mcp[\s\S]*Mcp-Method: /);
      const bytes = fixtureFile(id, pane.file).trimEnd();
      if (pane.message !== null)
        expect(pane.message.trimEnd(), `${sitePage.url} ${id} ${pane.file}`).toBe(bytes);
      else if (pane.extra !== null)
        expect(pane.extra.trimEnd(), `${sitePage.url} ${id} ${pane.file}`).toBe(bytes);
      else {
        // An SSE response: the head pane and the events, each shown apart, make up the recorded body.
        const shown = `${pane.head?.trimEnd()}\n\n${pane.events.map((event) => event.trimEnd()).join('\n\n')}`;
        expect(shown, `${sitePage.url} ${id} ${pane.file}`).toBe(bytes);
        expect(pane.events.length).toBeGreaterThan(1);
      }
    }
  }
  return all.length;
}

/**
 * Shows the page at `url`: by a click, as a reader moves around, when a page of the site is already on
 * screen, else by loading it (a test run on its own). A click costs Chromium far less than a full load.
 */
async function visit(url: string): Promise<void> {
  const target = sitePages.find((sitePage) => sitePage.url === url);
  if (!target) throw new Error(`no page ${url}`);
  if (server && page.url().startsWith(server.url)) await followLink(page, url);
  else await open(url);
  await waitForPage(target);
}

const headingOf = (source: string) => /^# (.+)$/m.exec(source)?.[1]?.replace(/`/g, '') ?? null;

/** Waits until `sitePage` is the page on screen, its diagrams drawn; the number of diagrams. */
async function waitForPage(sitePage: SitePage): Promise<number> {
  const lang = sitePage.locale === 'zh' ? 'zh-CN' : 'en-US';
  // These waits poll every 100 ms, not on every animation frame (Playwright's default), which keeps Chromium
  // drawing frames while it waits: side by side, the walk took 1–3 CPU s less this way, and was no slower.
  await page.waitForFunction((expected) => document.documentElement.lang === expected, lang, {
    timeout: 5_000,
    polling: 100,
  });
  const heading = headingOf(sitePage.source);
  await page.waitForFunction(
    (text) =>
      text === null
        ? document.querySelector('.VPHome') !== null
        : (document.querySelector('.VPDoc h1')?.textContent ?? '').includes(text),
    heading,
    { timeout: 10_000, polling: 100 },
  );
  const fences = (sitePage.source.match(/^```mermaid\s*$/gm) ?? []).length;
  await page.waitForFunction((count) => document.querySelectorAll('.mermaid svg').length === count, fences, {
    timeout: 20_000,
    polling: 100,
  });
  return fences;
}

/** Waits until `sitePage` is the page on screen, then checks everything it should show. */
async function checkPage(sitePage: SitePage): Promise<{ diagrams: number; exchanges: number }> {
  const fences = await waitForPage(sitePage);
  await checkDiagrams(sitePage);
  const exchanges = await checkExchanges(sitePage);
  expect(await page.locator('.wx-missing').count(), `${sitePage.url}: unknown fixture ids`).toBe(0);
  return { diagrams: fences, exchanges };
}

/** A classroom projector: every diagram must be readable at this size. */
const projector = { width: 1280, height: 720 };
/** The smallest label a class at the back of the room can read, in CSS px as rendered. */
const minimumLabelPx = 14;

/**
 * Measures every diagram on screen at the projector's size: each label's text must lie inside the box
 * drawn for it (its node, subgraph, actor, note or opt/alt/loop frame, and the diagram itself: a clipped
 * last line loses words, a label over a frame's line is hard to read), and each label must render at 14 px
 * or more once the SVG is scaled down to fit the column.
 */
async function checkDiagrams(sitePage: SitePage): Promise<void> {
  const size = page.viewportSize();
  if (size?.width !== projector.width || size.height !== projector.height)
    await page.setViewportSize(projector);
  for (const diagram of await page.evaluate(measureDiagrams)) {
    const where = `${sitePage.url} diagram ${diagram.index + 1}`;
    expect(diagram.labels.length, `${where}: labels`).toBeGreaterThan(0);
    const clipped = diagram.labels
      .filter((label) => label.overflowPx > 0.5)
      .map((label) => `"${label.text}" runs ${label.overflowPx.toFixed(1)} px past its ${label.box}`);
    expect(clipped, `${where}: labels outside their boxes`).toEqual([]);
    const small = diagram.labels
      .filter((label) => label.effectivePx < minimumLabelPx)
      .map((label) => `"${label.text}" at ${label.effectivePx.toFixed(1)} px`);
    expect(small, `${where}: labels under ${minimumLabelPx} px`).toEqual([]);
  }
}

/** Where the language menu of the page on screen leads, as the path its link names. */
async function languageLink(): Promise<string> {
  const href = await page.locator('.VPNavBarTranslations .VPMenuLink a').first().getAttribute('href');
  return new URL(href ?? '', page.url()).pathname;
}

/** Uses the language menu and expects to land on `target`. */
async function switchLanguage(target: string): Promise<void> {
  await page.hover('.VPNavBarTranslations button');
  await page.locator('.VPNavBarTranslations .VPMenuLink a').first().click();
  await page.waitForURL((url) => url.pathname === target, { timeout: 5_000 });
}

/**
 * Opens the local search box and returns its input. The button only works once Vue has hydrated the
 * page, which a busy machine can delay past the load event, so the click is retried until the box shows.
 */
async function openSearch() {
  const input = page.locator('.VPLocalSearchBox input');
  for (let attempt = 0; attempt < 10 && !(await input.isVisible()); attempt++) {
    await page.click('.VPNavBarSearch button');
    await input.waitFor({ state: 'visible', timeout: 1_000 }).catch(() => undefined);
  }
  return input;
}

/** Types `query` into the local search on the page at `url`; the results' titles and links. */
async function search(url: string, query: string): Promise<{ titles: string[]; links: string[] }> {
  await visit(url);
  const input = await openSearch();
  await input.fill(query);
  const results = page.locator('.VPLocalSearchBox .results .result');
  await page.waitForSelector('.VPLocalSearchBox .results .result', { timeout: 20_000 });
  const found = {
    titles: await results.allTextContents(),
    links: await results.evaluateAll((all) => all.map((result) => result.getAttribute('href') ?? '')),
  };
  // Closed again, as a reader would, so the next test starts from the page alone (and a screenshot shows no
  // focus ring on the search button, where the focus goes back to).
  await page.keyboard.press('Escape');
  await input.waitFor({ state: 'hidden', timeout: 5_000 });
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  return found;
}

describe.skipIf(skipped)('the built docs site in a real browser', () => {
  it('renders every page of both languages, with diagrams, exchanges and a working language switch', async () => {
    const chinese = sitePages.filter((sitePage) => sitePage.locale === 'zh');
    const english = new Map(
      sitePages.filter((sitePage) => sitePage.locale === 'en').map((sitePage) => [sitePage.path, sitePage]),
    );
    let exchanges = 0;
    let diagrams = 0;
    for (const [index, zhPage] of chinese.entries()) {
      const enPage = english.get(zhPage.path);
      if (!enPage) throw new Error(`no English page for ${zhPage.url}`);
      // Each page is rendered once per language: the reader arrives at one of the two by a link, and the
      // language menu takes them to the other. The direction alternates from page to page, so both are
      // clicked through; on every page, the menu's link must name the same page in the other language.
      const [arrive, other] = index % 2 === 0 ? [zhPage, enPage] : [enPage, zhPage];
      await visit(arrive.url);
      for (const [shown, next] of [
        [arrive, other],
        [other, arrive],
      ] as const) {
        const counts = await checkPage(shown);
        exchanges += counts.exchanges;
        diagrams += counts.diagrams;
        expect(await languageLink(), `${shown.url}: the language menu`).toBe(next.url);
        if (shown === arrive) await switchLanguage(next.url);
      }
    }
    // A full load of an English page, so the switch is also tested from a page that was not reached by a click.
    const lastEnglish = [...english.values()].at(-1);
    if (lastEnglish) {
      await open(lastEnglish.url);
      await checkPage(lastEnglish);
    }
    // The article's five diagrams, in both languages, at the least.
    expect(diagrams).toBeGreaterThanOrEqual(10);
    expect(exchanges).toBeGreaterThan(40);
    expect(problems).toEqual([]);
  }, 150_000);

  it('finds Chinese words with the local search', async () => {
    const { titles, links } = await search('/', '协议字段');
    expect(titles.length).toBeGreaterThan(0);
    expect(titles.join('\n')).toMatch(/协议字段/);
    expect(links.some((href) => href.startsWith('/en/'))).toBe(false);
    expect(problems).toEqual([]);
  }, 30_000);

  it('finds English words on the English pages, and only English pages', async () => {
    const { links } = await search('/en/', 'envelope');
    expect(links.length).toBeGreaterThan(0);
    expect(links.every((href) => href.startsWith('/en/'))).toBe(true);
    expect(problems).toEqual([]);
  }, 30_000);

  it('has no broken link, anchor or repository link in the built site', () => {
    // The build this test walks: the link check needs no browser, but it needs the build, and
    // one build per test run is enough.
    const problems = checkSiteLinks({
      site: outDir,
      repository: join(docsRoot, '..'),
      web: repositoryOnTheWeb(),
    });
    expect(problems).toEqual([]);
  });

  it('saves a screenshot of a diagram as a projector shows it', async () => {
    mkdirSync(screenshots, { recursive: true });
    await page.setViewportSize(projector);
    await visit('/guide/adapter.html');
    // The top of the diagram just below the fixed navigation bar, as a teacher would scroll to it.
    await page.evaluate(() => {
      const top = document.querySelector('.mermaid')?.getBoundingClientRect().top ?? 0;
      window.scrollBy(0, top - 80);
    });
    await page.screenshot({ path: join(screenshots, 'diagram-1280x720.png') });
    expect(readFileSync(join(screenshots, 'diagram-1280x720.png')).length).toBeGreaterThan(10_000);
  }, 30_000);

  it('sends the four exchanges of the playground to a real server and shows each answer, SSE event by event', async () => {
    if (!server) throw new Error('site not served');
    const api = await startPlaygroundServer(server.url);
    const before = problems.length;
    try {
      for (const prefix of ['', '/en']) {
        await page.setViewportSize({ width: 1440, height: 1000 });
        await checkPlayground(page, `${server.url}${prefix}/playground.html?server=${api.url}`, api.url);
      }
      mkdirSync(screenshots, { recursive: true });
      await page.screenshot({ path: join(screenshots, 'playground.png'), fullPage: false });
    } finally {
      await api.close();
    }
    // Chromium logs every 4xx answer to fetch as a console error; the mismatch is meant to get one.
    const expected = /status of 400 \(Bad Request\)/;
    const raised = problems.splice(before).filter((problem) => !expected.test(problem));
    expect(raised).toEqual([]);
  }, 60_000);

  it('shows both answers of the playground on one 1280×720 screen, JSON re-indented, the raw bytes a click away', async () => {
    if (!server) throw new Error('site not served');
    // The workshop's memos, as `pnpm playground` serves them: answers taller than the screen.
    const api = await startPlaygroundServer(server.url, 'workshop');
    const before = problems.length;
    try {
      await page.setViewportSize(projector);
      for (const prefix of ['', '/en']) {
        await checkProjector(page, `${server.url}${prefix}/playground.html?server=${api.url}`, api.url);
      }
      mkdirSync(screenshots, { recursive: true });
      await page.screenshot({ path: join(screenshots, 'playground-1280x720.png'), fullPage: false });
    } finally {
      await api.close();
    }
    expect(problems.splice(before)).toEqual([]);
  }, 60_000);

  it.each([
    ['zh', '/workshop/handout.html'],
    ['en', '/en/workshop/handout.html'],
  ])(
    'prints the %s handout to A4 PDF, one page per plan, with the fixtures’ two requests as they are',
    async (_, url) => {
      await visit(url);
      const sheets = await page.$$eval('.handout-sheet', (found) =>
        found.map((sheet) => ({
          plan: sheet.getAttribute('data-plan'),
          messages: Array.from(sheet.querySelectorAll('.handout-messages pre')).map(
            (pre) => pre.textContent ?? '',
          ),
        })),
      );
      expect(sheets.map((sheet) => sheet.plan)).toEqual(['ninety-minutes', 'half-day']);
      const requests = ['rest-list-memos', 'mcp-tools-call'].map((id) =>
        fixtureFile(id, 'request.http').replace(/\r\n/g, '\n').trimEnd(),
      );
      for (const sheet of sheets) expect(sheet.messages).toEqual(requests);
      await page.emulateMedia({ media: 'print' });
      try {
        const pdf = await page.pdf({ format: 'A4', preferCSSPageSize: true, printBackground: true });
        const pages = pdf.toString('latin1').match(/\/Type\s*\/Page(?![s\w])/g) ?? [];
        expect(pages.length, `${url}: PDF pages`).toBe(sheets.length);
      } finally {
        await page.emulateMedia({ media: 'screen' });
      }
    },
    60_000,
  );

  it('tells a learner at once whether a quiz answer is right', async () => {
    await visit('/labs/quiz.html');
    const question = page.locator('fieldset[data-question="s6-unknown-tool"]');
    await question.locator('input[type="radio"]').nth(0).check();
    await expect.poll(() => question.locator('[role="status"]').textContent()).toContain('✗ 答案是 B。');
    await question.locator('input[type="radio"]').nth(1).check();
    await expect.poll(() => question.locator('[role="status"]').textContent()).toContain('✓ 答对了。');
  }, 30_000);

  it('renders each workshop plan as a row per block', async () => {
    await visit('/en/workshop/');
    for (const plan of plans) {
      const rows = await page
        .locator(`.workshop-plan:has(#${plan.id}-${plan.blocks[0]?.id}) tbody tr`)
        .count();
      expect(rows, plan.id).toBe(plan.blocks.length);
    }
  }, 30_000);

  it('saves screenshots of the home page and of an exchange page', async () => {
    mkdirSync(screenshots, { recursive: true });
    await visit('/');
    await page.screenshot({ path: join(screenshots, 'home.png') });
    await visit('/guide/two-messages.html');
    await page.locator('.wire-exchange').first().scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(screenshots, 'exchange.png'), fullPage: false });
    expect(readFileSync(join(screenshots, 'exchange.png')).length).toBeGreaterThan(10_000);
  }, 30_000);
});
