// The starters as committed, read from git whatever the working copy holds: what --verify-all, --reset, the
// tests and pnpm preflight compare against. Played on a checkout of the labs' own (test/support/workdir.ts).
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadLabs } from '../src/catalog.ts';
import { changedStarters, readCommitted, stageCommitted, starterPaths } from '../src/committed.ts';
import { formatVerify } from '../src/report.ts';
import { makeWorkdir, type Workdir } from './support/workdir.ts';

const labs = loadLabs();
const plain = { paint: (_format: unknown, text: string) => text, width: 100 };
let solved: Workdir;

beforeAll(async () => {
  solved = await makeWorkdir('solved');
});
afterAll(() => solved.remove());

const text = (root: string, path: string) => readFileSync(join(root, path), 'utf8');

describe('the committed starters', () => {
  it('are read from HEAD, not from the solved files on disk', async () => {
    const committed = await readCommitted(solved.root, labs.flatMap(starterPaths));
    expect(committed.from).toBe('git');
    if (committed.from !== 'git') return;
    for (const lab of labs)
      for (const name of lab.files) {
        const starter = committed.files.get(`${lab.dir}/starter/${name}`);
        expect(starter, `${lab.dir}/${name}`).toBeDefined();
        expect(starter).not.toBe(text(solved.root, `${lab.dir}/starter/${name}`));
        expect(starter).not.toBe(text(solved.root, `${lab.dir}/solution/${name}`));
      }
  });

  it('name every lab whose starter the working copy changed, and no other', async () => {
    const all = await changedStarters(solved.root);
    expect(all.from === 'git' && all.changed.map((change) => change.lab.id)).toEqual(
      labs.map((lab) => lab.id),
    );
    const fresh = await makeWorkdir('starter');
    try {
      const [first] = labs;
      if (!first) throw new Error('no labs');
      writeFileSync(join(fresh.root, first.dir, 'starter', first.files[0] as string), '# mine\n');
      const one = await changedStarters(fresh.root);
      expect(one.from === 'git' && one.changed.map(({ lab, files }) => [lab.id, files])).toEqual([
        [first.id, [first.files[0]]],
      ]);
    } finally {
      fresh.remove();
    }
  });

  it('are what a staged copy holds, next to the solutions of the working copy', async () => {
    const staged = await stageCommitted(solved.root);
    try {
      expect(staged.from).toBe('git');
      expect(staged.uncommitted).toEqual([]);
      expect(staged.changed).toHaveLength(labs.length);
      for (const lab of labs)
        for (const name of lab.files) {
          expect(text(staged.root, `${lab.dir}/starter/${name}`)).not.toBe(
            text(staged.root, `${lab.dir}/solution/${name}`),
          );
          expect(text(staged.root, `${lab.dir}/solution/${name}`)).toBe(
            text(solved.root, `${lab.dir}/solution/${name}`),
          );
        }
    } finally {
      staged.remove();
    }
  });

  it('without git, are the working copy, and the verdict says so', async () => {
    // A kit unpacked from an archive: the same files, no repository around them.
    const unpacked = mkdtempSync(join(tmpdir(), 'memos-kit-unpacked-'));
    try {
      for (const lab of labs)
        cpSync(join(solved.root, lab.dir), join(unpacked, lab.dir), { recursive: true });
      expect(await changedStarters(unpacked)).toEqual({ from: 'none', reason: 'not-a-checkout' });
      const staged = await stageCommitted(unpacked);
      try {
        expect(staged.from).toBe('working-copy');
        const [first] = labs;
        const path = `${first?.dir}/starter/${first?.files[0]}`;
        expect(text(staged.root, path)).toBe(text(unpacked, path));
        const { root: _root, remove: _remove, ...rest } = staged;
        const zh = formatVerify({ outcomes: [], staged: rest }, { lang: 'zh', ...plain });
        const en = formatVerify({ outcomes: [], staged: rest }, { lang: 'en', ...plain });
        expect(zh).toContain('这里不是 git 仓库');
        expect(zh).toContain('只能检查工作副本里的');
        expect(en).toContain('this is not a git checkout');
        expect(en).toContain('the working copy is checked');
      } finally {
        staged.remove();
      }
    } finally {
      rmSync(unpacked, { recursive: true, force: true });
    }
  });

  it('the verdict names, in Chinese too, the changed starters it left aside', () => {
    const changed = labs.slice(0, 2).map((lab) => ({ lab, files: lab.files }));
    const zh = formatVerify(
      { outcomes: [], staged: { from: 'git', uncommitted: [], changed } },
      { lang: 'zh', ...plain },
    );
    expect(zh).toContain('starter 按提交时的样子检查');
    expect(zh).toContain(`这次检查的不是它们：1 ${labs[0]?.id}、2 ${labs[1]?.id}。`);
  });
});
