// GET / on `pnpm serve`: a newcomer's first page. HTML for a browser, JSON for curl, both made from the
// running server: its endpoints, its dataset, the tokens its store hands out, and requests that work.
import { readFileSync } from 'node:fs';
import { catalogProblems } from '@memos-kit/terminal';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indexPageWords } from '../src/http/index-page.ts';
import { createAdapter } from '../src/index.ts';
import { type Listening, listenOnLoopback } from './support/listen.ts';

const root = new URL('../../../', import.meta.url);

interface Index {
  protocolVersion: string;
  endpoints: { method: string; url: string }[];
  dataset: { name: string; contents: { memos: number; comments: number; users: number } };
  tokens: { token: string; user: string }[];
  curl: { rest: string; mcp: string };
}

/** Runs one of the index's curl lines with fetch: its URL, its -H headers, its --data-binary @file. */
function fromCurl(line: string): { url: string; init: RequestInit } {
  const quoted = [...line.matchAll(/"([^"]*)"/g)].map((m) => m[1] ?? '');
  const headers = Object.fromEntries(
    [...line.matchAll(/-H "([^:"]+): ([^"]*)"/g)].map((m) => [m[1] ?? '', m[2] ?? '']),
  );
  const file = /--data-binary "@([^"]+)"/.exec(line)?.[1];
  const init: RequestInit = file
    ? { method: 'POST', headers, body: readFileSync(new URL(file, root)) }
    : { headers };
  return { url: quoted[0] ?? '', init };
}

describe.each(['workshop', 'empty'])('GET / with the %s dataset', (dataset) => {
  let server: Listening;
  let store: NonNullable<Awaited<ReturnType<typeof createAdapter>>['store']>;
  let index: Index;

  beforeAll(async () => {
    const adapter = await createAdapter({ dataset });
    store = adapter.store ?? expect.fail('the mock has a store');
    server = await listenOnLoopback(adapter.app, () => adapter.close());
    const response = await fetch(`${server.url}/`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    index = (await response.json()) as Index;
  });
  afterAll(() => server?.close());

  it('answers curl (Accept: */*) with JSON: endpoints on this address, the protocol, the dataset', () => {
    expect(index.protocolVersion).toBe('2026-07-28');
    expect(index.endpoints.map((e) => `${e.method} ${e.url}`)).toEqual([
      `GET ${server.url}/api/v1/memos`,
      `GET ${server.url}/api/v1/openapi.json`,
      `POST ${server.url}/mcp`,
    ]);
    expect(index.dataset.name).toBe(dataset);
    expect(index.dataset.contents.users).toBe(store.users.length);
    expect(index.dataset.contents.memos + index.dataset.contents.comments).toBe(store.memos.length);
  });

  it("lists the store's own tokens, each with the user it signs in as", () => {
    const expected = store.users.flatMap((user) =>
      user.tokens.map((token) => [token, `users/${user.username}`]),
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(index.tokens.map((t) => [t.token, t.user])).toEqual(expected);
  });

  it('gives a REST and an MCP curl line that work as printed', async () => {
    const rest = fromCurl(index.curl.rest);
    const restAnswer = await fetch(rest.url, rest.init);
    expect(restAnswer.status).toBe(200);
    expect(await restAnswer.json()).toHaveProperty('memos');

    const mcp = fromCurl(index.curl.mcp);
    const mcpAnswer = await fetch(mcp.url, mcp.init);
    expect(mcpAnswer.status).toBe(200);
    const message = (await mcpAnswer.json()) as { id: number; result?: { structuredContent?: unknown } };
    expect(message.id).toBe(6);
    expect(message.result?.structuredContent).toHaveProperty('memos');
  });

  it('answers a browser with an HTML page in Chinese, and in English when asked', async () => {
    const zh = await fetch(`${server.url}/`, { headers: { accept: 'text/html,*/*;q=0.8' } });
    expect(zh.headers.get('content-type')).toMatch(/^text\/html/);
    const zhPage = await zh.text();
    expect(zhPage).toContain('<html lang="zh-CN">');
    expect(zhPage).toContain(store.users[0]?.tokens[0] ?? 'a token');
    expect(zhPage).toContain(`${server.url}/mcp`);
    const en = await (await fetch(`${server.url}/?lang=en`, { headers: { accept: 'text/html' } })).text();
    expect(en).toContain('<html lang="en">');
    expect(en).toContain('Tokens');
    const byHeader = await fetch(`${server.url}/`, {
      headers: { accept: 'text/html', 'accept-language': 'en-GB,en;q=0.9' },
    });
    expect(await byHeader.text()).toContain('<html lang="en">');
  });
});

describe('GET / escapes what it repeats', () => {
  it('prints a hostile Host header as text, never as markup', async () => {
    const adapter = await createAdapter({ dataset: 'empty' });
    const server = await listenOnLoopback(adapter.app, () => adapter.close());
    try {
      const { request } = await import('node:http');
      const page = await new Promise<string>((resolve, reject) => {
        const req = request(`${server.url}/`, {
          headers: { accept: 'text/html', host: 'x"><script>1</script>' },
        });
        req.on('response', (res) => {
          let body = '';
          res.setEncoding('utf8').on('data', (chunk: string) => {
            body += chunk;
          });
          res.on('end', () => resolve(body));
        });
        req.on('error', reject);
        req.end();
      });
      expect(page).not.toContain('<script>');
    } finally {
      await server.close();
    }
  });
});

describe('the index page speaks both languages', () => {
  it('has every sentence in zh and en, with the same placeholders', () => {
    expect(catalogProblems(indexPageWords.catalogs)).toEqual([]);
  });
});
