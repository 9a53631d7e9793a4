import { existsSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import {
  entryArgs,
  listen,
  listeningAddresses,
  portIsClosed,
  processIsGone,
  runEntry,
  runNode,
  startEntry,
} from '../src/index.ts';

const echo = new URL('./__fixtures__/echo.ts', import.meta.url);

describe('startEntry / runEntry', () => {
  it('runs a TypeScript file through process.execPath and the bundle launcher, never a shell', () => {
    const args = entryArgs(echo, ['a']);
    expect(args[0]).toMatch(/entry-bundle[\\/]src[\\/]launch\.mjs$/);
    expect(args.slice(1)).toEqual([expect.stringMatching(/echo\.ts$/), 'a']);
  });

  it('runs an entry to its end with its input and collects what it printed', async () => {
    const run = await runEntry(echo, { args: ['one', 'two'], input: 'hello\n' });
    expect(run.code).toBe(0);
    expect(run.stdout).toBe('ready one two\ngot hello\n');
  });

  it('waits for a line, then stops the entry with SIGTERM', async () => {
    const entry = startEntry(echo, { args: ['x'] });
    await expect(entry.waitFor(/ready x/)).resolves.toContain('ready x');
    const exit = await entry.stop();
    expect(exit.code).toBe(143);
    expect(entry.stdout()).toContain('terminated');
    expect(processIsGone(entry.child.pid ?? -1)).toBe(true);
  });

  it('rejects a wait, with the output, when the entry exits first', async () => {
    const entry = startEntry(echo, { stdin: 'ignore' });
    await expect(entry.waitFor(/never printed/)).rejects.toThrow(/exited \(code 0\)[\s\S]*ready/);
  });

  // How a test runs a tool under another Node version's binary.
  it.skipIf(process.platform === 'win32')(
    'runs the Node binary it is given instead of this one',
    async () => {
      const scratch = mkdtempSync(join(tmpdir(), 'process-exec-path-'));
      try {
        // Another name for this binary: the child's argv0 is the file it was started as.
        const other = join(scratch, 'node');
        symlinkSync(process.execPath, other);
        const run = await runNode(['-p', 'process.argv0'], { execPath: other });
        expect(run.code, run.stderr).toBe(0);
        expect(run.stdout.trim()).toBe(other);
      } finally {
        rmSync(scratch, { recursive: true, force: true });
      }
    },
  );

  it('rejects a run that does not finish in time and kills it', async () => {
    await expect(runEntry(echo, { stdin: 'pipe', timeoutMs: 1500 })).rejects.toThrow(
      /did not finish within 1500 ms/,
    );
  });
});

/** A promise the server's handler settles when the request reaches it (Node 20 has no Promise.withResolvers). */
function arrival(): { arrived: Promise<void>; arrive: () => void } {
  let arrive = () => {};
  const arrived = new Promise<void>((resolve) => {
    arrive = resolve;
  });
  return { arrived, arrive };
}

describe('listen', () => {
  it('serves on loopback with a free port and frees the port on close', async () => {
    const server = await listen((_req, res) => res.end('ok'));
    expect(server.url).toBe(`http://127.0.0.1:${server.port}`);
    expect(await (await fetch(server.url)).text()).toBe('ok');
    await server.close();
    expect(await portIsClosed(server.port)).toBe(true);
  });

  it('lets a request in flight finish within the grace period', async () => {
    const { arrived, arrive } = arrival();
    const server = await listen(async (_req, res) => {
      arrive();
      await sleep(200);
      res.end('finished');
    });
    const answer = fetch(server.url).then((response) => response.text());
    // Closed before the request arrives, the connection is idle and is closed as such: not this case.
    await arrived;
    const closed = await server.close({ graceMs: 2_000 });
    expect(await answer).toBe('finished');
    expect(closed.cutShort).toBe(false);
  });

  it('cuts a request that outlives the grace period', async () => {
    const { arrived, arrive } = arrival();
    const server = await listen(() => arrive());
    const answer = fetch(server.url).then(
      () => 'answered',
      () => 'cut',
    );
    await arrived;
    const closed = await server.close({ graceMs: 100 });
    expect(closed.cutShort).toBe(true);
    expect(await answer).toBe('cut');
  });
});

describe('listeningAddresses', () => {
  /** Listens on `host` (Node's default when undefined) and reads back where the kernel says it listens. */
  async function readBack(host: string | undefined): Promise<string[] | null> {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, host, resolve));
    const address = server.address();
    try {
      return listeningAddresses(typeof address === 'object' && address ? address.port : 0);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  }

  it.skipIf(!existsSync('/proc/net/tcp'))(
    'names loopback for a loopback server and the wildcard for one on every interface',
    async () => {
      expect(await readBack('127.0.0.1')).toEqual(['127.0.0.1']);
      expect(await readBack('0.0.0.0')).toEqual(['0.0.0.0']);
      // With no host, Node listens on every interface: `::` where IPv6 is on, else 0.0.0.0.
      expect(['::', '0.0.0.0']).toContain((await readBack(undefined))?.[0]);
      const server = await listen(() => undefined);
      expect(listeningAddresses(server.port)).toEqual(['127.0.0.1']);
      await server.close();
      expect(listeningAddresses(server.port)).toEqual([]);
    },
  );
});

describe('closeOnSignals', () => {
  const server = new URL('./__fixtures__/server.ts', import.meta.url);
  const parent = new URL('./__fixtures__/parent.ts', import.meta.url);

  /** The test server with a request in flight, answered `answerAfterMs` after it arrived (or 'cut'). */
  async function serving(answerAfterMs: number) {
    const entry = startEntry(server, { env: { ANSWER_AFTER_MS: String(answerAfterMs) } });
    const url = /listening (\S+)/.exec(await entry.waitFor(/listening \S+\n/))?.[1] ?? '';
    const answer = fetch(url).then(
      (response) => response.text(),
      () => 'cut',
    );
    await entry.waitFor(/request arrived/);
    return { entry, answer, port: Number(new URL(url).port) };
  }

  it.each([
    ['SIGTERM', 143],
    // Ctrl-C: its user asked for the stop, which is no failure.
    ['SIGINT', 0],
  ] as const)('drains a request in flight on %s, then exits %i and frees the port', async (signal, code) => {
    const { entry, answer, port } = await serving(300);
    entry.child.kill(signal);
    expect(await answer).toBe('slow answer');
    expect((await entry.exited).code).toBe(code);
    expect(entry.stdout()).toContain(`closing on ${signal}`);
    expect(await portIsClosed(port)).toBe(true);
  });

  it('takes a SIGINT repeated at once for the same Ctrl-C (pnpm passes the terminal’s on), and still drains', async () => {
    const { entry, answer } = await serving(300);
    entry.child.kill('SIGINT');
    entry.child.kill('SIGINT');
    expect(await answer).toBe('slow answer');
    expect((await entry.exited).code).toBe(0);
  });

  it('exits at once, with 130, on a second Ctrl-C while it drains', async () => {
    const { entry, answer } = await serving(20_000);
    entry.child.kill('SIGINT');
    await entry.waitFor(/closing on SIGINT/);
    // Well past the moment a repeated delivery of the first one would arrive.
    await sleep(1_000);
    entry.child.kill('SIGINT');
    expect((await entry.exited).code).toBe(130);
    expect(await answer).toBe('cut');
  });

  it('runs every close registered, the newest first, once', async () => {
    const entry = startEntry(server, { env: { SECOND_CLOSE: 'second close' } });
    await entry.waitFor(/listening \S+\n/);
    entry.child.kill('SIGTERM');
    expect((await entry.exited).code).toBe(143);
    expect(entry.stdout().split('\n').slice(-3)).toEqual(['second close', 'closing on SIGTERM', '']);
  });

  it('closes when its parent is gone, as when pnpm alone is killed', async () => {
    const wrapper = startEntry(parent);
    const printed = await wrapper.waitFor(/listening \S+\n/);
    const pid = Number(/child (\d+)/.exec(printed)?.[1]);
    const port = Number(/127\.0\.0\.1:(\d+)/.exec(printed)?.[1]);
    await wrapper.stop({ signal: 'SIGKILL' });
    const deadline = Date.now() + 5_000;
    while (!processIsGone(pid) && Date.now() < deadline) await sleep(50);
    expect(processIsGone(pid)).toBe(true);
    expect(await portIsClosed(port)).toBe(true);
    // Two TypeScript entries start here, one inside the other: slow on a loaded machine.
  }, 30_000);

  it('drains a request in flight when its parent is gone, through every later tick of the watch', async () => {
    // The answer takes several of the child's 100 ms parent checks; each must not count as a second signal.
    const wrapper = startEntry(parent, { env: { ANSWER_AFTER_MS: '800' } });
    const printed = await wrapper.waitFor(/listening \S+\n/);
    const url = /listening (\S+)/.exec(printed)?.[1] ?? '';
    const answer = fetch(url).then((response) => response.text());
    await wrapper.waitFor(/request arrived/);
    await wrapper.stop({ signal: 'SIGKILL' });
    expect(await answer).toBe('slow answer');
  }, 30_000);
});
