/**
 * What the learner has done, on their machine only: which labs passed, which topic their last failing check
 * belonged to, and how far up each topic's hint ladder they have climbed. One small JSON file beside the
 * labs, ignored by git, so it never travels with a commit.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { LAB_TOPIC } from './catalog.ts';

interface LabProgress {
  passedAt?: string;
  /** Rungs seen of the ladder of a lab with one ladder (the first eight); written by older kits too. */
  hintsSeen?: number;
  /** Rungs seen, by topic, for a lab with a ladder per topic. */
  topics?: Record<string, number>;
  /** The topic of the check that failed in the last run: where `--hint` climbs. */
  lastTopic?: string;
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

  /** The learner changed their files back: the lab is not done any more (the hints they saw stay seen). */
  forget(id: string): void {
    this.#update(id, ({ passedAt: _, ...rest }) => rest);
  }

  /** How many rungs of a topic's hint ladder the learner has seen. */
  hintsSeen(id: string, topic = LAB_TOPIC): number {
    const entry = this.read()[id];
    return (topic === LAB_TOPIC ? entry?.hintsSeen : entry?.topics?.[topic]) ?? 0;
  }

  /** One more rung of a topic's hint ladder, up to `total`; returns how many are shown now. */
  nextHint(id: string, total: number, topic = LAB_TOPIC): number {
    const seen = Math.min(this.hintsSeen(id, topic) + 1, total);
    this.#update(id, (entry) =>
      topic === LAB_TOPIC
        ? { ...entry, hintsSeen: seen }
        : { ...entry, topics: { ...entry.topics, [topic]: seen } },
    );
    return seen;
  }

  /** The topic of the check the last run stopped at, if it stopped. */
  lastTopic(id: string): string | undefined {
    return this.read()[id]?.lastTopic;
  }

  /** Remembers where the last run stopped (`undefined`: it passed). */
  stoppedAt(id: string, topic: string | undefined): void {
    this.#update(id, ({ lastTopic: _, ...rest }) =>
      topic === undefined ? rest : { ...rest, lastTopic: topic },
    );
  }
}
