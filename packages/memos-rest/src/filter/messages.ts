// The words of every bad filter: a 400 in Memos' wording, `invalid filter: failed to compile filter: …`, with
// the kit's sentence for a learner after it. The texts are pinned by the tests against Memos' own errors, so
// they live here together and are never built elsewhere.

import { type ApiError, invalidArgument } from '../errors.ts';
import { celJs } from './engines.ts';

/** What Memos puts before every filter error (ListMemos wraps its filter compiler's error twice). */
export const FILTER_ERROR_PREFIX = 'invalid filter: failed to compile filter: ';
const HINT = ' (hint: ';

/**
 * The error every bad filter becomes. `memos` is Memos' own text for this mistake where the kit knows it
 * (`filter must evaluate to a boolean value`); the learner's `sentence` then follows as a hint:
 * `invalid filter: failed to compile filter: filter must evaluate to a boolean value (hint: expected a
 * comparison after visibility)`. Without it, the sentence itself follows Memos' prefix.
 */
export function filterError(sentence: string, memos?: string): ApiError {
  const text = memos === undefined || memos === sentence ? sentence : `${memos}${HINT}${sentence})`;
  return invalidArgument(`${FILTER_ERROR_PREFIX}${text}`);
}

/**
 * A filter error's message taken apart again: Memos' text and the kit's hint (the sentence alone when Memos'
 * text was not known). `undefined` for any other message. The MCP adapter's article wording reads it.
 */
export function filterErrorParts(message: string): { memos: string; hint: string } | undefined {
  if (!message.startsWith(FILTER_ERROR_PREFIX)) return undefined;
  const text = message.slice(FILTER_ERROR_PREFIX.length);
  const at = text.indexOf(HINT);
  if (at === -1 || !text.endsWith(')')) return { memos: text, hint: text };
  return { memos: text.slice(0, at), hint: text.slice(at + HINT.length, -1) };
}

/** Memos' words when a filter is not a condition (a bare `visibility`, a single value). */
export const NOT_BOOLEAN = 'filter must evaluate to a boolean value';

export const TOO_DEEP =
  'the expression is nested too deeply; write it with fewer parentheses, negations or terms';

/** "a bool", "an int" */
export const withArticle = (type: string) => `${/^[aeiou]/i.test(type) ? 'an' : 'a'} ${type}`;

const KNOWN_VALUES = new Set(['PUBLIC', 'PROTECTED', 'PRIVATE', 'NORMAL', 'ARCHIVED']);

/** The source with string literals blanked out, so hints never react to words inside quotes. */
const outsideQuotes = (source: string) =>
  source.replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'/g, (m) => ' '.repeat(m.length));

/** Hints for the mistakes people bring from SQL, JavaScript or other filter languages. */
function syntaxHint(source: string, at: number | undefined): string | undefined {
  const code = outsideQuotes(source);
  if (at !== undefined && code[at] === '=' && code[at + 1] !== '=' && code[at - 1] !== '=') {
    return 'compare with ==, not =';
  }
  const word = /\b(and|or|not|AND|OR|NOT)\b/.exec(code);
  if (word) return `combine terms with && and || and negate with ! (not "${word[1]}")`;
  if (/\btags\s+contains\b/.test(code)) return 'to test a tag write "work" in tags';
  return undefined;
}

function overloadHint(left: string, op: string, right: string): string {
  if (op === 'in') return '; in needs a list on the right, e.g. visibility in ["PUBLIC", "PROTECTED"]';
  if (left.includes('Timestamp') || right.includes('Timestamp')) {
    return '; compare timestamps with now - duration("24h") or timestamp("2026-01-01T00:00:00Z")';
  }
  if (left === 'bool' || right === 'bool')
    return '; compare true/false fields with true or false, without quotes';
  if ((left === 'int' || left === 'double') && right === 'string') return '; write numbers without quotes';
  if (left === 'string' && right !== 'string') return '; text values need quotes';
  return '';
}

/** What cel-js reports, read from whatever it threw: its own errors, or a RangeError when the stack ran out. */
interface CelProblem {
  code?: string;
  summary: string;
  /** 0-based offset into the source. */
  at?: number;
}

const firstLine = (text: string) => text.split('\n')[0] ?? 'syntax error';

function problemOf(error: unknown): CelProblem {
  const { ParseError, TypeError: CelTypeError } = celJs();
  if (error instanceof ParseError || error instanceof CelTypeError) {
    return { code: error.code, summary: error.summary ?? firstLine(error.message), at: error.range?.start };
  }
  return { summary: firstLine(error instanceof Error ? error.message : String(error)) };
}

/** Turns a cel-js parse or type error into a message a learner can act on. */
export function celErrorMessage(error: unknown, source: string, fieldNames: readonly string[]): string {
  const { code, summary, at } = problemOf(error);
  const column = at === undefined ? '' : ` at column ${at + 1}`;
  if (/maximum call stack|exceeded maxDepth/i.test(summary)) return TOO_DEEP;
  const unknown = /^Unknown variable: (.+)$/.exec(summary);
  if (unknown?.[1]) {
    const name = unknown[1];
    if (KNOWN_VALUES.has(name))
      return `${name} is a value, not a field: put it in quotes, e.g. visibility == "${name}"`;
    const hint = syntaxHint(source, undefined);
    if (hint) return `${hint}${column}`;
    return `unknown field ${name}${column}; available fields: ${fieldNames.join(', ')}; text values need quotes`;
  }
  const overload = /^no such overload: (\S+) (\S+) (\S+)$/.exec(summary);
  if (overload) {
    const [, left = '', op = '', right = ''] = overload;
    const short = (type: string) => type.replace('google.protobuf.', '');
    return `cannot use ${op} between ${short(left)} and ${short(right)}${column}${overloadHint(left, op, right)}`;
  }
  const method = /^found no matching overload for '(\w+)\.(\w+)\(/.exec(summary);
  if (method && !['contains', 'startsWith', 'endsWith', 'matches'].includes(method[2] ?? '')) {
    return `${method[1]} has no method ${method[2]}()${column}; use contains, startsWith, endsWith or matches`;
  }
  if (/^found no matching overload for 'now\(\)'/.test(summary))
    return `now is a value, not a function: write now${column}`;
  const hint = syntaxHint(source, at);
  if (hint) return `${hint}${column}`;
  if (code === 'unexpected_token' && /EOF/.test(summary)) return `the expression ends too early${column}`;
  // The parser's own words, in the lower-case style of every other message here.
  return `${summary.charAt(0).toLowerCase()}${summary.slice(1)}${column}`;
}
