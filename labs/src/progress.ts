/**
 * What the learner has done, on their machine only: which labs passed and how many hints they have seen.
 * One small JSON file beside the labs, ignored by git, so it never travels with a commit.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

interface LabProgress {
  passedAt?: string;
  hintsSeen?: number;
}

type Progress = Record<string, LabProgress>;

const PROGRESS_FILE = '.progress.json';

export class ProgressFile {
  readonly path: string;

  constructor(root: string) {
    this.path = join(root, PROGRESS_FILE);
  }

  read(): Progress {
    try {
      const parsed: unknown = JSON.parse(readFileSync(this.path, 'utf8'));
      return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
        ? (parsed as Progress)
        : {};
    } catch {
      // No file yet, or one a person broke by hand: start again rather than refuse to run.
      return {};
    }
  }

  #update(id: string, change: (entry: LabProgress) => LabProgress): void {
    const all = this.read();
    all[id] = change(all[id] ?? {});
    writeFileSync(this.path, `${JSON.stringify(all, null, 2)}\n`);
  }

  passed(id: string): boolean {
    return this.read()[id]?.passedAt !== undefined;
  }

  markPassed(id: string, when = new Date()): void {
    this.#update(id, (entry) => ({ ...entry, passedAt: when.toISOString() }));
  }

  /** The learner changed their files back: the lab is not done any more. */
  forget(id: string): void {
    this.#update(id, ({ hintsSeen }) => (hintsSeen === undefined ? {} : { hintsSeen }));
  }

  /** How many rungs of the hint ladder the learner has seen. */
  hintsSeen(id: string): number {
    return this.read()[id]?.hintsSeen ?? 0;
  }

  /** One more rung of the hint ladder, up to `total`; returns how many are shown now. */
  nextHint(id: string, total: number): number {
    const seen = Math.min(this.hintsSeen(id) + 1, total);
    this.#update(id, (entry) => ({ ...entry, hintsSeen: seen }));
    return seen;
  }
}
