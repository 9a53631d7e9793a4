// `pnpm serve --class N` as a teacher types it: on loopback by default, on the one address --host names
// otherwise (never every interface), a banner that says who can reach the machine and how to stop it, the
// first command it prints answered, and Ctrl-C closing the port.
import { listeningAddresses, portIsClosed } from '@memos-kit/process';
import { describe, expect, it } from 'vitest';
import { runScript, startScript } from './pnpm.ts';

const canLook = listeningAddresses(0) !== null;

/** The first curl the banner prints, sent as curl would send it. */
async function firstCommand(banner: string): Promise<number> {
  const match = /curl -H "Authorization: Bearer (\S+)" "(\S+)"/.exec(banner);
  if (!match) throw new Error(`no first command in:\n${banner}`);
  const answer = await fetch(match[2] ?? '', { headers: { Authorization: `Bearer ${match[1]}` } });
  return answer.status;
}

describe.skipIf(!canLook)('pnpm serve --class', () => {
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

  it('refuses every interface, and a class size that is not one', async () => {
    const wildcard = await runScript('serve', ['--class', '2', '--host', '0.0.0.0', '--lang', 'en']);
    expect(wildcard.code).toBe(2);
    expect(wildcard.stderr).toContain('class mode does not bind 0.0.0.0');
    const none = await runScript('serve', ['--class', '0', '--lang', 'en']);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('--class takes a whole number');
  }, 60_000);
});
