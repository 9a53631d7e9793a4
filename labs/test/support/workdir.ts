// A kit checkout of the labs outside the repository (KIT_LAB_WORKDIR), so a test can edit, reset and pass
// labs without touching the repository: the labs as committed, committed again in a git repository of its
// own, as a class's clone has them. Its node_modules is the labs package's, so the starters' imports
// resolve as they do in place.
import { execFileSync } from 'node:child_process';
import { cpSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { labsDir, loadLabs } from '../../src/catalog.ts';
import { stageCommitted } from '../../src/committed.ts';

export interface Workdir {
  root: string;
  remove(): void;
}

/** git as a test's own: no variable of a hook or a caller's repository may point it elsewhere. */
function git(root: string, args: string[]): void {
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('GIT_')));
  execFileSync(
    'git',
    [
      '-c',
      'user.name=labs test',
      '-c',
      'user.email=labs-test@example.invalid',
      '-c',
      'commit.gpgsign=false',
      ...args,
    ],
    { cwd: root, env, stdio: 'ignore' },
  );
}

/**
 * `starter`: the labs as committed; `solved`: the same checkout after a rehearsal, each lab's solution
 * copied over its starter in the working copy and nothing committed or reset.
 */
export async function makeWorkdir(kind: 'starter' | 'solved'): Promise<Workdir> {
  const staged = await stageCommitted(labsDir);
  try {
    writeFileSync(join(staged.root, '.gitignore'), 'node_modules\n.progress.json\n');
    git(staged.root, ['init', '-q']);
    git(staged.root, ['add', '-A']);
    git(staged.root, ['commit', '-q', '--no-verify', '-m', 'labs as committed']);
    if (kind === 'solved')
      for (const lab of loadLabs())
        for (const name of lab.files)
          cpSync(join(staged.root, lab.dir, 'solution', name), join(staged.root, lab.dir, 'starter', name));
  } catch (error) {
    staged.remove();
    throw error;
  }
  return { root: staged.root, remove: staged.remove };
}
