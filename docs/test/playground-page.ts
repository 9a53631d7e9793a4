// The playground page against a real `pnpm serve` (in-process, port 0), driven as a learner drives it:
// pick a preset, press Send, read what the page shows. Used by the browser test, which has the site built
// and served already; the server allows that site's origin and no other.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type RunningAdapter, startServer } from '@memos-kit/memos-mcp';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { docsRoot } from './markdown-files.ts';

/** Far enough apart that the page must show the progress event alone before the result arrives. */
const PACE = { progressAtMs: 600, resultAtMs: 1800 };

/** `empty` answers as the article does; `workshop` (what `pnpm playground` loads) gives answers a screen tall. */
export function startPlaygroundServer(
  siteOrigin: string,
  dataset: 'empty' | 'workshop' = 'empty',
): Promise<RunningAdapter> {
  return startServer({ port: 0, dataset, pace: PACE, corsOrigins: [siteOrigin] });
}

export const pane = (kind: 'rest' | 'mcp') => `.wire-playground [data-pane="${kind}"]`;

interface Shown {
  state: string;
  status: string;
  head: string;
  body: string | null;
  layers: string[];
  events: { at: number; text: string }[];
}

export async function shown(page: Page, kind: 'rest' | 'mcp'): Promise<Shown> {
  return page.$eval(`${pane(kind)} [data-part="response"]`, (response) => ({
    state: response.getAttribute('data-state') ?? '',
    status: response.querySelector('[data-part="status"]')?.textContent ?? '',
    head: response.querySelector('[data-part="head"]')?.textContent ?? '',
    body: response.querySelector('pre[data-part="body"]')?.textContent ?? null,
    layers: [
      ...new Set(
        Array.from(response.querySelectorAll('[class^="wx-"]')).flatMap((span) =>
          Array.from(span.classList).filter((name) => /^wx-(envelope|protocol|business)$/.test(name)),
        ),
      ),
    ].sort(),
    events: Array.from(response.querySelectorAll('[data-part="event"]')).map((event) => ({
      at: Number(event.getAttribute('data-at')),
      text: event.querySelector('pre')?.textContent ?? '',
    })),
  }));
}

async function sendPreset(page: Page, kind: 'rest' | 'mcp', preset: string): Promise<void> {
  await page.selectOption(`${pane(kind)} [data-part="preset"]`, preset);
  await page.click(`${pane(kind)} [data-part="send"]`);
}

export const waitDone = (page: Page, kind: 'rest' | 'mcp') =>
  page.waitForSelector(`${pane(kind)} [data-part="response"][data-state="done"]`, { timeout: 10_000 });

const fixtureBody = (dir: string, file: string) => {
  const text = readFileSync(join(docsRoot, '..', 'fixtures', dir, file), 'utf8');
  return JSON.parse(file.endsWith('.http') ? (text.split(/\r?\n\r?\n/)[1] ?? '') : text) as unknown;
};

/** Opens the playground at `url` (the site's page with `?server=`) and waits until it can send. */
export async function openPlayground(page: Page, url: string, serverUrl: string): Promise<void> {
  await page.goto(url, { waitUntil: 'load' });
  // The server field is filled from ?server= once Vue has mounted the page: from then on the buttons work.
  await page.waitForFunction(
    (expected) =>
      (document.querySelector('.wire-playground [data-part="server"]') as HTMLInputElement | null)?.value ===
      expected,
    serverUrl,
    { timeout: 15_000 },
  );
}

/** Opens the playground at `url` (the site's page with `?server=`) and checks the four exchanges of the issue. */
export async function checkPlayground(page: Page, url: string, serverUrl: string): Promise<void> {
  await openPlayground(page, url, serverUrl);

  // 1. A REST list: the article's request, the article's answer (the empty dataset), business data only.
  await sendPreset(page, 'rest', 'rest-list-memos');
  await waitDone(page, 'rest');
  const rest = await shown(page, 'rest');
  expect(rest.status).toMatch(/^200 OK/);
  expect(rest.head).toMatch(/content-type: application\/json/i);
  expect(JSON.parse(rest.body ?? '')).toEqual(fixtureBody('01-rest-list-memos', 'response.http'));
  expect(rest.layers).toEqual(['wx-business']);

  // 2. An MCP tools/call: the same data inside the envelope, in all three colours.
  await sendPreset(page, 'mcp', 'mcp-tools-call');
  await waitDone(page, 'mcp');
  const call = await shown(page, 'mcp');
  expect(call.status).toMatch(/^200 OK/);
  const answer = JSON.parse(call.body ?? '') as { id: number; result: { structuredContent: unknown } };
  expect(answer.id).toBe(0);
  expect(answer.result.structuredContent).toEqual({ memos: [] });
  expect(call.layers).toEqual(['wx-business', 'wx-envelope', 'wx-protocol']);

  // 3. The SSE progress call: the head, then the progress event alone, then the result, each with its time.
  await sendPreset(page, 'mcp', 'sse-progress');
  await page.waitForFunction(
    (selector) => document.querySelectorAll(`${selector} [data-part="event"]`).length >= 1,
    pane('mcp'),
    { timeout: 10_000 },
  );
  const first = await shown(page, 'mcp');
  expect(first.state).toBe('streaming');
  expect(first.events.length).toBe(1);
  expect(first.head).toMatch(/content-type: text\/event-stream/i);
  expect(first.events[0]?.text).toContain('notifications/progress');
  await waitDone(page, 'mcp');
  const streamed = await shown(page, 'mcp');
  expect(streamed.events.map((event) => event.text.includes('"id": 6'))).toEqual([false, true]);
  const [progressAt = 0, resultAt = 0] = streamed.events.map((event) => event.at);
  expect(progressAt).toBeGreaterThanOrEqual(PACE.progressAtMs * 0.8);
  expect(resultAt - progressAt).toBeGreaterThanOrEqual((PACE.resultAtMs - PACE.progressAtMs) * 0.8);

  // The same request switched to JSON: one JSON document, no events.
  await page.click(`${pane('mcp')} [data-mode="json"]`);
  expect(await page.inputValue(`${pane('mcp')} [data-part="body"]`)).not.toContain('progressToken');
  await page.click(`${pane('mcp')} [data-part="send"]`);
  await waitDone(page, 'mcp');
  const plain = await shown(page, 'mcp');
  expect(plain.head).toMatch(/content-type: application\/json/i);
  expect(plain.events).toEqual([]);
  expect((JSON.parse(plain.body ?? '') as { id: number }).id).toBe(6);

  // 4. A header set by hand that disagrees with the body: the server refuses it.
  await sendPreset(page, 'mcp', 'mcp-tools-call:mismatch');
  expect(await page.isChecked(`${pane('mcp')} [data-part="follow"]`)).toBe(false);
  await waitDone(page, 'mcp');
  const mismatch = await shown(page, 'mcp');
  expect(mismatch.status).toMatch(/^400 /);
  const refused = JSON.parse(mismatch.body ?? '') as { error?: { message: string } };
  expect(refused.error?.message).toMatch(/Mcp-Name/);
  // Following the body again puts the header right.
  await page.check(`${pane('mcp')} [data-part="follow"]`);
  expect(await page.inputValue(`${pane('mcp')} [data-header="Mcp-Name"] .pg-header-value`)).toBe(
    'memo_list_memos',
  );
}

/** Where a box is on screen, and what it leaves out: the answer panels and the header names in them. */
interface Placement {
  answers: { top: number; bottom: number; left: number; right: number }[];
  navBottom: number;
  width: number;
  height: number;
  /** Header names of both answers that are cut, wrapped, or outside the screen or their panel. */
  hiddenNames: string[];
  names: number;
}

function placement(page: Page): Promise<Placement> {
  return page.evaluate(() => {
    const box = (element: Element) => {
      const { top, bottom, left, right } = element.getBoundingClientRect();
      return { top, bottom, left, right };
    };
    const answers = Array.from(document.querySelectorAll('.wire-playground [data-part="answer"]'));
    const hiddenNames: string[] = [];
    let names = 0;
    for (const answer of answers) {
      const panel = box(answer.querySelector('.pg-answer-scroll') ?? answer);
      for (const name of Array.from(answer.querySelectorAll('[data-part="head"] .wx-header-name'))) {
        names++;
        const rects = name.getClientRects();
        const { top, bottom, left, right } = box(name);
        const inside =
          top >= Math.max(0, panel.top) - 0.5 &&
          bottom <= Math.min(window.innerHeight, panel.bottom) + 0.5 &&
          left >= Math.max(0, panel.left) - 0.5 &&
          right <= Math.min(window.innerWidth, panel.right) + 0.5;
        if (rects.length !== 1 || !inside) hiddenNames.push(name.textContent ?? '');
      }
    }
    return {
      answers: answers.map(box),
      navBottom: document.querySelector('.VPNav')?.getBoundingClientRect().bottom ?? 0,
      width: window.innerWidth,
      height: window.innerHeight,
      hiddenNames,
      names,
    };
  });
}

/** Both answers, whole, between the navigation bar and the bottom of the screen. */
const bothOnScreen = (shown: Placement) =>
  shown.answers.length === 2 &&
  shown.answers.every(
    (answer) =>
      answer.top >= shown.navBottom - 0.5 &&
      answer.bottom <= shown.height + 0.5 &&
      answer.left >= 0 &&
      answer.right <= shown.width,
  );

/** Picks a preset, sends it, waits for the whole answer; the body's bytes as the browser received them. */
async function sendAndRead(page: Page, kind: 'rest' | 'mcp', preset: string, serverUrl: string) {
  const [response] = await Promise.all([
    page.waitForResponse(
      (candidate) => candidate.url().startsWith(serverUrl) && candidate.request().method() !== 'OPTIONS',
      { timeout: 10_000 },
    ),
    sendPreset(page, kind, preset),
  ]);
  await waitDone(page, kind);
  // Send brings the answer under the navigation bar, smoothly: the next step waits until it is there, as a
  // reader would (a click during the scroll would stop it half-way).
  await page.waitForFunction(
    (selector) => {
      const answer = document.querySelector(selector)?.getBoundingClientRect();
      const nav = document.querySelector('.VPNav')?.getBoundingClientRect().bottom ?? 0;
      return answer !== undefined && answer.top >= nav - 0.5 && answer.bottom <= window.innerHeight + 0.5;
    },
    `${pane(kind)} [data-part="answer"]`,
    { timeout: 5_000, polling: 100 },
  );
  if (!(response.headers()['content-type'] ?? '').startsWith('text/event-stream')) return response.text();
  // Chromium hands a stream's body to Playwright decoded as windows-1252 (the type names no charset), so
  // the same request is sent again from here and its bytes read as UTF-8, as the page reads them.
  const request = response.request();
  const sent = Object.entries(await request.allHeaders()).filter(
    ([name]) => !['host', 'connection', 'content-length'].includes(name),
  );
  const again = await fetch(request.url(), {
    method: request.method(),
    headers: sent,
    body: request.postData(),
  });
  return Buffer.from(await again.arrayBuffer()).toString('utf8');
}

const bodyText = (page: Page, kind: 'rest' | 'mcp') =>
  page.$eval(`${pane(kind)} pre[data-part="body"]`, (pre) => pre.textContent ?? '');

/**
 * The playground as a projector shows it (the page is opened at 1280×720 by the caller): every request header
 * name whole in its box; after sending on both sides, both answers on screen together with every response
 * header name whole; JSON re-indented, and the raw bytes one click away, exactly as they arrived.
 */
export async function checkProjector(page: Page, url: string, serverUrl: string): Promise<void> {
  await openPlayground(page, url, serverUrl);

  // The request's header names ("MCP-Protocol-Version" among them) are not cut by their boxes.
  await page.selectOption(`${pane('mcp')} [data-part="preset"]`, 'mcp-tools-call');
  const cut = await page.$$eval('.wire-playground .pg-header-name', (inputs) =>
    (inputs as HTMLInputElement[])
      .filter((input) => input.scrollWidth > input.clientWidth)
      .map((input) => input.value),
  );
  expect(cut, 'request header names cut by their boxes').toEqual([]);

  const restBytes = await sendAndRead(page, 'rest', 'rest-list-memos', serverUrl);
  const mcpBytes = await sendAndRead(page, 'mcp', 'mcp-tools-call', serverUrl);
  const screen = await placement(page);
  expect(bothOnScreen(screen), `${url}: both answers on one screen: ${JSON.stringify(screen)}`).toBe(true);
  expect(screen.names).toBeGreaterThan(8);
  expect(screen.hiddenNames, 'response header names cut or off screen').toEqual([]);

  // Re-indented by default, as the tour prints a long body; the raw bytes one click away, as they came.
  for (const [kind, bytes] of [
    ['rest', restBytes],
    ['mcp', mcpBytes],
  ] as const) {
    expect(bytes).not.toContain('\n');
    expect(await bodyText(page, kind)).toBe(JSON.stringify(JSON.parse(bytes), null, 2));
    await page.click(`${pane(kind)} [data-part="raw"]`);
    expect(await bodyText(page, kind)).toBe(bytes);
    await page.click(`${pane(kind)} [data-part="raw"]`);
    expect(await bodyText(page, kind)).toBe(JSON.stringify(JSON.parse(bytes), null, 2));
  }

  // A stream: each event's data re-indented; raw, the chunks as the network delivered them, byte for byte.
  const stream = await sendAndRead(page, 'mcp', 'sse-progress', serverUrl);
  const events = await shown(page, 'mcp');
  const data = [...stream.matchAll(/^data: (.*)$/gm)].map((match) => match[1] ?? '');
  expect(data.length).toBe(2);
  expect(events.events.map((event) => event.text)).toEqual(
    data.map((line) => `event: message\ndata:\n${JSON.stringify(JSON.parse(line), null, 2)}`),
  );
  await page.click(`${pane('mcp')} [data-part="raw"]`);
  const chunks = await page.$$eval(`${pane('mcp')} [data-part="chunk"] pre`, (pres) =>
    pres.map((pre) => pre.textContent ?? ''),
  );
  expect(chunks.length).toBeGreaterThan(0);
  expect(chunks.join('')).toBe(stream);
}
