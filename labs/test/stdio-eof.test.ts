// Every stdio lab's server, started as a host starts it, answers the call it has read before it leaves at the
// end of stdin, as `printf '<tools/call>\n' | node server.ts` needs: the call waits on REST when stdin ends. The
// SDK's own stdio transport drops it (its documentation says so); the layer the labs give does not.
import { join } from 'node:path';
import { startNode } from '@memos-kit/process';
import { afterAll, describe, expect, it } from 'vitest';
import { type Lab, labsDir, loadLabs } from '../src/catalog.ts';
import { request } from '../src/learner.ts';
import { LabSession } from '../src/run.ts';

const session = new LabSession();
afterAll(() => session.close());

const stdioLabs = loadLabs().filter((lab) => lab.server?.transport === 'stdio');
// Lab 9's starter has no tool yet, so nothing of it waits on REST.
const cases = stdioLabs.flatMap((lab) =>
  (lab.number === 9 ? ['solution'] : ['starter', 'solution']).map((folder) => [lab, folder] as const),
);

describe('a stdio lab server at the end of stdin', () => {
  it('covers the stdio labs', () => {
    expect(stdioLabs.map((lab) => lab.number)).toEqual([9, 11, 12]);
  });

  it.each(cases.map(([lab, folder]) => [`${lab.id} ${folder}`, lab, folder] as const))(
    '%s answers a tools/call written just before stdin closes',
    async (_, lab: Lab, folder) => {
      const memos = await session.server('workshop', 'read');
      const running = startNode([join(labsDir, lab.dir, folder, lab.server?.entry ?? 'server.ts')], {
        env: { MEMOS_URL: memos.url, MEMOS_TOKEN: memos.users[0]?.tokens[0] ?? '' },
        stdin: 'pipe',
      });
      const call = request(7, 'tools/call', { name: 'list_memos', arguments: { pageSize: 1 } });
      running.child.stdin?.end(`${JSON.stringify(call)}\n`);
      const exit = await Promise.race([
        running.exited,
        new Promise<'late'>((resolve) => setTimeout(() => resolve('late'), 20_000).unref()),
      ]);
      if (exit === 'late') await running.stop({ graceMs: 1_000 });
      expect(exit, running.stderr()).not.toBe('late');
      const answer = running
        .stdout()
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as { id?: number; result?: { structuredContent?: unknown } })
        .find((message) => message.id === 7);
      expect(answer?.result?.structuredContent, running.stdout() + running.stderr()).toBeDefined();
    },
  );
});
