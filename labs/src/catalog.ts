/**
 * The labs, read from their folders: `labs/NN-id/lab.json` says what the lab is (titles, time, the
 * article section and docs page it belongs to, its files, its hint ladder, and the prose of its checks);
 * `check.ts` beside it says how it is checked. Folder order is the article's order.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Bilingual, fill, type Lang, type Vars } from '@memos-kit/terminal';
import * as z from 'zod';
import { ownLadder } from './messages.ts';

/** The folder that holds the lab folders (and their definitions and checks). */
export const labsDir = fileURLToPath(new URL('../', import.meta.url));
export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

export type Source = 'starter' | 'solution';

/**
 * Where the working files live: the repository's `labs/` folder, or another folder laid out the same way
 * (`KIT_LAB_WORKDIR`), which is how the tests try a copy without touching the repository.
 */
export function workdir(env: NodeJS.ProcessEnv = process.env): string {
  return env.KIT_LAB_WORKDIR ?? labsDir;
}

export function sourceDir(lab: Lab, source: Source, root = workdir()): string {
  return join(root, lab.dir, source);
}

const bilingual = z.object({ zh: z.string().min(1), en: z.string().min(1) }).strict();

/**
 * A hint ladder climbs four rungs: a question about the idea, where to look, part of the code, the answer.
 * Every lab keeps one ladder per topic (its checks name theirs); a lab.json that still holds one list of hints
 * is read as one ladder for the whole lab, the topic `lab`.
 */
const ladder = z.tuple([bilingual, bilingual, bilingual, bilingual]);

/** The topic of a lab whose hints are one list. */
export const LAB_TOPIC = 'lab';

const labSchema = z
  .object({
    $schema: z.string().optional(),
    id: z.string().regex(/^[a-z][a-z0-9-]*$/),
    title: bilingual,
    minutes: z.number().int().positive().max(60),
    goal: bilingual,
    article: z.object({ section: z.string(), zh: z.string(), en: z.string() }).strict(),
    /** The docs page of this lab, e.g. `labs/two-messages` (zh at the root, en under /en/). */
    docs: z.string(),
    /** The guide page the lab practises, e.g. `guide/two-messages`. */
    guide: z.string(),
    /** The files a learner edits, by name inside `starter/` (the solution has the same names). */
    files: z.array(z.string()).min(1),
    /**
     * Files the folder holds that the learner reads but does not write (lab 10's `memos.ts`): staged with the
     * starter, restored by `--reset`, never compared with the solution.
     */
    given: z.array(z.string()).optional(),
    /**
     * The packages the learner's files may import (besides Node's built-ins and files of their own folder):
     * what "your own code" means for this lab. Absent: the lab's files import no package at run time.
     */
    imports: z.array(z.string()).optional(),
    /**
     * How a host starts the server the learner writes (`pnpm connect --lab N` reads it too): over stdio,
     * `<node> <entry>` with MEMOS_URL and MEMOS_TOKEN; over HTTP, the same with PORT, then `path` on 127.0.0.1.
     * The entry is relative to the folder the learner works in. `env` names what else the server reads
     * (`{url}` in a value is an HTTP server's own MCP address).
     */
    server: z
      .object({
        transport: z.enum(['stdio', 'http']),
        entry: z.string(),
        path: z.string().startsWith('/').optional(),
        env: z.record(z.string().regex(/^[A-Z][A-Z0-9_]*$/), z.string()).optional(),
      })
      .strict()
      .optional(),
    /**
     * How a learner tries their work by hand, beside the check: a command (a kit command, a curl line), or
     * words in both languages when the command needs a sentence around it.
     */
    tryIt: z.union([z.string(), bilingual]).optional(),
    hints: z.union([z.array(bilingual).min(2), z.record(z.string().regex(/^[a-z][a-zA-Z]*$/), ladder)]),
    learned: bilingual,
    checks: z.record(z.string(), bilingual),
    messages: z.record(z.string(), bilingual),
  })
  .strict();

type LabDefinition = z.infer<typeof labSchema>;

export interface Lab extends LabDefinition {
  /** 1-based position in the article's order. */
  number: number;
  /** The lab's folder name, e.g. `01-two-messages`. */
  dir: string;
}

let cache: Lab[] | undefined;

export function loadLabs(): Lab[] {
  cache ??= readdirSync(labsDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && /^\d\d-/.test(entry.name))
    .map((entry) => entry.name)
    .sort()
    .map((dir, index) => {
      const raw: unknown = JSON.parse(readFileSync(join(labsDir, dir, 'lab.json'), 'utf8'));
      const parsed = labSchema.safeParse(raw);
      if (!parsed.success) throw new Error(`${dir}/lab.json: ${z.prettifyError(parsed.error)}`);
      if (`${String(index + 1).padStart(2, '0')}-${parsed.data.id}` !== dir)
        throw new Error(`${dir}/lab.json: the folder should be named NN-${parsed.data.id}`);
      return { ...parsed.data, number: index + 1, dir };
    });
  return cache;
}

/** A lab by its id or its number (`pnpm lab 3` and `pnpm lab two-errors` are the same). */
export function findLab(idOrNumber: string): Lab | undefined {
  const labs = loadLabs();
  if (/^\d+$/.test(idOrNumber)) return labs[Number(idOrNumber) - 1];
  return labs.find((lab) => lab.id === idOrNumber);
}

export function nextLab(lab: Lab): Lab | undefined {
  return loadLabs()[lab.number];
}

/** The lab's prose in one language, with `{placeholders}` filled. */
export function labText(text: Bilingual | undefined, lang: Lang, vars: Vars = {}): string {
  return text ? fill(text[lang], vars) : '';
}

/** The lab's hint ladders by topic: one per topic for the build track, the whole list as `lab` before it. */
export function ladders(lab: Lab): Record<string, Bilingual[]> {
  return Array.isArray(lab.hints) ? { [LAB_TOPIC]: lab.hints } : lab.hints;
}

/** The topic of the checks every lab of the build track shares: the code is the learner's own. */
export const OWN_TOPIC = 'own';

/** A topic's ladder: the lab's own, or the shared one of the checks every lab may carry. */
export function ladderFor(lab: Lab, topic: string): Bilingual[] {
  return ladders(lab)[topic] ?? (topic === OWN_TOPIC ? ownLadder : []);
}

/** Where `--hint` climbs: the topic the last run stopped at, if the lab has its ladder; else the lab's first. */
export function hintTopic(lab: Lab, last: string | undefined): string {
  if (last !== undefined && ladderFor(lab, last).length > 0) return last;
  return Object.keys(ladders(lab))[0] ?? LAB_TOPIC;
}

/** `{starter, solution}` path pairs from the repository root, for tools and the docs. */
export function filePairs(lab: Lab): Array<{ starter: string; solution: string }> {
  return lab.files.map((name) => ({
    starter: `labs/${lab.dir}/starter/${name}`,
    solution: `labs/${lab.dir}/solution/${name}`,
  }));
}
