// `pnpm lab --verify-all` as `pnpm test` runs it, on a checkout whose labs a teacher solved and did not reset,
// and the promise to a learner: copying a lab's solution over its starter makes `pnpm lab <id>` pass (in a
// copy outside the repository, never by editing it).
import { cpSync } from 'node:fs';
import { join } from 'node:path';
import { runEntry } from '@memos-kit/process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { labsDir, loadLabs } from '../src/catalog.ts';
import { LabSession, runLab, verifyAll } from '../src/run.ts';
import { makeWorkdir, type Workdir } from './support/workdir.ts';

const CLI = join(labsDir, 'src', 'cli.ts');
// One session for the file: the checks share the kit's server, as `pnpm lab --verify-all` does.
const session = new LabSession();
let solved: Workdir;

beforeAll(async () => {
  solved = await makeWorkdir('solved');
});

afterAll(async () => {
  await session.close();
  solved.remove();
});

describe('every lab', () => {
  it('holds as committed: pnpm lab --verify-all checks the committed starters, not the solved ones on disk', async () => {
    const run = await runEntry(CLI, {
      args: ['--verify-all', '--lang', 'en'],
      env: { KIT_LAB_WORKDIR: solved.root },
      timeoutMs: 200_000,
    });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    // The report wraps to 100 columns when piped; its sentences are read unwrapped.
    const report = run.stdout.replace(/\s+/g, ' ');
    expect(report).toContain('The starters are checked as committed');
    expect(report).toContain(
      `These labs’ starters differ in the working copy, and were not what was checked: ${loadLabs()
        .map((lab) => `${lab.number} ${lab.id}`)
        .join(', ')}.`,
    );
    for (const lab of loadLabs())
      expect(report).toContain(`${lab.number}. ${lab.id}: the solution passes; the starter fails at`);
    expect(report).toContain('Every lab holds.');
  }, 240_000);

  it('names the first check a broken solution fails, and why, not the checks skipped after it', async () => {
    const broken = await makeWorkdir('starter');
    try {
      const [lab] = loadLabs();
      if (!lab) throw new Error('no labs');
      for (const name of lab.files)
        cpSync(join(broken.root, lab.dir, 'starter', name), join(broken.root, lab.dir, 'solution', name));
      const [outcome] = await verifyAll('en', session, broken.root, [lab]);
      const failed = outcome?.solution.checks.filter((check) => check.status === 'fail') ?? [];
      expect(failed).toHaveLength(1);
      expect(outcome?.problems).toEqual([
        `the solution does not pass “${failed[0]?.title}”: ${failed[0]?.message}`,
      ]);
      expect(failed[0]?.message).toBeTruthy();
    } finally {
      broken.remove();
    }
  }, 120_000);

  it('passes in a copy where the solution files were copied over the starter files, unless the lab refuses a copy', async () => {
    for (const lab of loadLabs()) {
      const result = await runLab(lab, { source: 'starter', lang: 'en', session, root: solved.root });
      const refused = result.checks.filter((check) => check.status === 'fail');
      // The build track asks the learner to write the server: there a copy of the solution fails, saying so.
      if (result.checks.some((check) => check.id === 'notACopy'))
        expect(
          refused.map((check) => [check.id, check.message]),
          lab.id,
        ).toEqual([['notACopy', expect.stringContaining('is the solution, word for word')]]);
      else
        expect(
          result.checks.filter((check) => check.status !== 'pass'),
          lab.id,
        ).toEqual([]);
    }
  }, 240_000);

  it('pnpm lab <id> exits 0 on that copy and remembers it there', async () => {
    const env = { KIT_LAB_WORKDIR: solved.root };
    const run = await runEntry(CLI, { args: ['discover-list-call', '--lang', 'en'], env, timeoutMs: 60_000 });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toContain('All 5 checks pass.');
    expect(run.stdout).toContain('Next lab: pnpm lab 3');
    const list = await runEntry(CLI, { args: ['--lang', 'en'], env });
    expect(list.stdout).toMatch(/discover-list-call .*✓ done/);
    expect(list.stdout).toMatch(/two-messages .*to do/);
  }, 120_000);
});
