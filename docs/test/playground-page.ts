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

export function startPlaygroundServer(siteOrigin: string): Promise<RunningAdapter> {
  return startServer({ port: 0, dataset: 'empty', pace: PACE, corsOrigins: [siteOrigin] });
}

const pane = (kind: 'rest' | 'mcp') => `.wire-playground [data-pane="${kind}"]`;

interface Shown {
  state: string;
  status: string;
  head: string;
  body: string | null;
  layers: string[];
  events: { at: number; text: string }[];
}

async function shown(page: Page, kind: 'rest' | 'mcp'): Promise<Shown> {
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

const waitDone = (page: Page, kind: 'rest' | 'mcp') =>
  page.waitForSelector(`${pane(kind)} [data-part="response"][data-state="done"]`, { timeout: 10_000 });

const fixtureBody = (dir: string, file: string) => {
  const text = readFileSync(join(docsRoot, '..', 'fixtures', dir, file), 'utf8');
  return JSON.parse(file.endsWith('.http') ? (text.split(/\r?\n\r?\n/)[1] ?? '') : text) as unknown;
};

/** Opens the playground at `url` (the site's page with `?server=`) and checks the four exchanges of the issue. */
export async function checkPlayground(page: Page, url: string, serverUrl: string): Promise<void> {
  await page.goto(url, { waitUntil: 'load' });
  // The server field is filled from ?server= once Vue has mounted the page: from then on the buttons work.
  await page.waitForFunction(
    (expected) =>
      (document.querySelector('.wire-playground [data-part="server"]') as HTMLInputElement | null)?.value ===
      expected,
    serverUrl,
    { timeout: 15_000 },
  );

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
  expect(streamed.events.map((event) => event.text.includes('"id":6'))).toEqual([false, true]);
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
