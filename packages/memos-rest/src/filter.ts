// The memo filter: real CEL, as in Memos. @marcbachmann/cel-js parses and type-checks the expression against
// the declared fields; then, like Memos' own `internal/filter` turns the checked AST into SQL, the AST is turned
// into a predicate over store rows. That step accepts exactly the forms Memos accepts (comparisons of a field
// with a literal, `in`, text matching, tag comprehensions, sets.*, size(), timestamp accessors) and folds every
// literal once, so a filter is compiled once per request and costs a closure call per row.
import { type ASTNode, Environment } from '@marcbachmann/cel-js';
import { RE2JS } from 're2js';
import { type ApiError, invalidArgument } from './errors.ts';
import type { AttachmentRow, MemoRow } from './model.ts';
import { parseGoDuration, parseTimestamp } from './time.ts';

type FieldKind = 'string' | 'int' | 'bool' | 'timestamp' | 'list';
type CompareOp = '==' | '!=' | '<' | '<=' | '>' | '>=';
const COMPARE_OPS: readonly string[] = ['==', '!=', '<', '<=', '>', '>='];

interface FieldSpec<Row> {
  kind: FieldKind;
  celType: string;
  get: (row: Row) => unknown;
  /** Only == and != (and `in [...]`): enums and names have no order. */
  equalityOnly?: boolean;
  textMatch?: boolean;
  /** Memos' `tag`: a virtual field usable only as `tag in [...]`, matching hierarchically. */
  hierarchicalTag?: boolean;
}

type FieldTable<Row> = Record<string, FieldSpec<Row>>;

const MEMO_FIELDS: FieldTable<MemoRow> = {
  content: { kind: 'string', celType: 'string', get: (m) => m.content, textMatch: true },
  creator: { kind: 'string', celType: 'string', get: (m) => m.creator, equalityOnly: true },
  creator_id: { kind: 'int', celType: 'int', get: (m) => m.creatorId, equalityOnly: true },
  created_ts: { kind: 'timestamp', celType: 'google.protobuf.Timestamp', get: (m) => m.createdTs },
  updated_ts: { kind: 'timestamp', celType: 'google.protobuf.Timestamp', get: (m) => m.updatedTs },
  pinned: { kind: 'bool', celType: 'bool', get: (m) => m.pinned },
  visibility: { kind: 'string', celType: 'string', get: (m) => m.visibility, equalityOnly: true },
  tags: { kind: 'list', celType: 'list<string>', get: (m) => m.tags },
  tag: { kind: 'string', celType: 'string', get: (m) => m.tags, hierarchicalTag: true },
  has_task_list: { kind: 'bool', celType: 'bool', get: (m) => m.property.hasTaskList },
  has_link: { kind: 'bool', celType: 'bool', get: (m) => m.property.hasLink },
  has_code: { kind: 'bool', celType: 'bool', get: (m) => m.property.hasCode },
  has_incomplete_tasks: { kind: 'bool', celType: 'bool', get: (m) => m.property.hasIncompleteTasks },
};

const ATTACHMENT_FIELDS: FieldTable<AttachmentRow> = {
  filename: { kind: 'string', celType: 'string', get: (a) => a.filename, textMatch: true },
  mime_type: { kind: 'string', celType: 'string', get: (a) => a.type, textMatch: true },
  create_time: { kind: 'timestamp', celType: 'google.protobuf.Timestamp', get: (a) => a.createdTs },
  memo_id: { kind: 'int', celType: 'int', get: (a) => a.memoId ?? 0, equalityOnly: true },
};

/** The names a learner can use, for error hints (`tag` and `creator_id` exist but are not advertised). */
const ADVERTISED_MEMO_FIELDS = Object.keys(MEMO_FIELDS).filter(
  (name) => name !== 'tag' && name !== 'creator_id',
);

function environmentFor(fields: FieldTable<unknown>): Environment {
  const env = new Environment({ homogeneousAggregateLiterals: false });
  for (const [name, spec] of Object.entries(fields)) env.registerVariable(name, spec.celType);
  env.registerVariable('now', 'google.protobuf.Timestamp');
  // cel-go's ext.Sets(): declared as methods of a `sets` namespace object so the checker knows their types.
  env.registerType('memos.SetsExtension', { fields: {} });
  env.registerVariable('sets', 'memos.SetsExtension');
  for (const name of ['contains', 'intersects', 'equivalent']) {
    env.registerFunction({
      name,
      receiverType: 'memos.SetsExtension',
      returnType: 'bool',
      handler: () => false,
      params: [
        { name: 'list', type: 'list<string>' },
        { name: 'values', type: 'list<string>' },
      ],
    });
  }
  return env;
}

const memoEnvironment = environmentFor(MEMO_FIELDS as FieldTable<unknown>);
const attachmentEnvironment = environmentFor(ATTACHMENT_FIELDS as FieldTable<unknown>);

export type Predicate<Row> = (row: Row) => boolean;

/** The error every bad filter becomes: a 400 whose message says what to change. */
export function filterError(message: string): ApiError {
  const sentence = /[.!?]$/.test(message) ? message : `${message}.`;
  return invalidArgument(`Invalid filter expression: ${sentence}`);
}

// ---------------------------------------------------------------------------------------------------------
// Literal folding

type Literal =
  | { kind: 'string'; value: string }
  | { kind: 'int' | 'double'; value: number }
  | { kind: 'bool'; value: boolean }
  | { kind: 'timestamp'; value: number }
  | { kind: 'duration'; value: number }
  | { kind: 'null'; value: null }
  | { kind: 'list'; value: Literal[] };

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

function accessor(name: string, args: ASTNode[]): (d: Date) => number {
  const read = TIMESTAMP_ACCESSORS[name];
  if (!read) throw filterError(`${name}() is not a timestamp accessor`);
  if (args.length > 0)
    throw filterError(`${name}() with a timezone argument is not supported; times are UTC`);
  return read;
}

class Folder {
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
        if (typeof v === 'object' && v !== null && 'value' in v)
          return { kind: 'int', value: Number(v.value) };
        throw filterError('bytes literals are not supported in filters');
      }
      case 'id':
        return node.args === 'now' ? { kind: 'timestamp', value: this.now } : undefined;
      case 'list': {
        const items = node.args.map((item) => this.fold(item));
        if (items.some((item) => item === undefined)) return undefined;
        return { kind: 'list', value: items as Literal[] };
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
        if (!target) return undefined;
        if (target.kind !== 'timestamp') return undefined;
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

  private foldCall(name: string, args: ASTNode[]): Literal | undefined {
    if (name !== 'timestamp' && name !== 'duration') return undefined;
    const arg = args[0] ? this.fold(args[0]) : undefined;
    if (name === 'duration') {
      if (arg?.kind !== 'string') throw filterError('duration() needs a string such as "24h"');
      try {
        return { kind: 'duration', value: parseGoDuration(arg.value) };
      } catch (error) {
        throw filterError(
          `invalid duration literal: ${(error as Error).message}; units are h, m, s, ms, us and ns, so 7 days is "168h"`,
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

function arithmetic(op: string, left: Literal, right: Literal): Literal {
  const numeric = (l: Literal) => l.kind === 'int' || l.kind === 'double';
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
  if (numeric(left) && numeric(right)) {
    const kind = left.kind === 'int' && right.kind === 'int' ? 'int' : 'double';
    return { kind, value: apply(left.value as number, right.value as number) };
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

// ---------------------------------------------------------------------------------------------------------
// Predicate compilation

const MIRRORED: Record<CompareOp, CompareOp> = {
  '==': '==',
  '!=': '!=',
  '<': '>',
  '<=': '>=',
  '>': '<',
  '>=': '<=',
};

function compare(op: CompareOp, a: unknown, b: unknown): boolean {
  switch (op) {
    case '==':
      return a === b;
    case '!=':
      return a !== b;
    case '<':
      return (a as number) < (b as number);
    case '<=':
      return (a as number) <= (b as number);
    case '>':
      return (a as number) > (b as number);
    default:
      return (a as number) >= (b as number);
  }
}

/** The value side of a comparison: a field, size(field) or field.getX(). */
interface Operand<Row> {
  label: string;
  kind: 'string' | 'int' | 'bool' | 'timestamp';
  read: (row: Row) => unknown;
  spec?: FieldSpec<Row>;
}

const describe = (l: Literal): string => (l.kind === 'double' ? 'number' : l.kind);

class Compiler<Row> {
  private readonly folder: Folder;
  constructor(
    private readonly fields: FieldTable<Row>,
    now: number,
  ) {
    this.folder = new Folder(now);
  }

  private field(name: string): FieldSpec<Row> | undefined {
    return Object.hasOwn(this.fields, name) ? this.fields[name] : undefined;
  }

  bool(node: ASTNode): Predicate<Row> {
    switch (node.op) {
      case '&&': {
        const [a, b] = [this.bool(node.args[0]), this.bool(node.args[1])];
        return (row) => a(row) && b(row);
      }
      case '||': {
        const [a, b] = [this.bool(node.args[0]), this.bool(node.args[1])];
        return (row) => a(row) || b(row);
      }
      case '!_': {
        const inner = this.bool(node.args);
        return (row) => !inner(row);
      }
      case 'value':
        if (typeof node.args === 'boolean') {
          const value = node.args;
          return () => value;
        }
        throw filterError('the filter must be a condition (true or false), not a single value');
      case 'id': {
        const spec = this.field(node.args);
        if (spec?.kind === 'bool') return (row) => spec.get(row) === true;
        throw filterError(`expected a comparison after ${node.args}`);
      }
      case '?:':
        throw filterError(
          'conditional expressions (a ? b : c) are not supported in filters; combine terms with && and ||',
        );
      case 'in':
        return this.membership(node.args[0], node.args[1]);
      case 'rcall':
        return this.methodCall(node.args[0], node.args[1], node.args[2]);
      default:
        if (COMPARE_OPS.includes(node.op)) {
          const [left, right] = node.args as [ASTNode, ASTNode];
          return this.comparison(node.op as CompareOp, left, right);
        }
        throw filterError(
          'unsupported expression; compare a field with a value, e.g. visibility == "PUBLIC"',
        );
    }
  }

  private operand(node: ASTNode): Operand<Row> | undefined {
    if (node.op === 'id') {
      const spec = this.field(node.args);
      if (!spec) return undefined;
      if (spec.hierarchicalTag) {
        throw filterError('tag can only be used as tag in ["name"]; to test one tag write "name" in tags');
      }
      if (spec.kind === 'list')
        throw filterError(`${node.args} is a list: use "value" in ${node.args} or size(${node.args})`);
      return { label: node.args, kind: spec.kind, read: spec.get, spec };
    }
    if (node.op === 'call' && node.args[0] === 'size' && node.args[1].length === 1) {
      const target = node.args[1][0] as ASTNode;
      const spec = target.op === 'id' ? this.field(target.args) : undefined;
      if (spec?.kind === 'list') {
        return {
          label: `size(${target.args})`,
          kind: 'int',
          read: (row) => (spec.get(row) as string[]).length,
        };
      }
      if (spec?.kind === 'string' && !spec.hierarchicalTag) {
        return {
          label: `size(${target.args})`,
          kind: 'int',
          read: (row) => Array.from(spec.get(row) as string).length,
        };
      }
      return undefined;
    }
    if (node.op === 'rcall') {
      const [method, receiver, args] = node.args;
      const spec = receiver.op === 'id' ? this.field(receiver.args) : undefined;
      if (spec?.kind === 'timestamp') {
        const read = accessor(method, args);
        return {
          label: `${receiver.op === 'id' ? receiver.args : ''}.${method}()`,
          kind: 'int',
          read: (row) => read(new Date((spec.get(row) as number) * 1000)),
        };
      }
    }
    return undefined;
  }

  private comparison(op: CompareOp, leftNode: ASTNode, rightNode: ASTNode): Predicate<Row> {
    let field = this.operand(leftNode);
    let literal = this.folder.fold(rightNode);
    let operator = op;
    if (!field) {
      // A literal on the left: swap the operands and mirror the operator, as Memos does.
      field = this.operand(rightNode);
      literal = this.folder.fold(leftNode);
      operator = MIRRORED[op];
      if (!field) {
        const left = this.folder.fold(leftNode);
        if (left && literal) {
          const value = compare(op, left.value, literal.value);
          return () => value;
        }
        throw filterError('each comparison needs a field on one side and a value on the other');
      }
    }
    if (!literal) throw filterError(`compare ${field.label} with a value, not with another field`);
    if (field.spec?.equalityOnly && operator !== '==' && operator !== '!=') {
      throw filterError(`operator ${operator} is not allowed for ${field.label}; use == or !=`);
    }
    const read = field.read;
    const expected = this.coerce(field, literal);
    return (row) => compare(operator, read(row), expected);
  }

  /** Checks that a literal fits a field and converts it to the row's representation. */
  private coerce(field: Operand<Row>, literal: Literal): unknown {
    switch (field.kind) {
      case 'bool':
        if (literal.kind === 'bool') return literal.value;
        throw filterError(`${field.label} is true or false: write ${field.label} == true`);
      case 'timestamp':
        if (literal.kind === 'timestamp') return literal.value;
        throw filterError(
          `${field.label} is a timestamp: compare it with now - duration("24h") or timestamp("2026-01-01T00:00:00Z"), not a ${describe(literal)}`,
        );
      case 'int':
        if (literal.kind === 'int' || literal.kind === 'double') return literal.value;
        throw filterError(`${field.label} is a number, not a ${describe(literal)}`);
      default:
        if (literal.kind === 'string') return literal.value;
        throw filterError(
          `${field.label} is a string: put the value in quotes, e.g. ${field.label} == "value"`,
        );
    }
  }

  private membership(leftNode: ASTNode, rightNode: ASTNode): Predicate<Row> {
    // "work" in tags
    if (rightNode.op === 'id' && this.field(rightNode.args)?.kind === 'list') {
      const spec = this.field(rightNode.args) as FieldSpec<Row>;
      const needle = this.folder.fold(leftNode);
      if (needle?.kind !== 'string')
        throw filterError(`write a quoted value before "in ${rightNode.args}", e.g. "work" in tags`);
      return (row) => (spec.get(row) as string[]).includes(needle.value);
    }
    const list = this.folder.fold(rightNode);
    if (list?.kind !== 'list')
      throw filterError('in needs a list of values on the right, e.g. visibility in ["PUBLIC", "PROTECTED"]');
    if (leftNode.op === 'id') {
      const spec = this.field(leftNode.args);
      if (spec?.hierarchicalTag) {
        const names = list.value.map((item) => String(item.value));
        return (row) =>
          (spec.get(row) as string[]).some((tag) =>
            names.some((name) => tag === name || tag.startsWith(`${name}/`)),
          );
      }
      if (spec?.kind === 'bool' || spec?.kind === 'timestamp') {
        throw filterError(`${leftNode.args} does not support in [...]; use ==`);
      }
    }
    const field = this.operand(leftNode);
    if (!field) throw filterError('invalid use of the in operator: write field in ["a", "b"] or "a" in tags');
    const values = new Set(list.value.map((item) => this.coerce(field, item)));
    const read = field.read;
    return (row) => values.has(read(row));
  }

  private methodCall(method: string, receiver: ASTNode, args: ASTNode[]): Predicate<Row> {
    if (receiver.op === 'id' && receiver.args === 'sets') return this.setOperation(method, args);
    const spec = receiver.op === 'id' ? this.field(receiver.args) : undefined;
    const name = receiver.op === 'id' ? receiver.args : 'expression';
    if (spec?.kind === 'list' && (method === 'exists' || method === 'all' || method === 'exists_one')) {
      return this.comprehension(method, spec, args);
    }
    if (spec?.kind === 'list') {
      throw filterError(`${method}() is not supported on ${name}; use exists, all or exists_one`);
    }
    if (method === 'contains' || method === 'startsWith' || method === 'endsWith' || method === 'matches') {
      if (!spec?.textMatch) throw filterError(`${name} does not support text matching; use == or in [...]`);
      const arg = args[0] ? this.folder.fold(args[0]) : undefined;
      if (arg?.kind !== 'string') throw filterError(`${name}.${method}() needs a quoted text argument`);
      const read = spec.get;
      if (method === 'matches') {
        // RE2 syntax and linear-time matching, as in Memos: a learner's pattern can never hang the server.
        let pattern: RE2JS;
        try {
          pattern = RE2JS.compile(arg.value);
        } catch (error) {
          throw filterError(`invalid regular expression (RE2 syntax): ${(error as Error).message}`);
        }
        return (row) => pattern.test(read(row) as string);
      }
      // Memos matches text case-insensitively (Unicode lower-casing).
      const needle = arg.value.toLowerCase();
      if (method === 'contains') return (row) => (read(row) as string).toLowerCase().includes(needle);
      if (method === 'startsWith') return (row) => (read(row) as string).toLowerCase().startsWith(needle);
      return (row) => (read(row) as string).toLowerCase().endsWith(needle);
    }
    throw filterError(`${method}() is not supported in filters`);
  }

  private comprehension(kind: string, spec: FieldSpec<Row>, args: ASTNode[]): Predicate<Row> {
    const [variable, body] = args;
    if (variable?.op !== 'id' || !body) throw filterError(`write tags.${kind}(t, t == "name")`);
    const test = this.elementTest(variable.args, body);
    const list = (row: Row) => spec.get(row) as string[];
    if (kind === 'exists') return (row) => list(row).some(test);
    if (kind === 'all') return (row) => list(row).length > 0 && list(row).every(test);
    return (row) => list(row).filter(test).length === 1;
  }

  private elementTest(variable: string, body: ASTNode): (tag: string) => boolean {
    const isVar = (node: ASTNode) => node.op === 'id' && node.args === variable;
    if (body.op === '==' && (isVar(body.args[0]) || isVar(body.args[1]))) {
      const literal = this.folder.fold(isVar(body.args[0]) ? body.args[1] : body.args[0]);
      if (literal?.kind !== 'string') throw filterError(`compare ${variable} with a quoted tag name`);
      return (tag) => tag === literal.value;
    }
    if (body.op === 'rcall' && isVar(body.args[1])) {
      const [method, , callArgs] = body.args;
      const literal = callArgs[0] ? this.folder.fold(callArgs[0]) : undefined;
      if (literal?.kind === 'string') {
        const needle = literal.value.toLowerCase();
        if (method === 'startsWith') return (tag) => tag.toLowerCase().startsWith(needle);
        if (method === 'endsWith') return (tag) => tag.toLowerCase().endsWith(needle);
        if (method === 'contains') return (tag) => tag.toLowerCase().includes(needle);
      }
    }
    throw filterError(
      `unsupported condition inside the comprehension; use ${variable} == "x", ${variable}.startsWith("x"), ${variable}.endsWith("x") or ${variable}.contains("x")`,
    );
  }

  private setOperation(method: string, args: ASTNode[]): Predicate<Row> {
    const [listNode, valuesNode] = args;
    const spec = listNode?.op === 'id' ? this.field(listNode.args) : undefined;
    if (spec?.kind !== 'list')
      throw filterError(`sets.${method}() works on tags: sets.${method}(tags, ["a", "b"])`);
    const literal = valuesNode ? this.folder.fold(valuesNode) : undefined;
    if (literal?.kind !== 'list')
      throw filterError('set operations require a list literal as the second argument');
    const wanted = [...new Set(literal.value.map((item) => String(item.value)))];
    const list = (row: Row) => spec.get(row) as string[];
    if (method === 'contains') return (row) => wanted.every((value) => list(row).includes(value));
    if (method === 'intersects') return (row) => wanted.some((value) => list(row).includes(value));
    return (row) => list(row).length === wanted.length && wanted.every((value) => list(row).includes(value));
  }
}

// ---------------------------------------------------------------------------------------------------------
// Entry points

/** Finds a bare non-boolean field used as a condition (the article's `visibility`), before the type checker does. */
function bareFieldInConditionPosition(node: ASTNode, fields: FieldTable<unknown>): string | undefined {
  switch (node.op) {
    case '&&':
    case '||':
      return (
        bareFieldInConditionPosition(node.args[0], fields) ??
        bareFieldInConditionPosition(node.args[1], fields)
      );
    case '!_':
      return bareFieldInConditionPosition(node.args, fields);
    case 'id': {
      const spec = Object.hasOwn(fields, node.args) ? fields[node.args] : undefined;
      return spec && spec.kind !== 'bool' ? node.args : undefined;
    }
    default:
      return undefined;
  }
}

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

/** Turns a cel-js parse or type error into a message a learner can act on. */
function celErrorMessage(
  error: { code?: string; summary?: string; message: string; range?: { start: number } },
  source: string,
  fieldNames: string[],
): string {
  const at = error.range?.start;
  const column = at === undefined ? '' : ` at column ${at + 1}`;
  const summary = error.summary ?? error.message.split('\n')[0] ?? 'syntax error';
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
  if (error.code === 'unexpected_token' && /EOF/.test(summary))
    return `the expression ends too early${column}`;
  // The parser's own words, in the lower-case style of every other message here.
  return `${summary.charAt(0).toLowerCase()}${summary.slice(1)}${column}`;
}

const TOO_DEEP = 'the expression is nested too deeply; write it with fewer parentheses, negations or terms';

/** "a bool", "an int" */
const withArticle = (type: string) => `${/^[aeiou]/i.test(type) ? 'an' : 'a'} ${type}`;

function compile<Row>(
  filter: string,
  env: Environment,
  fields: FieldTable<Row>,
  fieldNames: string[],
  now: number,
): Predicate<Row> {
  try {
    return compileChecked(filter, env, fields, fieldNames, now);
  } catch (error) {
    // Parsing, checking and compiling all recurse over the tree: a pathological nesting such as
    // "!!!!…pinned" or "((((…" exhausts the stack, which is the filter's fault, not the server's.
    if (error instanceof RangeError) throw filterError(TOO_DEEP);
    throw error;
  }
}

function compileChecked<Row>(
  filter: string,
  env: Environment,
  fields: FieldTable<Row>,
  fieldNames: string[],
  now: number,
): Predicate<Row> {
  if (filter.trim() === '') throw filterError('the filter expression is empty');
  let parsed: ReturnType<Environment['parse']>;
  try {
    parsed = env.parse(filter);
  } catch (error) {
    if (error instanceof RangeError) throw error;
    throw filterError(celErrorMessage(error as Error, filter, fieldNames));
  }
  const bare = bareFieldInConditionPosition(parsed.ast, fields as FieldTable<unknown>);
  if (bare) throw filterError(`expected a comparison after ${bare}`);
  const checked = parsed.check();
  if (!checked.valid) throw filterError(celErrorMessage(checked.error as Error, filter, fieldNames));
  if (checked.type !== 'bool') {
    throw filterError(
      `the filter must be a condition (true or false), but this expression is ${withArticle(String(checked.type))}`,
    );
  }
  return new Compiler(fields, now).bool(parsed.ast);
}

/** Compiles a ListMemos filter into a predicate over memo rows. `now` is frozen at compile time, in seconds. */
export function compileMemoFilter(filter: string, now = Math.floor(Date.now() / 1000)): Predicate<MemoRow> {
  return compile(filter, memoEnvironment, MEMO_FIELDS, ADVERTISED_MEMO_FIELDS, now);
}

/** Compiles a ListAttachments filter (filename, mime_type, create_time, memo_id). */
export function compileAttachmentFilter(
  filter: string,
  now = Math.floor(Date.now() / 1000),
): Predicate<AttachmentRow> {
  return compile(filter, attachmentEnvironment, ATTACHMENT_FIELDS, Object.keys(ATTACHMENT_FIELDS), now);
}
