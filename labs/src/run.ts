/**
 * Runs a lab's checks against one copy of its files: the learner's working copy (`starter/`, the files they
 * edit) or the reference `solution/`. `pnpm lab`, `pnpm lab:mcp` and the tests all come through here, so a
 * check behaves the same wherever it is asked for.
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { RunningAdapter } from '@memos-kit/memos-mcp';
import type { Lang } from '@memos-kit/terminal';
import { tsImport } from 'tsx/esm/api';
import { LAB_TOPIC, type Lab, labsDir, labText, loadLabs, type Source, sourceDir } from './catalog.ts';
import { ABSENT, type CheckContext, CheckFailure, isAbsent, type LabCheck } from './check.ts';
import { type StagedLabs, stageCommitted } from './committed.ts';
import { type MessageKey, say } from './messages.ts';

export interface CheckResult {
  id: string;
  title: string;
  /** The hint ladder this check belongs to (`lab` for a lab with one ladder). */
  topic: string;
  status: 'pass' | 'fail' | 'skip';
  message?: string;
  /** What the check sent on the wire, where that is what the learner's code answered. */
  sent?: string;
  expected?: string;
  got?: string;
  /** The expected value is kept back until every hint has been seen (it would give the answer away). */
  withheld?: true;
}

export interface LabResult {
  id: string;
  number: number;
  title: string;
  source: Source;
  ok: boolean;
  checks: CheckResult[];
}

/** How long one check may take before it counts as stuck (a learner's loop that never ends). */
const CHECK_TIMEOUT_MS = 20_000;

/**
 * The servers the checks share. One run of `pnpm lab --verify-all` checks sixteen copies; starting the
 * kit once per dataset instead of once per check keeps that to seconds.
 */
export class LabSession {
  readonly #servers = new Map<string, Promise<RunningAdapter>>();

  server(dataset: 'empty' | 'workshop', purpose: 'read' | 'write' = 'read'): Promise<RunningAdapter> {
    const key = `${dataset}:${purpose}`;
    let running = this.#servers.get(key);
    if (!running) {
      // The kit is loaded with the first check that needs a server, so `pnpm lab:mcp` answers a host's
      // discovery without it (hosts give that answer a deadline; @ai-sdk/mcp gives 1 s).
      running = import('@memos-kit/memos-mcp').then(({ startServer }) =>
        startServer({ port: 0, dataset, log: () => {} }),
      );
      this.#servers.set(key, running);
    }
    return running;
  }

  async close(): Promise<void> {
    const all = [...this.#servers.values()];
    this.#servers.clear();
    await Promise.all(all.map(async (server) => (await server).close()));
  }
}

async function checksOf(lab: Lab): Promise<LabCheck[]> {
  const module = (await import(pathToFileURL(join(labsDir, lab.dir, 'check.ts')).href)) as {
    checks: LabCheck[];
  };
  return module.checks;
}

function contextFor(
  lab: Lab,
  dir: string,
  solutionDir: string,
  session: LabSession,
  lang: Lang,
  closing: Array<() => Promise<unknown>>,
): CheckContext {
  const file = (name: string) => join(dir, name);
  return {
    lab,
    dir,
    solutionDir,
    shared: new Map(),
    onClose: (stop) => {
      closing.push(stop);
    },
    writable: () => session.server('workshop', 'write'),
    lang,
    text: (key, vars) => labText(lab.messages[key], lang, vars) || key,
    say: (key, vars) => say(lang, key, vars),
    file,
    read: async (name) => {
      const { readFile } = await import('node:fs/promises');
      return readFile(file(name), 'utf8');
    },
    load: <T>(name: string) => tsImport(pathToFileURL(file(name)).href, import.meta.url) as Promise<T>,
    server: (dataset) => session.server(dataset),
  };
}

function withTimeout(work: Promise<void>, ms = CHECK_TIMEOUT_MS): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const stuck = new Promise<void>((_, reject) => {
    timer = setTimeout(
      () => reject(new CheckFailure({ message: '@timeout', vars: { seconds: ms / 1000 } })),
      ms,
    );
  });
  return Promise.race([work, stuck]).finally(() => clearTimeout(timer));
}

export interface RunOptions {
  source: Source;
  lang: Lang;
  session: LabSession;
  root?: string;
  /** Told the title of each check as it starts: a terminal can show what a slow check is waiting on. */
  onCheck?: (title: string) => void;
  /** Whether a failure of a topic may show an answer it keeps back (the learner has seen that topic's hints). */
  reveal?: (topic: string) => boolean;
}

/** Runs every check in order; after the first failure the rest are skipped, since each builds on the last. */
export async function runLab(
  lab: Lab,
  { source, lang, session, root, onCheck, reveal = () => false }: RunOptions,
): Promise<LabResult> {
  const closing: Array<() => Promise<unknown>> = [];
  const context = contextFor(
    lab,
    sourceDir(lab, source, root),
    sourceDir(lab, 'solution', root),
    session,
    lang,
    closing,
  );
  const results: CheckResult[] = [];
  let failed = false;
  try {
    for (const check of await checksOf(lab)) {
      const title =
        (check.sharedTitle ? say(lang, check.sharedTitle) : labText(lab.checks[check.id], lang)) || check.id;
      const topic = check.topic ?? LAB_TOPIC;
      if (failed) {
        results.push({ id: check.id, title, topic, status: 'skip' });
        continue;
      }
      try {
        onCheck?.(title);
        await withTimeout(check.run(context), check.timeoutMs);
        results.push({ id: check.id, title, topic, status: 'pass' });
      } catch (error) {
        failed = true;
        results.push({
          id: check.id,
          title,
          topic,
          status: 'fail',
          ...describeFailure(lab, lang, error, reveal(topic)),
        });
      }
    }
  } finally {
    // What the checks started (the learner's server) stops with the run, whatever happened in it.
    await Promise.allSettled(closing.map((stop) => stop()));
  }
  return {
    id: lab.id,
    number: lab.number,
    title: lab.title[lang],
    source,
    ok: !failed,
    checks: results,
  };
}

function describeFailure(
  lab: Lab,
  lang: Lang,
  error: unknown,
  reveal: boolean,
): Pick<CheckResult, 'message' | 'sent' | 'expected' | 'got' | 'withheld'> {
  if (!(error instanceof CheckFailure)) {
    // The learner's code threw: that is a failed check with the error's own words, not a crash of the runner.
    const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    return { message: say(lang, 'threw', { error: text.split('\n')[0] ?? text }) };
  }
  const { message, vars, answer, got, sent } = error.detail;
  const expected = answer !== undefined && reveal ? answer : error.detail.expected;
  const text = message.startsWith('@')
    ? say(lang, message.slice(1) as MessageKey, vars)
    : labText(lab.messages[message], lang, vars) || message;
  const words = (shown: string) =>
    shown.replace(ABSENT, (marker, key: string) => (isAbsent(key) ? say(lang, `absent${key}`) : marker));
  return {
    message: words(text),
    ...(sent === undefined ? {} : { sent }),
    ...(expected === undefined ? {} : { expected: words(expected) }),
    ...(got === undefined ? {} : { got: words(got) }),
    ...(answer !== undefined && !reveal ? { withheld: true as const } : {}),
  };
}

export interface VerifyOutcome {
  lab: Lab;
  solution: LabResult;
  starter: LabResult;
  /** Why this lab does not hold: its solution fails, or its starter passes, or fails without a message. */
  problems: string[];
}

/** Every solution passes and every starter fails with a message: no lab can rot, no check is vacuous. */
export async function verifyAll(
  lang: Lang,
  session: LabSession,
  root = labsDir,
  labs: readonly Lab[] = loadLabs(),
): Promise<VerifyOutcome[]> {
  const outcomes: VerifyOutcome[] = [];
  for (const lab of labs) {
    const solution = await runLab(lab, { source: 'solution', lang, session, root });
    const starter = await runLab(lab, { source: 'starter', lang, session, root });
    const problems: string[] = [];
    // The first failure is the one to read: the checks after it are skipped, not failed.
    const broken = solution.checks.find((check) => check.status === 'fail');
    if (broken)
      problems.push(say(lang, 'verifySolutionFails', { check: broken.title, reason: broken.message ?? '' }));
    const failure = starter.checks.find((check) => check.status === 'fail');
    if (!failure) problems.push(say(lang, 'verifyStarterPasses'));
    else if (!failure.message) problems.push(say(lang, 'verifyStarterSilent', { check: failure.title }));
    outcomes.push({ lab, solution, starter, problems });
  }
  return outcomes;
}

export interface VerifyRun {
  outcomes: VerifyOutcome[];
  /** Where the starters that were checked came from, and which working-copy starters were left aside. */
  staged: Omit<StagedLabs, 'root' | 'remove'>;
}

/**
 * `pnpm lab --verify-all`: every lab as committed, whatever the working copy at `root` holds. A teacher who
 * solved the labs in a rehearsal still gets the verdict on the starters the class will get; with no git to
 * read them from, the working copy is checked, and the report says so. cli.ts loads it through from-source.ts,
 * which knip cannot follow:
 * @public
 */
export async function verifyCommitted(
  lang: Lang,
  session: LabSession,
  root = labsDir,
  labs: readonly Lab[] = loadLabs(),
): Promise<VerifyRun> {
  const { root: stagedRoot, remove, ...staged } = await stageCommitted(root, labs);
  try {
    return { outcomes: await verifyAll(lang, session, stagedRoot, labs), staged };
  } finally {
    remove();
  }
}
