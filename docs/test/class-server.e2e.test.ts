// The class server as a class meets it: the teacher starts `pnpm serve --class 3` from the repository's root
// (the root script's own command), opens /class and reads a slip; a student's device, which has none of the
// teacher's state, scans the slip's QR code and lands on the playground of the same server with their token
// filled in; the default requests show that student's memos and no other's; the docs pages load whole.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type RunningEntry, startNode } from '@memos-kit/process';
import jsQR from 'jsqr';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertChromium, chromiumArgs, chromiumPath, followLink, skipWithoutChromium } from './chromium.ts';
import { docsRoot } from './markdown-files.ts';
import { openPlayground, pane, shown, waitDone } from './playground-page.ts';
import { ensureSite, stopBuild } from './site-build.ts';

const skipped = skipWithoutChromium();
const repositoryRoot = join(docsRoot, '..');
const STUDENTS = 3;
/** The QR code drawn this many pixels wide: several pixels a module, as a phone's camera sees it. */
const QR_PIXELS = 320;

/** `pnpm serve`'s command as the root package.json spells it, its `node` left for this Node to run. */
function serveScript(): string[] {
  const { scripts } = JSON.parse(readFileSync(join(repositoryRoot, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  const [program, ...args] = (scripts.serve ?? '').trim().split(/\s+/);
  if (program !== 'node' || args.length === 0)
    throw new Error(`the root script "serve" is not a node command: ${scripts.serve}`);
  return args;
}

interface PrintedSlip {
  id: string;
  token: string;
  address: string;
  commands: string[];
  /** What the slip's QR code says, decoded from its pixels. */
  scanned: string;
}

let server: RunningEntry | undefined;
let base = '';
let teacherToken = '';
let browser: Browser | undefined;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  if (skipped) return;
  assertChromium();
  // The class server serves docs/.vitepress/dist, where `pnpm docs:build` (and turbo's build) leave the site.
  await ensureSite();
  // As a teacher types it in the repository's root, with a free port instead of 5230.
  server = startNode([...serveScript(), '--class', String(STUDENTS), '--port', '0'], {
    cwd: repositoryRoot,
    stdin: 'ignore',
  });
  // The banner's teacher page, `http://127.0.0.1:PORT/class#TEACHER-TOKEN`, in either language. The first
  // start may bundle the entry first, on a busy machine.
  const teacherPage = /(http:\/\/127\.0\.0\.1:\d+)\/class#(\S+)/;
  const banner = await server.waitFor(teacherPage, { timeoutMs: 60_000 });
  const [, url = '', token = ''] = teacherPage.exec(banner) ?? [];
  base = url;
  teacherToken = token;
  browser = await chromium.launch({ executablePath: chromiumPath, headless: true, args: chromiumArgs });
}, 240_000);

afterAll(async () => {
  stopBuild();
  for (const context of contexts) await context.close();
  await browser?.close();
  await server?.stop({ graceMs: 8_000 });
});

/** A browser with nothing of anyone else's: no cookies, no storage, no open tab. */
async function freshPage(): Promise<{ page: Page; problems: string[] }> {
  if (!browser) throw new Error('no browser');
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  contexts.push(context);
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error')
      problems.push(`console error: ${message.text()} (${message.location().url || page.url()})`);
  });
  page.on('requestfailed', (request) =>
    problems.push(`request failed: ${request.url()} (${request.failure()?.errorText})`),
  );
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`${response.status()} for ${response.url()}`);
  });
  return { page, problems };
}

/** Every slip on the teacher's sheet, read as printed, each QR code decoded from the pixels it draws. */
async function readSheet(page: Page): Promise<PrintedSlip[]> {
  await page.goto(`${base}/class#${teacherToken}`, { waitUntil: 'load' });
  await page.waitForFunction(
    (count) => document.querySelectorAll('#slips .slip svg').length === count,
    STUDENTS,
    {
      timeout: 15_000,
    },
  );
  // What the teacher does before printing: show the sheet, then the tokens.
  await page.click('#showSheet');
  await page.click('#reveal');
  const printed = await page.$$eval('#slips .slip', (slips) =>
    slips.map((slip) => ({
      id: slip.querySelector('strong')?.textContent ?? '',
      // One line of the slip per element: the id, the token, the address, the commands, the code.
      lines: Array.from(slip.children).map((line) => line.textContent?.trim() ?? ''),
    })),
  );
  const slips: PrintedSlip[] = [];
  for (const [index, { id, lines }] of printed.entries()) {
    const token = lines.find((line) => line.startsWith('token: '))?.slice('token: '.length) ?? '';
    const address = lines.map((line) => /^[^:]+: (http:\/\/\S+)$/.exec(line)?.[1]).find(Boolean) ?? '';
    const commands = lines.filter((line) => line.startsWith('curl '));
    slips.push({ id, token, address, commands, scanned: await scanQr(page, index) });
  }
  return slips;
}

/** Draws slip `index`'s QR code to a canvas, as a camera would see it, and decodes the pixels with jsQR. */
async function scanQr(page: Page, index: number): Promise<string> {
  const pixels = await page.$$eval(
    '#slips .slip svg',
    async (svgs, [at, size]) => {
      const svg = svgs[at ?? 0]?.cloneNode(true) as SVGSVGElement;
      svg.setAttribute('width', String(size));
      svg.setAttribute('height', String(size));
      const source = URL.createObjectURL(
        new Blob([new XMLSerializer().serializeToString(svg)], { type: 'image/svg+xml' }),
      );
      const image = new Image();
      image.src = source;
      await image.decode();
      URL.revokeObjectURL(source);
      const canvas = document.createElement('canvas');
      canvas.width = canvas.height = size ?? 0;
      const drawing = canvas.getContext('2d');
      if (!drawing) throw new Error('no 2d canvas');
      drawing.fillStyle = '#fff';
      drawing.fillRect(0, 0, canvas.width, canvas.height);
      drawing.drawImage(image, 0, 0, canvas.width, canvas.height);
      const { data } = drawing.getImageData(0, 0, canvas.width, canvas.height);
      let binary = '';
      for (let i = 0; i < data.length; i += 0x8000)
        binary += String.fromCharCode(...data.subarray(i, i + 0x8000));
      return btoa(binary);
    },
    [index, QR_PIXELS] as const,
  );
  const code = jsQR(new Uint8ClampedArray(Buffer.from(pixels, 'base64')), QR_PIXELS, QR_PIXELS);
  if (!code) throw new Error(`slip ${index + 1}: no QR code found in its picture`);
  return code.data;
}

/** A memo written through the class server's REST API, as a student's curl would. */
async function createMemo(token: string, content: string, visibility: 'PRIVATE' | 'PUBLIC'): Promise<void> {
  const response = await fetch(`${base}/api/v1/memos`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ content, visibility }),
    signal: AbortSignal.timeout(10_000),
  });
  expect(response.status, await response.clone().text()).toBe(200);
}

/** Sends what pane `kind` holds and returns the body it shows, after checking the request it sent. */
async function send(page: Page, kind: 'rest' | 'mcp', token: string): Promise<string> {
  const [request] = await Promise.all([
    page.waitForRequest((candidate) => candidate.method() !== 'OPTIONS' && candidate.url().startsWith(base), {
      timeout: 10_000,
    }),
    page.click(`${pane(kind)} [data-part="send"]`),
  ]);
  // To the server the page came from, signed in as the student on the slip.
  expect(new URL(request.url()).origin).toBe(base);
  expect(await request.headerValue('authorization')).toBe(`Bearer ${token}`);
  await waitDone(page, kind);
  const answer = await shown(page, kind);
  expect(answer.status, answer.body ?? '').toMatch(/^200 /);
  return answer.body ?? '';
}

describe.skipIf(skipped)('pnpm serve --class in a real browser, as a class meets it', () => {
  it("puts a student on the playground of the class server by the slip's QR code, signed in as that student alone", async () => {
    const teacher = await freshPage();
    const slips = await readSheet(teacher.page);
    expect(slips.map((slip) => slip.id)).toEqual(['s01', 's02', 's03']);
    const [first, second] = slips;
    if (!first || !second) throw new Error('no slips');
    for (const slip of slips) {
      expect(slip.token).toMatch(new RegExp(`^${slip.id}-[a-z2-9]{10}$`));
      expect(slip.address).toBe(base);
      // The two first commands: REST's list, then MCP's, each to this server with this slip's token.
      expect(slip.commands).toHaveLength(2);
      expect(slip.commands[0]).toContain(`${base}/api/v1/memos`);
      expect(slip.commands[1]).toContain(`${base}/mcp`);
      for (const command of slip.commands) expect(command).toContain(`Bearer ${slip.token}`);
      // The code is the playground of this same server, with this server and this slip's token filled in.
      const scanned = new URL(slip.scanned);
      expect(scanned.origin).toBe(base);
      expect(scanned.pathname).toBe('/playground.html');
      expect(scanned.searchParams.get('server')).toBe(base);
      expect(scanned.searchParams.get('token')).toBe(slip.token);
    }
    expect(new Set(slips.map((slip) => slip.token)).size).toBe(STUDENTS);
    expect(teacher.problems).toEqual([]);

    // Each student writes in their own world; s02 writes last, so in a world shared by both, s02's public
    // memo would be the newest one s01's list shows, and s02's private memo would be s01's too.
    const mark = (id: string, what: string) => `${id} ${what} ${base.split(':').at(-1)}`;
    await createMemo(first.token, mark('s01', 'private'), 'PRIVATE');
    await createMemo(first.token, mark('s01', 'public'), 'PUBLIC');
    await createMemo(second.token, mark('s02', 'private'), 'PRIVATE');
    await createMemo(second.token, mark('s02', 'public'), 'PUBLIC');

    // s01's own device: a fresh browser that opens what the camera read.
    const student = await freshPage();
    const { page } = student;
    await openPlayground(page, first.scanned, base);
    expect(new URL(page.url()).origin).toBe(base);
    for (const kind of ['rest', 'mcp'] as const)
      expect(await page.inputValue(`${pane(kind)} [data-header="Authorization"] .pg-header-value`)).toBe(
        `Bearer ${first.token}`,
      );

    // The default requests, as they are: list memos over REST, and the same over MCP (the newest public one).
    expect(await page.inputValue(`${pane('rest')} [data-part="preset"]`)).toBe('rest-list-memos');
    const rest = await send(page, 'rest', first.token);
    expect(rest).toContain(mark('s01', 'public'));
    expect(rest).not.toContain(mark('s02', 'public'));
    expect(await page.inputValue(`${pane('mcp')} [data-part="preset"]`)).toBe('mcp-tools-call');
    const mcp = await send(page, 'mcp', first.token);
    expect(mcp).toContain(mark('s01', 'public'));
    expect(mcp).not.toContain(mark('s02', 'public'));

    // Without the filter and with a large page: s01's private memo is there, nothing of s02's is.
    await page.fill(`${pane('rest')} [data-part="path"]`, '/api/v1/memos?pageSize=100');
    const everything = await send(page, 'rest', first.token);
    expect(everything).toContain(mark('s01', 'private'));
    expect(everything).toContain(mark('s01', 'public'));
    expect(everything).not.toContain(mark('s02', 'private'));
    expect(everything).not.toContain(mark('s02', 'public'));

    // The student reads another page and comes back to the playground by the site's own links, as a reader
    // does: the address has lost its query, and the playground still sends to this server as this student.
    await followLink(page, '/workshop/class-server.html');
    await followLink(page, '/playground.html');
    // Vue fills the fields once the page has mounted: polled, for a few seconds at most.
    const poll = { timeout: 5_000, interval: 100 };
    await expect.poll(() => page.inputValue('.wire-playground [data-part="server"]'), poll).toBe(base);
    await expect
      .poll(() => page.inputValue(`${pane('rest')} [data-header="Authorization"] .pg-header-value`), poll)
      .toBe(`Bearer ${first.token}`);
    expect(await send(page, 'rest', first.token)).toContain(mark('s01', 'public'));
    expect(student.problems).toEqual([]);
  }, 90_000);

  it('serves the docs pages of the built site whole from the same address', async () => {
    const { page, problems } = await freshPage();
    const assets: string[] = [];
    page.on('requestfinished', (request) => {
      if (new URL(request.url()).pathname.startsWith('/assets/')) assets.push(request.url());
    });
    for (const path of ['/', '/en/workshop/class-server.html']) {
      const response = await page.goto(`${base}${path}`, { waitUntil: 'load' });
      expect(response?.status(), path).toBe(200);
      await page.waitForSelector('#app .Layout', { timeout: 15_000 });
      await page.waitForLoadState('networkidle', { timeout: 15_000 });
    }
    expect(assets.length).toBeGreaterThan(0);
    expect(assets.every((url) => new URL(url).origin === base)).toBe(true);
    expect(problems).toEqual([]);
  }, 60_000);

  it('stops on SIGTERM, as Ctrl-C stops it in class', async () => {
    // Past the server's own grace for requests in flight (4 s), a kill would be this test's, and would fail it.
    const exit = await server?.stop({ graceMs: 8_000 });
    // Stopped by itself, as a shell reports a SIGTERM: 143.
    expect(exit).toEqual({ code: 143, signal: null });
  }, 15_000);
});
