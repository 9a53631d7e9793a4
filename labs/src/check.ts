/**
 * What a lab's `check.ts` is written against. A check receives the copy under test (the learner's starter
 * folder, or the solution) and either returns or throws a `CheckFailure` that says what was expected and
 * what came back. Its prose lives in the lab's `lab.json`, by key, in both languages.
 */
import type { RunningAdapter } from '@memos-kit/memos-mcp';
import type { Lang } from '@memos-kit/terminal';
import type { Lab } from './catalog.ts';
import type { MessageKey } from './messages.ts';

export interface CheckContext {
  /**
   * The learner's language, for text a check builds with the kit's own formatters (wire's diff); its own
   * sentences are keys of lab.json, put in this language by the runner.
   */
  lang: Lang;
  /**
   * One of the lab's `messages` (lab.json) in the learner's language, for the words a check puts around
   * what it shows (a label, a name for a way of stopping); the failure's own sentence is `fail`'s key.
   */
  text(key: string, vars?: Record<string, string | number>): string;
  /** The runner's own words (messages.json), for the checks every lab shares. */
  say(key: MessageKey, vars?: Record<string, string | number>): string;
  /** Absolute path of one of the lab's files in the copy under test. */
  file(name: string): string;
  /** The file's text as it is on disk now. */
  read(name: string): Promise<string>;
  /**
   * Imports a TypeScript file of the copy under test, fresh on every call: the learner may have saved it a
   * second ago, and `pnpm lab:mcp` lives longer than one edit.
   */
  load<T>(name: string): Promise<T>;
  /** The kit's server (mock Memos REST + MCP at /mcp), started once and shared by every check that only reads. */
  server(dataset: 'empty' | 'workshop'): Promise<RunningAdapter>;
  /**
   * A mock Memos of its own (the workshop data) for checks that write: the build track's checks seed memos,
   * create and delete them, and must not change what the read-only labs compare against.
   */
  writable(): Promise<RunningAdapter>;
  /** The lab being checked (its files, given files, allowed imports, server). */
  lab: Lab;
  /** The folder under test (the learner's starter/, or solution/), and the lab's own solution folder. */
  dir: string;
  solutionDir: string;
  /**
   * State the checks of one run share (a server one check started and the next talks to); gone after the run.
   * `onClose` work runs once the last check is done, passed or not.
   */
  shared: Map<string, unknown>;
  onClose(stop: () => Promise<unknown>): void;
}

export interface LabCheck {
  /** Names the check; its title is `checks.<id>` in lab.json, or for a check every lab shares, messages.json. */
  id: string;
  /**
   * The hint ladder a failure of this check points to (a key of the lab's `hints`, or a shared one such as
   * `own`). Absent: the lab's one ladder.
   */
  topic?: string;
  /** For a check shared by labs: its title in the runner's messages, not the lab's. */
  sharedTitle?: 'checkOwnImports' | 'checkNotACopy' | 'checkOwnProcess';
  /** How long it may take before the runner stops waiting (20 s by default; the conformance suite needs more). */
  timeoutMs?: number;
  run(context: CheckContext): Promise<void>;
}

export interface FailureDetail {
  /** A key of the lab's `messages` in lab.json. */
  message: string;
  vars?: Record<string, string | number>;
  /** What the check wanted, as text (wire bytes where bytes matter). */
  expected?: string;
  /**
   * What the check wanted, where showing it would hand over the answer (lab 1's files *are* the messages):
   * shown as `expected` only once the learner has climbed the whole hint ladder; the message says what is
   * wrong without it.
   */
  answer?: string;
  /** What it got instead. */
  got?: string;
  /** What the check sent on the wire to get it (a request line, an HTTP request). */
  sent?: string;
}

export class CheckFailure extends Error {
  override name = 'CheckFailure';
  constructor(readonly detail: FailureDetail) {
    super(detail.message);
  }
}

/** Ends a check with a failure the learner can act on. */
export function fail(message: string, detail: Omit<FailureDetail, 'message'> = {}): never {
  throw new CheckFailure({ message, ...detail });
}

/**
 * What a failure shows where a value is not there at all: "(nothing)", "(only after EOF)". A check writes
 * `absent('Nothing')`; the runner puts the words in the learner's language when it reports the failure.
 */
const ABSENT_KEYS = [
  'Nothing',
  'None',
  'Empty',
  'Missing',
  'OnlyAfterEof',
  'NothingMoreOnStdout',
  'NothingOnStderr',
  'Threw',
  'NoEvents',
] as const;
/** Each has its words in messages.json as `absent<Key>`. */
export type Absent = (typeof ABSENT_KEYS)[number];

export function isAbsent(key: string): key is Absent {
  return (ABSENT_KEYS as readonly string[]).includes(key);
}

/** Private-use characters around the key: a learner's own output never holds them, so only these are replaced. */
export const ABSENT = /\uE000(\w+)\uE001/g;

export function absent(key: Absent): string {
  return `\uE000${key}\uE001`;
}

/** JSON as a learner reads it in a failure: compact for short values, indented for long ones. */
export function shown(value: unknown): string {
  if (value === undefined) return absent('Nothing');
  if (typeof value === 'string') return value;
  const compact = JSON.stringify(value);
  return compact.length <= 90 ? compact : JSON.stringify(value, null, 2);
}
