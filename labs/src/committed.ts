/**
 * The lab files as the last commit has them. A learner edits the starter in place, so once a class (or a
 * teacher's rehearsal) has solved it, the starter as the kit ships it lives only in git: `--reset` puts it
 * back from there, `--verify-all` and the labs' tests check it instead of the solved copy on disk, and
 * `pnpm preflight` names the starters that differ from it. A kit downloaded as an archive has no git; then
 * the working copy is all there is, and each of those says so.
 */
import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { type Lab, labsDir, loadLabs } from './catalog.ts';

const run = promisify(execFile);

/** Why there is no committed copy to read: no git on this machine, or a folder git does not keep. */
export type NoCommit = 'git-missing' | 'not-a-checkout';

export type Committed =
  | {
      from: 'git';
      /** By path relative to the labs folder (`01-two-messages/starter/rest.http`); absent: not in HEAD. */
      files: ReadonlyMap<string, string>;
    }
  | { from: 'none'; reason: NoCommit };

/** The files of a lab's folder: those the learner writes, then those given to read (lab 10's `memos.ts`). */
export const folderFiles = (lab: Lab): string[] => [...lab.files, ...(lab.given ?? [])];

/** `starter/` paths of a lab's files, relative to the labs folder. */
export const starterPaths = (lab: Lab): string[] =>
  folderFiles(lab).map((name) => `${lab.dir}/starter/${name}`);

/**
 * Reads `paths` (relative to `root`, a labs folder inside a git checkout) as HEAD has them, with one
 * `git cat-file --batch`: `HEAD:./path` is read relative to `root`, which is the repository's `labs/` or a
 * test's copy laid out the same way.
 */
export async function readCommitted(root: string, paths: readonly string[]): Promise<Committed> {
  let stdout: Buffer;
  try {
    // git itself, not a shell: execFile passes each argument as one word on every platform.
    const pending = run('git', ['cat-file', '--batch'], {
      cwd: root,
      encoding: 'buffer',
      maxBuffer: 8 << 20,
    });
    // Without git there is no one to read what is written: the failure comes through the promise.
    pending.child.stdin?.on('error', () => {});
    pending.child.stdin?.end(paths.map((path) => `HEAD:./${path}\n`).join(''));
    stdout = (await pending).stdout;
  } catch (error) {
    return {
      from: 'none',
      reason: (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'git-missing' : 'not-a-checkout',
    };
  }
  const files = new Map<string, string>();
  let at = 0;
  for (const path of paths) {
    const end = stdout.indexOf(0x0a, at);
    if (end < 0) break;
    // `<oid> blob <size>` then the bytes and a newline, or `<name> missing` for a path HEAD does not have.
    const header = stdout.subarray(at, end).toString('utf8').split(' ');
    at = end + 1;
    if (header[1] !== 'blob') continue;
    const size = Number(header[2]);
    files.set(path, stdout.subarray(at, at + size).toString('utf8'));
    at += size + 1;
  }
  return { from: 'git', files };
}

/** Line ends aside (git may write CRLF on Windows), whether the working copy still holds the committed text. */
const sameText = (a: string, b: string) => a.replaceAll('\r\n', '\n') === b.replaceAll('\r\n', '\n');

function workingText(root: string, path: string): string | undefined {
  try {
    return readFileSync(join(root, path), 'utf8');
  } catch {
    return undefined;
  }
}

export interface StarterChange {
  lab: Lab;
  /** The lab's starter files that differ from HEAD (or are gone from the working copy). */
  files: string[];
}

function changesIn(
  root: string,
  labs: readonly Lab[],
  committed: ReadonlyMap<string, string>,
): StarterChange[] {
  const changed: StarterChange[] = [];
  for (const lab of labs) {
    const files = folderFiles(lab).filter((name) => {
      const path = `${lab.dir}/starter/${name}`;
      const original = committed.get(path);
      const working = workingText(root, path);
      return original !== undefined && (working === undefined || !sameText(working, original));
    });
    if (files.length > 0) changed.push({ lab, files });
  }
  return changed;
}

/** Which labs' starters in the working copy at `root` differ from the committed ones. */
export async function changedStarters(
  root: string,
  labs: readonly Lab[] = loadLabs(),
): Promise<{ from: 'git'; changed: StarterChange[] } | { from: 'none'; reason: NoCommit }> {
  const committed = await readCommitted(root, labs.flatMap(starterPaths));
  return committed.from === 'none'
    ? committed
    : { from: 'git', changed: changesIn(root, labs, committed.files) };
}

/** A copy of the labs' files outside the working copy, laid out as `labs/` is. */
export interface StagedLabs {
  root: string;
  /** Where its starters came from: git's HEAD, or the working copy when there is no git to ask. */
  from: 'git' | 'working-copy';
  reason?: NoCommit;
  /** Starter files HEAD does not have yet (a lab not committed yet): copied from the working copy. */
  uncommitted: string[];
  /** The labs whose starters in the working copy differ from the committed ones (and were not checked). */
  changed: StarterChange[];
  remove(): void;
}

/**
 * Lays out the labs in a new temporary folder with each starter as committed and each solution as in the
 * working copy at `root`: the starters are the files a class edits, the solutions are the kit's own. The
 * folder's node_modules is the labs package's, so the files' imports resolve as they do in place.
 */
export async function stageCommitted(root: string, labs: readonly Lab[] = loadLabs()): Promise<StagedLabs> {
  const committed = await readCommitted(root, labs.flatMap(starterPaths));
  const staged = mkdtempSync(join(tmpdir(), 'memos-kit-labs-'));
  const uncommitted: string[] = [];
  try {
    symlinkSync(join(labsDir, 'node_modules'), join(staged, 'node_modules'), 'junction');
    // As in labs/package.json: the starters are ES modules (they use top-level await).
    writeFileSync(join(staged, 'package.json'), '{ "type": "module" }\n');
    for (const lab of labs) {
      for (const folder of ['starter', 'solution'])
        mkdirSync(join(staged, lab.dir, folder), { recursive: true });
      for (const name of folderFiles(lab)) {
        const path = `${lab.dir}/starter/${name}`;
        const text = committed.from === 'git' ? committed.files.get(path) : undefined;
        if (text === undefined) {
          if (committed.from === 'git') uncommitted.push(path);
          cpSync(join(root, path), join(staged, path));
        } else writeFileSync(join(staged, path), text);
        cpSync(join(root, lab.dir, 'solution', name), join(staged, lab.dir, 'solution', name));
      }
    }
  } catch (error) {
    rmSync(staged, { recursive: true, force: true });
    throw error;
  }
  return {
    root: staged,
    ...(committed.from === 'git'
      ? { from: 'git' as const }
      : { from: 'working-copy' as const, reason: committed.reason }),
    uncommitted,
    changed: committed.from === 'git' ? changesIn(root, labs, committed.files) : [],
    remove: () => rmSync(staged, { recursive: true, force: true }),
  };
}
