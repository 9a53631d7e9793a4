// Literal folding, as Memos does before it renders SQL: a node made only of literals (strings, numbers,
// bools, `now`, timestamp(), duration(), arithmetic between them, now.getX()) becomes one value, once per
// request, so no row pays for it. A node that reads a field does not fold.
import type { ASTNode } from '@marcbachmann/cel-js';
import { parseGoDuration, parseTimestamp } from '../time.ts';
import { filterError } from './messages.ts';

type NumberLiteral = { kind: 'int' | 'double'; value: number };

export type Literal =
  | { kind: 'string'; value: string }
  | NumberLiteral
  | { kind: 'bool'; value: boolean }
  /** Epoch seconds. */
  | { kind: 'timestamp'; value: number }
  /** Seconds. */
  | { kind: 'duration'; value: number }
  | { kind: 'null'; value: null }
  | { kind: 'list'; value: Literal[] };

/** How a literal's kind reads in a message: a double is "a number" to a learner. */
export const describe = (literal: Literal): string => (literal.kind === 'double' ? 'number' : literal.kind);

const TIMESTAMP_ACCESSORS: Record<string, (d: Date) => number> = {
  getFullYear: (d) => d.getUTCFullYear(),
  getMonth: (d) => d.getUTCMonth(),
  getDate: (d) => d.getUTCDate(),
  getDayOfMonth: (d) => d.getUTCDate() - 1,
  getDayOfWeek: (d) => d.getUTCDay(),
  getDayOfYear: (d) => Math.floor((d.getTime() - Date.UTC(d.getUTCFullYear(), 0, 1)) / 86400000),
  getHours: (d) => d.getUTCHours(),
  getMinutes: (d) => d.getUTCMinutes(),
  getSeconds: (d) => d.getUTCSeconds(),
};

/** A timestamp accessor such as getHours(), read in UTC as Memos does. */
export function accessor(name: string, args: readonly ASTNode[]): (d: Date) => number {
  const read = Object.hasOwn(TIMESTAMP_ACCESSORS, name) ? TIMESTAMP_ACCESSORS[name] : undefined;
  if (!read) throw filterError(`${name}() is not a timestamp accessor`);
  if (args.length > 0)
    throw filterError(`${name}() with a timezone argument is not supported; times are UTC`);
  return read;
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

export class Folder {
  /** `now` is frozen when the filter is compiled, in epoch seconds. */
  constructor(private readonly now: number) {}

  /** Folds a node made only of literals into a value, or returns undefined when it reads a field. */
  fold(node: ASTNode): Literal | undefined {
    switch (node.op) {
      case 'value': {
        const v = node.args;
        if (typeof v === 'string') return { kind: 'string', value: v };
        if (typeof v === 'bigint') return { kind: 'int', value: Number(v) };
        if (typeof v === 'number') return { kind: 'double', value: v };
        if (typeof v === 'boolean') return { kind: 'bool', value: v };
        if (v === null) return { kind: 'null', value: null };
        // An unsigned int (5u) is an object holding its value; bytes are the other object literal.
        if ('value' in v) return { kind: 'int', value: Number(v.value) };
        throw filterError('bytes literals are not supported in filters');
      }
      case 'id':
        return node.args === 'now' ? { kind: 'timestamp', value: this.now } : undefined;
      case 'list': {
        // Every item is folded, so an invalid literal anywhere in the list is reported.
        const items = node.args.map((item) => this.fold(item));
        const folded = items.filter((item) => item !== undefined);
        return folded.length === items.length ? { kind: 'list', value: folded } : undefined;
      }
      case '-_': {
        const inner = this.fold(node.args);
        if (!inner) return undefined;
        if (inner.kind === 'int' || inner.kind === 'double' || inner.kind === 'duration') {
          return { kind: inner.kind, value: -inner.value };
        }
        throw filterError('unary minus needs a number or a duration');
      }
      case 'call':
        return this.foldCall(node.args[0], node.args[1]);
      case 'rcall': {
        const [method, receiver, args] = node.args;
        const target = this.fold(receiver);
        if (target?.kind !== 'timestamp') return undefined;
        return { kind: 'int', value: accessor(method, args)(new Date(target.value * 1000)) };
      }
      case '+':
      case '-':
      case '*':
      case '/':
      case '%': {
        const left = this.fold(node.args[0]);
        const right = this.fold(node.args[1]);
        if (!left || !right) return undefined;
        return arithmetic(node.op, left, right);
      }
      default:
        return undefined;
    }
  }

  private foldCall(name: string, args: readonly ASTNode[]): Literal | undefined {
    if (name !== 'timestamp' && name !== 'duration') return undefined;
    const arg = args[0] ? this.fold(args[0]) : undefined;
    if (name === 'duration') {
      if (arg?.kind !== 'string') throw filterError('duration() needs a string such as "24h"');
      try {
        return { kind: 'duration', value: parseGoDuration(arg.value) };
      } catch (error) {
        throw filterError(
          `invalid duration literal: ${errorText(error)}; units are h, m, s, ms, us and ns, so 7 days is "168h"`,
        );
      }
    }
    if (arg?.kind === 'int') return { kind: 'timestamp', value: arg.value };
    if (arg?.kind !== 'string')
      throw filterError('timestamp() needs an RFC 3339 string such as "2026-01-01T00:00:00Z"');
    const seconds = parseTimestamp(arg.value);
    if (seconds === undefined) {
      throw filterError(
        `invalid timestamp literal "${arg.value}": write RFC 3339, e.g. "2026-01-01T00:00:00Z"`,
      );
    }
    return { kind: 'timestamp', value: seconds };
  }
}

type ArithmeticOp = '+' | '-' | '*' | '/' | '%';

const isNumber = (literal: Literal): literal is NumberLiteral =>
  literal.kind === 'int' || literal.kind === 'double';

function arithmetic(op: ArithmeticOp, left: Literal, right: Literal): Literal {
  const apply = (a: number, b: number): number => {
    if ((op === '/' || op === '%') && b === 0) throw filterError('division by zero');
    switch (op) {
      case '+':
        return a + b;
      case '-':
        return a - b;
      case '*':
        return a * b;
      case '/':
        return left.kind === 'int' && right.kind === 'int' ? Math.trunc(a / b) : a / b;
      default:
        return a % b;
    }
  };
  if (isNumber(left) && isNumber(right)) {
    const kind = left.kind === 'int' && right.kind === 'int' ? 'int' : 'double';
    return { kind, value: apply(left.value, right.value) };
  }
  if (left.kind === 'timestamp' && right.kind === 'duration' && (op === '+' || op === '-')) {
    return { kind: 'timestamp', value: apply(left.value, right.value) };
  }
  if (left.kind === 'duration' && right.kind === 'timestamp' && op === '+') {
    return { kind: 'timestamp', value: left.value + right.value };
  }
  if (left.kind === 'timestamp' && right.kind === 'timestamp' && op === '-') {
    return { kind: 'duration', value: left.value - right.value };
  }
  if (left.kind === 'duration' && right.kind === 'duration' && (op === '+' || op === '-')) {
    return { kind: 'duration', value: apply(left.value, right.value) };
  }
  if (left.kind === 'string' && right.kind === 'string' && op === '+') {
    return { kind: 'string', value: left.value + right.value };
  }
  throw filterError(`cannot apply ${op} to ${left.kind} and ${right.kind}`);
}
