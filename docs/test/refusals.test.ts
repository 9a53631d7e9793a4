// The "what the server refuses" page gives a class curl probes with the status each one gets. They are sent
// here, parsed from the page itself, to the live mock and adapter, so the page cannot promise an answer the
// server does not give.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createAdapter } from '@memos-kit/memos-mcp';
import { listen } from '@memos-kit/process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCurl, send } from './claims/kit.ts';
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

let server: Awaited<ReturnType<typeof listen>>;
beforeAll(async () => {
  server = await listen((await createAdapter({ dataset: 'workshop' })).app);
});
afterAll(() => server.close());

/** The probe's curl command, sent as it is, its `Host` included (claims/kit.ts sends with node:http). */
async function sendProbe(probe: Probe): Promise<number> {
  const { method, url, headers, body } = parseCurl(probe.command);
  return (
    await send(server, {
      method,
      path: url.pathname + url.search,
      headers: Object.fromEntries(headers),
      body,
    })
  ).status;
}

describe('the probes on the refusals page', () => {
  const zh = probes('guide/refusals.md');

  it('are the same commands with the same statuses in both languages', () => {
    expect(zh.length).toBeGreaterThanOrEqual(5);
    expect(probes('en/guide/refusals.md')).toEqual(zh);
  });

  it.each(zh.map((probe) => [probe.command, probe] as const))('%s', async (_command, probe) => {
    expect(await sendProbe(probe)).toBe(probe.status);
  });
});
