/**
 * The learner's files against two references: the starter as committed (for `--reset`) and the solution
 * (for `--diff`). The committed starter comes from git (committed.ts), because the learner's copy *is* the
 * starter folder.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Lab } from './catalog.ts';
import { folderFiles, type NoCommit, readCommitted, starterPaths } from './committed.ts';

export class ResetImpossible extends Error {
  override name = 'ResetImpossible';
  constructor(readonly reason: NoCommit | 'not-committed') {
    super(reason);
  }
}

/**
 * Puts every starter file of the lab back as committed (in the git checkout that holds `root`, the labs
 * folder); reads them all before writing any.
 */
export async function resetStarter(lab: Lab, root: string): Promise<string[]> {
  const committed = await readCommitted(root, starterPaths(lab));
  if (committed.from === 'none') throw new ResetImpossible(committed.reason);
  const originals = folderFiles(lab).map((name) => ({
    name,
    text: committed.files.get(`${lab.dir}/starter/${name}`),
  }));
  if (originals.some(({ text }) => text === undefined)) throw new ResetImpossible('not-committed');
  await Promise.all(
    originals.map(({ name, text }) => writeFile(join(root, lab.dir, 'starter', name), text ?? '')),
  );
  return originals.map(({ name }) => name);
}

export type DiffLine = { kind: 'same' | 'yours' | 'solution'; text: string };

/** A line diff by longest common subsequence: the files are a page long, so the quadratic table is small. */
export function diffLines(yours: string, solution: string): DiffLine[] {
  const a = yours.split('\n');
  const b = solution.split('\n');
  const common: number[][] = Array.from({ length: a.length + 1 }, () =>
    new Array<number>(b.length + 1).fill(0),
  );
  for (let i = a.length - 1; i >= 0; i--) {
    const row = common[i] as number[];
    const below = common[i + 1] as number[];
    for (let j = b.length - 1; j >= 0; j--) {
      row[j] =
        a[i] === b[j] ? (below[j + 1] as number) + 1 : Math.max(below[j] as number, row[j + 1] as number);
    }
  }
  const lines: DiffLine[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      lines.push({ kind: 'same', text: a[i] as string });
      i++;
      j++;
    } else if (i < a.length && (j === b.length || (common[i + 1]?.[j] ?? 0) >= (common[i]?.[j + 1] ?? 0))) {
      // Your line first, then the solution's: a diff reads as "this became that".
      lines.push({ kind: 'yours', text: a[i] as string });
      i++;
    } else {
      lines.push({ kind: 'solution', text: b[j] as string });
      j++;
    }
  }
  return lines;
}

/** Only the changed lines and `context` lines around them; `null` marks a gap of unchanged lines. */
export function diffHunks(lines: DiffLine[], context = 2): Array<DiffLine | null> {
  const keep = lines.map((line) => line.kind !== 'same');
  const near = lines.map((_, index) =>
    keep.slice(Math.max(0, index - context), index + context + 1).some(Boolean),
  );
  const out: Array<DiffLine | null> = [];
  lines.forEach((line, index) => {
    if (near[index]) out.push(line);
    else if (out.at(-1) !== null) out.push(null);
  });
  if (out[0] === null) out.shift();
  if (out.at(-1) === null) out.pop();
  return out;
}

export async function readPair(
  name: string,
  starterDir: string,
  solutionDir: string,
): Promise<{ yours: string; solution: string }> {
  const [yours, solution] = await Promise.all([
    readFile(join(starterDir, name), 'utf8'),
    readFile(join(solutionDir, name), 'utf8'),
  ]);
  return { yours, solution };
}
