// A teacher's terminal, a process manager or CI stops `pnpm serve` with SIGTERM sent to the pnpm process
// alone, not to its process group. pnpm does not forward the signal, so the server must notice that its
// parent is gone, drain what is in flight and stop: no server left on the port, no answer cut short.
import { readdirSync, readFileSync } from 'node:fs';
import { processIsGone } from '@memos-kit/process';
import { replayHttpFixture } from '@memos-kit/wire';
import { describe, expect, it } from 'vitest';
import { sseServe, startScript } from './pnpm.ts';

/** Every process below `pid` (Linux `/proc`, where CI runs), found by walking parent ids. */
function descendantsOf(pid: number): number[] {
  const parentOf = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // The command name sits in parentheses and may hold spaces; the fields after it are plain.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parentOf.set(Number(entry), parent);
    } catch {
      // The process ended while the table was read.
    }
  }
  const found: number[] = [];
  let frontier = [pid];
  while (frontier.length > 0) {
    const next = [...parentOf].filter(([, parent]) => frontier.includes(parent)).map(([child]) => child);
    found.push(...next);
    frontier = next;
  }
  return found;
}

describe.skipIf(process.platform !== 'linux')('SIGTERM to the pnpm serve process alone', () => {
  it('stops the whole tree within 5 s, after the in-flight SSE call has its result', async () => {
    const { fixture, args } = sseServe();
    const server = startScript('serve', args);
    try {
      const banner = await server.waitFor(/http:\/\/127\.0\.0\.1:\d+/);
      const url = /http:\/\/127\.0\.0\.1:\d+/.exec(banner)?.[0] ?? '';
      const pnpmPid = server.child.pid ?? 0;
      const tree = [pnpmPid, ...descendantsOf(pnpmPid)];
      expect(tree.length, 'pnpm and the node server under it').toBeGreaterThanOrEqual(2);

      let signalledAt = 0;
      const answer = await replayHttpFixture(fixture, url, {
        // The article's pace sends progress at 1 s and the result at 3 s: signal once the stream is open.
        onChunk: (_chunk, elapsedMs) => {
          if (signalledAt > 0) return;
          signalledAt = elapsedMs;
          process.kill(pnpmPid, 'SIGTERM');
        },
      });
      expect(signalledAt).toBeGreaterThan(0);
      expect(answer.status).toBe(200);
      const messages = (answer.events ?? []).map((event) => JSON.parse(event.data) as { id?: number });
      expect(messages.at(-1)?.id, 'the final result arrived').toBe(fixture.entry.jsonrpcId);

      const deadline = Date.now() + 5_000;
      while (Date.now() < deadline && !tree.every(processIsGone)) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(
        tree.filter((pid) => !processIsGone(pid)),
        'processes still running 5 s after',
      ).toEqual([]);
      // The log says what happened: the signal, the call it let finish; then the stop, in one line on stderr.
      expect(server.stdout()).toMatch(/SIGTERM[\s\S]*tools\/call memo_list_memos/);
      expect(server.stderr()).toContain('已停止（SIGTERM）');
    } finally {
      await server.interrupt(1_000);
    }
  }, 30_000);
});
