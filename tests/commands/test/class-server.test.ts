// `pnpm serve --class N` as a teacher types it: on loopback by default, on the one address --host names
// otherwise (never every interface), a banner that says who can reach the machine and how to stop it, the
// first command it prints answered, and Ctrl-C closing the port.
import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { networkInterfaces } from 'node:os';
import { join } from 'node:path';
import { listeningAddresses, portIsClosed } from '@memos-kit/process';
import { loadFixture } from '@memos-kit/wire';
import { describe, expect, it } from 'vitest';
import { root, runScript, startScript } from './pnpm.ts';

const canLook = listeningAddresses(0) !== null;

/** The first curl the banner prints, sent as curl would send it. */
async function firstCommand(banner: string): Promise<number> {
  const match = /curl -H "Authorization: Bearer (\S+)" "(\S+)"/.exec(banner);
  if (!match) throw new Error(`no first command in:\n${banner}`);
  const answer = await fetch(match[2] ?? '', { headers: { Authorization: `Bearer ${match[1]}` } });
  return answer.status;
}

/**
 * The article's call of a fixture sent to `url` with `token`, each chunk of the answer as it arrives: the
 * order of the writes shows whether the progress event left before the result existed.
 */
function sendArticleCall(
  id: string,
  url: string,
  token: string,
): Promise<{ type: string | undefined; chunks: string[] }> {
  const request = loadFixture(id).request;
  if (!request) throw new Error(`fixture ${id} has no request`);
  const headers = Object.fromEntries(
    request.headers
      .filter(([name]) => name.toLowerCase() !== 'host')
      .map(([name, value]) => [name, name.toLowerCase() === 'authorization' ? `Bearer ${token}` : value]),
  );
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(`${url}/mcp`, { method: 'POST', headers }, (incoming) => {
      const chunks: string[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk.toString('utf8')));
      incoming.on('end', () => resolve({ type: incoming.headers['content-type'], chunks }));
      incoming.on('error', reject);
    });
    outgoing.setTimeout(20_000, () => outgoing.destroy(new Error('no answer in 20 s')));
    outgoing.on('error', reject);
    outgoing.end(request.body);
  });
}

describe.skipIf(!canLook)('pnpm serve --class', () => {
  it('paces a call asking for progress as the article does, unless --pace says otherwise, and says so', async () => {
    const run = startScript('serve', ['--class', '1', '--port', '0', '--lang', 'en']);
    try {
      const banner = await run.waitFor(/Press Ctrl-C to stop\./, { timeoutMs: 60_000 });
      expect(banner).toMatch(/pace\s+article: progress at 1 s, result at 3 s/);
      const url = /listening on (http:\/\/\S+)/.exec(banner)?.[1] ?? '';
      const token = /Bearer (\S+)"/.exec(banner)?.[1] ?? '';
      const streamed = await sendArticleCall('sse-progress', url, token);
      expect(streamed.type).toMatch(/^text\/event-stream/);
      // The progress event leaves in a write of its own; the result is written later, in another.
      const progress = streamed.chunks.findIndex((text) => text.includes('notifications/progress'));
      const result = streamed.chunks.findIndex((text) => text.includes('"result"'));
      expect(progress).toBeGreaterThanOrEqual(0);
      expect(result).toBeGreaterThan(progress);
      expect(streamed.chunks.slice(0, result).join('')).not.toContain('"result"');
      // A call that asks for no progress is not slowed down and stays one JSON answer.
      const plain = await sendArticleCall('mcp-tools-call', url, token);
      expect(plain.type).toMatch(/^application\/json/);
      expect(plain.chunks.join('')).toContain('"result"');
    } finally {
      await run.interrupt();
    }
    const off = startScript('serve', ['--class', '1', '--port', '0', '--pace', 'off', '--lang', 'en']);
    try {
      expect(await off.waitFor(/Press Ctrl-C to stop\./, { timeoutMs: 60_000 })).toMatch(/pace\s+off\n/);
    } finally {
      await off.interrupt();
    }
  }, 90_000);

  it('listens on 127.0.0.1 alone by default, says so, answers its first command and stops on Ctrl-C', async () => {
    const run = startScript('serve', ['--class', '2', '--port', '0', '--lang', 'en']);
    try {
      const banner = await run.waitFor(/Press Ctrl-C to stop\./, { timeoutMs: 60_000 });
      const url = new URL(/listening on (http:\/\/\S+)/.exec(banner)?.[1] ?? '');
      expect(listeningAddresses(Number(url.port))).toEqual(['127.0.0.1']);
      expect(banner).toContain('this computer only (127.0.0.1)');
      expect(banner).toMatch(/\/class#teacher-\w+/);
      expect(await firstCommand(banner)).toBe(200);
      await run.interrupt();
      expect(await portIsClosed(Number(url.port))).toBe(true);
    } finally {
      await run.interrupt();
    }
  }, 90_000);

  it('binds the one address --host names and says every machine that reaches it can connect', async () => {
    const run = startScript('serve', ['--class', '2', '--port', '0', '--host', '127.0.0.2', '--lang', 'en']);
    try {
      const banner = await run.waitFor(/Press Ctrl-C to stop\./, { timeoutMs: 60_000 });
      const url = new URL(/listening on (http:\/\/\S+)/.exec(banner)?.[1] ?? '');
      expect(listeningAddresses(Number(url.port))).toEqual(['127.0.0.2']);
      expect(banner).toMatch(/every machine that can reach 127\.0\.0\.2[\s\S]*press Ctrl-C to stop/);
      expect(await firstCommand(banner)).toBe(200);
    } finally {
      await run.interrupt();
    }
  }, 90_000);

  it('refuses every interface, an address this machine does not have, and a class size that is not one', async () => {
    const wildcard = await runScript('serve', ['--class', '2', '--host', '0.0.0.0', '--lang', 'en']);
    expect(wildcard.code).toBe(2);
    expect(wildcard.stderr).toContain('class mode does not bind 0.0.0.0');
    // An address this machine does not have (192.0.2.10 is for documentation, RFC 5737): what to do, in the
    // CLI's language, with the LAN addresses it does have, instead of the raw EADDRNOTAVAIL.
    const lan = Object.values(networkInterfaces())
      .flat()
      .filter((entry) => entry !== undefined && !entry.internal && entry.family === 'IPv4')
      .map((entry) => entry?.address);
    const elsewhere = await runScript('serve', ['--class', '2', '--host', '192.0.2.10', '--lang', 'en']);
    expect(elsewhere.code).toBe(2);
    expect(elsewhere.stderr).toContain('this machine has no address 192.0.2.10 (EADDRNOTAVAIL)');
    expect(elsewhere.stderr).not.toContain('listen EADDRNOTAVAIL');
    for (const address of lan) expect(elsewhere.stderr).toContain(address);
    const zh = await runScript('serve', ['--class', '2', '--host', '192.0.2.10']);
    expect(zh.code).toBe(2);
    expect(zh.stderr).toContain('这台机器没有 192.0.2.10 这个地址（EADDRNOTAVAIL）');
    // The troubleshooting page quotes a real run word for word; only the machine's addresses differ.
    if (lan.length > 0)
      for (const [page, run] of [
        ['docs/workshop/troubleshooting.md', zh],
        ['docs/en/workshop/troubleshooting.md', elsewhere],
      ] as const) {
        const text = readFileSync(join(root, page), 'utf8');
        const quoted = /\{#host-not-here\}\n+```text\n([\s\S]*?)\n```/.exec(text)?.[1];
        expect(quoted, page).toBeDefined();
        for (const line of (quoted ?? '').split('\n'))
          expect(run.stderr, page).toContain(line.replace('192.0.2.2', lan.join('  ')));
      }
    const none = await runScript('serve', ['--class', '0', '--lang', 'en']);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('--class takes a whole number');
  }, 60_000);
});
