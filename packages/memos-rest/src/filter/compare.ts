// Comparisons and `in`: one side is a field, size(field) or field.getX(), the other folds to a literal that
// must fit the field. A literal on the left is swapped to the right with the operator mirrored, as Memos does.
import type { ASTNode } from '@marcbachmann/cel-js';
import { type CompareOp, isIdentifier } from './ast.ts';
import { compare } from './evaluate.ts';
import { accessor, describe, type Literal } from './literal.ts';
import { filterError } from './messages.ts';
import type { Plan, Scalar } from './plan.ts';
import type { Scope } from './scope.ts';

/** The value side of a comparison, read from a row. */
interface Operand<Row> {
  label: string;
  kind: 'string' | 'int' | 'bool' | 'timestamp';
  read: (row: Row) => Scalar;
  /** Only == and != (and `in [...]`). */
  equalityOnly: boolean;
}

const MIRRORED: Record<CompareOp, CompareOp> = {
  '==': '==',
  '!=': '!=',
  '<': '>',
  '<=': '>=',
  '>': '<',
  '>=': '<=',
};

function operand<Row>(scope: Scope<Row>, node: ASTNode): Operand<Row> | undefined {
  if (isIdentifier(node)) {
    const spec = scope.field(node.args);
    if (!spec) return undefined;
    if (spec.kind === 'tag') {
      throw filterError(
        'tag can only be used as tag in ["name"]; to test one tag write "name" in tags',
        'field "tag" does not support comparison',
      );
    }
    if (spec.kind === 'list')
      throw filterError(`${node.args} is a list: use "value" in ${node.args} or size(${node.args})`);
    return { label: node.args, kind: spec.kind, read: spec.get, equalityOnly: spec.equalityOnly === true };
  }
  if (node.op === 'call' && node.args[0] === 'size' && node.args[1].length === 1) {
    const [target] = node.args[1];
    const spec = isIdentifier(target) ? scope.field(target.args) : undefined;
    const label = `size(${isIdentifier(target) ? target.args : ''})`;
    if (spec?.kind === 'list') {
      return { label, kind: 'int', read: (row) => spec.get(row).length, equalityOnly: false };
    }
    if (spec?.kind === 'string') {
      // Characters, not UTF-16 units, as Memos counts them.
      return { label, kind: 'int', read: (row) => Array.from(spec.get(row)).length, equalityOnly: false };
    }
    return undefined;
  }
  if (node.op === 'rcall') {
    const [method, receiver, args] = node.args;
    const spec = isIdentifier(receiver) ? scope.field(receiver.args) : undefined;
    if (isIdentifier(receiver) && spec?.kind === 'timestamp') {
      const read = accessor(method, args);
      return {
        label: `${receiver.args}.${method}()`,
        kind: 'int',
        read: (row) => read(new Date(spec.get(row) * 1000)),
        equalityOnly: false,
      };
    }
  }
  return undefined;
}

/** Checks that a literal fits a field and converts it to the row's representation. */
function coerce<Row>(field: Operand<Row>, literal: Literal): Scalar {
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

const isScalar = (value: Literal['value']): value is Scalar => value !== null && !Array.isArray(value);

/** Two literals compare once, here; the type checker has already made sure they are comparable. */
function constant<Row>(op: CompareOp, left: Literal, right: Literal): Plan<Row> {
  const [a, b] = [left.value, right.value];
  if (op === '==') return { op: 'constant', value: a === b };
  if (op === '!=') return { op: 'constant', value: a !== b };
  if (!isScalar(a) || !isScalar(b))
    throw filterError(`cannot use ${op} between ${left.kind} and ${right.kind}`);
  return { op: 'constant', value: compare(op, a, b) };
}

export function comparison<Row>(
  scope: Scope<Row>,
  op: CompareOp,
  leftNode: ASTNode,
  rightNode: ASTNode,
): Plan<Row> {
  let field = operand(scope, leftNode);
  const rightLiteral = scope.fold(rightNode);
  let literal = rightLiteral;
  let operator = op;
  if (!field) {
    // A literal on the left: the field is on the right, so the operator mirrors (1 < x is x > 1).
    field = operand(scope, rightNode);
    literal = scope.fold(leftNode);
    operator = MIRRORED[op];
    if (!field) {
      if (literal && rightLiteral) return constant(op, literal, rightLiteral);
      throw filterError('each comparison needs a field on one side and a value on the other');
    }
  }
  if (!literal) throw filterError(`compare ${field.label} with a value, not with another field`);
  if (field.equalityOnly && operator !== '==' && operator !== '!=') {
    throw filterError(
      `operator ${operator} is not allowed for ${field.label}; use == or !=`,
      `operator ${operator} not allowed for field "${field.label}"`,
    );
  }
  return { op: 'compare', operator, read: field.read, value: coerce(field, literal) };
}

export function membership<Row>(scope: Scope<Row>, leftNode: ASTNode, rightNode: ASTNode): Plan<Row> {
  const listField = isIdentifier(rightNode) ? scope.field(rightNode.args) : undefined;
  if (isIdentifier(rightNode) && listField?.kind === 'list') {
    const needle = scope.fold(leftNode);
    if (needle?.kind !== 'string')
      throw filterError(`write a quoted value before "in ${rightNode.args}", e.g. "work" in tags`);
    return { op: 'has', read: listField.get, value: needle.value };
  }
  const list = scope.fold(rightNode);
  if (list?.kind !== 'list')
    throw filterError('in needs a list of values on the right, e.g. visibility in ["PUBLIC", "PROTECTED"]');
  if (isIdentifier(leftNode)) {
    const spec = scope.field(leftNode.args);
    if (spec?.kind === 'tag') {
      return { op: 'tag-in', read: spec.get, names: list.value.map((item) => String(item.value)) };
    }
    if (spec?.kind === 'bool' || spec?.kind === 'timestamp') {
      throw filterError(`${leftNode.args} does not support in [...]; use ==`);
    }
  }
  const field = operand(scope, leftNode);
  if (!field)
    throw filterError(
      'invalid use of the in operator: write field in ["a", "b"] or "a" in tags',
      'invalid use of in operator',
    );
  return { op: 'in', read: field.read, values: new Set(list.value.map((item) => coerce(field, item))) };
}
