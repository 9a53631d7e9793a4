// What a `matches` pattern may cost. RE2 matching is linear in the text, but also in the size of the compiled
// program, and a counted repetition copies its operand: `(\pL|\s){1000}` is a thousand copies, and matching it
// over four 8 KB memos blocked the event loop for seconds. So the pattern's expanded size is bounded before it
// is compiled, and the time spent matching is bounded per request.
import { filterError } from './messages.ts';

/** At most this many pieces once counted repetitions are expanded (`(a|b){20}` is 60: a, b and the group, twenty times). */
const MAX_PATTERN_PIECES = 100;
/** Regular-expression matching a single request may spend, over all its rows, in CPU time. */
const MATCH_BUDGET_MS = 50;

interface Frame {
  /** Expanded size of the finished alternatives and pieces of this group so far. */
  size: number;
}

/**
 * The expanded size of an RE2 pattern: every literal, class or escape counts 1, a group the sum of its parts
 * plus 1, and `x{n}` / `x{n,m}` / `x{n,}` n (or m) times x. Unbounded `*`, `+`, `?` add nothing: RE2 loops
 * instead of copying. Only an estimate, but one that grows exactly as the matching work does.
 */
function expandedSize(source: string): number {
  const stack: Frame[] = [{ size: 0 }];
  let last = 0; // the size of the atom a quantifier would apply to
  let i = 0;
  const top = () => stack[stack.length - 1] as Frame;
  while (i < source.length) {
    const c = source[i] as string;
    if (c === '\\') {
      // \p{Greek}, \pL, \x{263a} and the like are one atom, braces included.
      const named = 'pPx'.includes(source[i + 1] ?? '');
      const end = named && source[i + 2] === '{' ? source.indexOf('}', i) : -1;
      if (end >= 0) i = end + 1;
      else i += named && source[i + 1] !== 'x' ? 3 : 2;
      last = 1;
    } else if (c === '[') {
      i = classEnd(source, i);
      last = 1;
    } else if (c === '(') {
      stack.push({ size: 0 });
      i += 1;
      last = 0;
    } else if (c === ')') {
      const group = stack.length > 1 ? (stack.pop() as Frame) : { size: 0 };
      last = group.size + 1;
      i += 1;
    } else if (c === '{' && /^\{\d+(,\d*)?\}/.test(source.slice(i))) {
      const [all = '', low = '0', high] = /^\{(\d+)(?:,(\d*))?\}/.exec(source.slice(i)) ?? [];
      const count = Math.max(Number(low), high ? Number(high) : 0);
      // The atom was counted once already; its other copies are added now.
      top().size += last * Math.max(count - 1, 0);
      last = 0;
      i += all.length;
      continue;
    } else if ('*+?|^$'.includes(c)) {
      i += 1;
      last = 0;
      continue;
    } else {
      i += 1;
      last = 1;
    }
    top().size += last;
  }
  return stack.reduce((sum, frame) => sum + frame.size, 0);
}

/** The index after the `]` closing the class opened at `start` (`[]a]` and `[^]a]` start with a literal `]`). */
function classEnd(source: string, start: number): number {
  let i = start + 1;
  if (source[i] === '^') i += 1;
  if (source[i] === ']') i += 1;
  while (i < source.length && source[i] !== ']') {
    if (source[i] === '\\') i += 1;
    else if (source.startsWith('[:', i)) i = Math.max(source.indexOf(':]', i) + 1, i);
    i += 1;
  }
  return i + 1;
}

/** Refuses a pattern whose expanded size is over the bound, with a hint a learner can act on. */
export function assertAffordablePattern(source: string): void {
  const size = expandedSize(source);
  if (size > MAX_PATTERN_PIECES) {
    throw filterError(
      `the regular expression repeats too much (about ${size} pieces once {n} is expanded, at most ${MAX_PATTERN_PIECES}); use a smaller {n}, or + and * which cost nothing extra`,
    );
  }
}

/** A per-request stopwatch for matching, shared by every `matches` of one filter. */
export interface MatchBudget {
  spend<T>(work: () => T): T;
}

/** The two clocks a budget reads, in ms: passed in, so a test can advance them by hand. */
export interface MatchMeter {
  /** Cheap (well under 0.1 µs), so it is read around every match. */
  wallMs(): number;
  /** Dear (about 2.5 µs), so it is read only once the wall clock has passed the limit. */
  cpuMs(): number;
}

/**
 * The CPU time of this thread, the one that matches (`process.threadCpuUsage`, since Node 22.19, the oldest the
 * kit supports). The whole process's time would count the collector's and the compiler's threads too, on a busy
 * machine as much as the match itself.
 */
function threadCpuMs(): number {
  const { user, system } = process.threadCpuUsage();
  return (user + system) / 1000;
}

const threadMeter: MatchMeter = { wallMs: () => performance.now(), cpuMs: threadCpuMs };

/**
 * The limit is on CPU time: what it bounds is the work a pattern makes. On a busy machine the thread can wait
 * for a core in the middle of a match: on two busy cores an ordinary case-insensitive pattern can overrun
 * 50 ms of wall-clock time. The wall clock is cheap, so it is summed on every row, and only once that
 * sum passes the limit is the CPU time since the first match read. One request's rows are filtered in one
 * synchronous pass, so that CPU time is the pass's own, and a busy machine inflates only the wall clock.
 */
export function matchBudget(limitMs = MATCH_BUDGET_MS, meter: MatchMeter = threadMeter): MatchBudget {
  let wallMs = 0;
  let cpuAtStart: number | undefined;
  return {
    spend(work) {
      cpuAtStart ??= meter.cpuMs();
      if (wallMs > limitMs && meter.cpuMs() - cpuAtStart > limitMs) throw overBudget(limitMs);
      const start = meter.wallMs();
      try {
        return work();
      } finally {
        wallMs += meter.wallMs() - start;
      }
    },
  };
}

function overBudget(limitMs: number) {
  return filterError(
    `the regular expression took more than ${limitMs} ms over these memos; anchor it, shorten it, or narrow the filter with another condition first`,
  );
}
