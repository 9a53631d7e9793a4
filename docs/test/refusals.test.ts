// The "what the server refuses" page gives a class curl probes with the status each one gets. They are sent
// here, parsed from the page itself, to the live mock and adapter, so the page cannot promise an answer the
// server does not give.

import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { createAdapter } from '@memos-kit/memos-mcp';
import { listen } from '@memos-kit/process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { docsRoot } from './markdown-files.ts';

interface Probe {
  command: string;
  status: number;
}

/** The rows of the page's `probes` region: a curl command in backticks, then the status it gets. */
function probes(file: string): Probe[] {
  const text = readFileSync(join(docsRoot, file), 'utf8');
  const region = /<!-- #region probes -->([\s\S]*?)<!-- #endregion probes -->/.exec(text)?.[1] ?? '';
  return [...region.matchAll(/^\| `(curl [^`]+)` \| (\d{3}) \|/gm)].map(([, command = '', status]) => ({
    command,
    status: Number(status),
  }));
}

/** The few curl options the page uses; anything else fails the test, so the page stays this simple. */
function parseCurl(command: string): {
  method: string;
  url: URL;
  headers: [string, string][];
  body?: string;
} {
  const words = [...command.matchAll(/"([^"]*)"|(\S+)/g)].map(([, quoted, bare]) => quoted ?? bare ?? '');
  let method: string | undefined;
  let url: URL | undefined;
  const headers: [string, string][] = [];
  let body: string | undefined;
  for (let at = 1; at < words.length; at++) {
    const word = words[at] ?? '';
    if (word === '-i') continue;
    else if (word === '-X') method = words[++at];
    else if (word === '-H') {
      const [name = '', ...value] = (words[++at] ?? '').split(':');
      headers.push([name, value.join(':').trim()]);
    } else if (word === '-d') body = words[++at];
    else if (/^https?:/.test(word)) url = new URL(word);
    else throw new Error(`an option the probe reader does not know: ${word}`);
  }
  if (!url) throw new Error(`no URL in ${command}`);
  return { method: method ?? (body === undefined ? 'GET' : 'POST'), url, headers, body };
}

let server: Awaited<ReturnType<typeof listen>>;
beforeAll(async () => {
  server = await listen((await createAdapter({ dataset: 'workshop' })).app);
});
afterAll(() => server.close());

/** node:http rather than fetch, which would not send the probe's own `Host` (an object, so node adds `Host` when the probe has none). */
function send(probe: Probe): Promise<number> {
  const { method, url, headers, body } = parseCurl(probe.command);
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        host: '127.0.0.1',
        port: server.port,
        method,
        path: url.pathname + url.search,
        headers: Object.fromEntries(headers),
        timeout: 5_000,
      },
      (incoming) => {
        incoming.resume();
        incoming.on('end', () => resolve(incoming.statusCode ?? 0));
      },
    );
    outgoing.on('timeout', () => outgoing.destroy(new Error('no answer within 5 s')));
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

describe('the probes on the refusals page', () => {
  const zh = probes('guide/refusals.md');

  it('are the same commands with the same statuses in both languages', () => {
    expect(zh.length).toBeGreaterThanOrEqual(5);
    expect(probes('en/guide/refusals.md')).toEqual(zh);
  });

  it.each(zh.map((probe) => [probe.command, probe] as const))('%s', async (_command, probe) => {
    expect(await send(probe)).toBe(probe.status);
  });
});
