// `pnpm playground` as a process: which docs site it serves and what it says while it starts, where it
// listens, that a stop at any moment stops everything it started, and that its help tells the default it uses.
// (tests/commands runs it through pnpm with the dev server; the browser test drives the page itself.)
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  listen,
  listeningAddresses,
  portIsClosed,
  type RunningEntry,
  runEntry,
  startEntry,
} from '@memos-kit/process';
import { afterAll, describe, expect, it } from 'vitest';
import { siteDir, siteState } from '../cli/site.ts';

const playground = new URL('../cli/playground.ts', import.meta.url);
const started: RunningEntry[] = [];
const start = (args: string[]) => {
  const run = startEntry(playground, { args: [...args, '--no-color'], stdin: 'ignore' });
  started.push(run);
  return run;
};
afterAll(() => Promise.all(started.map((run) => run.stop({ graceMs: 5_000 }))));

/** Output as one line of words: the phases wrap at the width of a pipe. */
const flat = (text: string) => text.replace(/\s+/g, ' ');

/** A stand-in for a built site: the pages the banner names, so no test depends on (or races with) the build. */
const site = mkdtempSync(join(tmpdir(), 'memos-playground-site-'));
mkdirSync(join(site, 'en'));
writeFileSync(join(site, 'index.html'), '<!doctype html><title>home</title>');
writeFileSync(join(site, 'playground.html'), '<!doctype html><title>游乐场</title>');
writeFileSync(join(site, 'en', 'playground.html'), '<!doctype html><title>playground</title>');
afterAll(() => rmSync(site, { recursive: true, force: true }));

/** The processes whose command line holds every one of `words` (Linux's /proc; empty elsewhere). */
function processesWith(words: string[]): number[] {
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return [];
  }
  return pids.flatMap((pid) => {
    try {
      const args = readFileSync(join('/proc', pid, 'cmdline'), 'utf8').split('\0');
      return words.every((word) => args.includes(word)) ? [Number(pid)] : [];
    } catch {
      return [];
    }
  });
}

async function freePort(): Promise<number> {
  const probe = await listen(() => undefined);
  await probe.close();
  return probe.port;
}

describe('pnpm playground', () => {
  it('serves a built site at once, saying what it waits for, all on loopback, wired by CORS', async () => {
    const run = start(['--dir', site, '--port', '0', '--docs-port', '0', '--lang', 'en']);
    const banner = await run.waitFor(/Ctrl-C/, { timeoutMs: 30_000 });
    // One line per phase, in the order things start, before the addresses.
    const phases = [
      `Docs site: the built site in ${site}, as --dir asks, served as it is.`,
      'Serving the built site on 127.0.0.1…',
      'Starting the Memos REST + MCP server (pnpm serve)…',
      'Playground page',
    ];
    const at = phases.map((line) => flat(banner).indexOf(line));
    expect(
      at.every((index) => index >= 0),
      flat(banner),
    ).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    expect(banner).not.toMatch(/VitePress/);

    const page = /Playground page\s+(http:\/\/127\.0\.0\.1:\d+\/en\/playground\.html\?server=(\S+))/.exec(
      banner,
    );
    const pageUrl = new URL(page?.[1] ?? '');
    const serverUrl = new URL(page?.[2] ?? '');
    expect(await (await fetch(pageUrl)).text()).toContain('<title>playground</title>');
    for (const port of [pageUrl.port, serverUrl.port]) {
      expect(listeningAddresses(Number(port)) ?? ['127.0.0.1']).toEqual(['127.0.0.1']);
    }
    // The server's CORS list is the site's origin: a page from there may read its answers.
    const answer = await fetch(new URL('/api/v1/memos?pageSize=1', serverUrl), {
      headers: { Origin: pageUrl.origin },
    });
    expect(answer.headers.get('access-control-allow-origin')).toBe(pageUrl.origin);
    expect(flat(banner)).toContain(`CORS allows only ${pageUrl.origin}`);

    const exit = await run.stop();
    expect(exit.code).toBe(143);
    expect(await portIsClosed(Number(pageUrl.port))).toBe(true);
    expect(await portIsClosed(Number(serverUrl.port))).toBe(true);
  }, 60_000);

  it('picks the built site in docs/.vitepress/dist only when it is newer than every source, and says which', async () => {
    const state = siteState(siteDir);
    const run = start(['--port', '0', '--docs-port', '0', '--lang', 'en']);
    // The next phase is printed once the first one is whole.
    const said = flat(
      await run.waitFor(/Serving the built site|Waiting for the VitePress/, { timeoutMs: 30_000 }),
    );
    if (state.state === 'fresh')
      expect(said).toContain('Docs site: the built site in docs/.vitepress/dist (newer than every source)');
    else if (state.state === 'missing') expect(said).toContain('Docs site: there is no built site yet');
    else expect(said).toContain(`Docs site: ${state.newer} changed after the build in docs/.vitepress/dist`);
    await run.stop();
  }, 60_000);

  it('stops the dev server it is waiting for when stopped while starting', async () => {
    const docsPort = String(await freePort());
    const run = start(['--dev', '--port', '0', '--docs-port', docsPort, '--lang', 'en']);
    await run.waitFor(/Waiting for the VitePress dev server/, { timeoutMs: 30_000 });
    // The dev server is the playground's child by now, whether or not it listens yet.
    const dev = () => processesWith(['dev', '--port', docsPort, '--strictPort']);
    const deadline = Date.now() + 10_000;
    while (dev().length === 0 && Date.now() < deadline) await new Promise((wait) => setTimeout(wait, 50));
    expect(dev().length).toBe(1);
    await run.stop({ graceMs: 10_000 });
    const left = dev();
    for (const pid of left) process.kill(pid, 'SIGKILL');
    expect(left).toEqual([]);
  }, 60_000);

  it('refuses --dev with --dir, in one line, exit 2', async () => {
    const run = await runEntry(playground, { args: ['--dev', '--dir', site, '--lang', 'en'] });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--dev and --dir exclude each other');
  });

  it('names in its help the pace it really starts with, and no other, in both languages', async () => {
    const run = start(['--dir', site, '--port', '0', '--docs-port', '0', '--lang', 'en']);
    const banner = await run.waitFor(/Ctrl-C/, { timeoutMs: 30_000 });
    const pace = /\(workshop, pace (\w+)\)/.exec(banner)?.[1];
    await run.stop();
    expect(pace).toBeDefined();
    for (const lang of ['zh', 'en']) {
      const help = await runEntry(playground, { args: ['--help', '--lang', lang] });
      // Every default the help gives for a pace: "默认 article", "default off", "默认节奏 article"…
      const claims = [
        ...flat(help.stdout).matchAll(/(?:默认|defaults? to|default)\s*(?:节奏\s*)?(off|article)\b/g),
      ];
      expect(claims.length, help.stdout).toBeGreaterThan(0);
      expect(new Set(claims.map((claim) => claim[1])), help.stdout).toEqual(new Set([pace]));
    }
  }, 60_000);
});
