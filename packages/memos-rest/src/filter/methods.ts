// Method calls: text matching on text fields, comprehensions over tags, and cel-go's sets.* functions.
import type { ASTNode } from '@marcbachmann/cel-js';
import type { RE2JS } from 're2js';
import { isIdentifier, isName } from './ast.ts';
import { re2js } from './engines.ts';
import { filterError } from './messages.ts';
import {
  type ElementTest,
  isOneOf,
  type Plan,
  QUANTIFIERS,
  type Quantifier,
  SET_METHODS,
  TEXT_METHODS,
} from './plan.ts';
import { assertAffordablePattern } from './regex-cost.ts';
import type { FieldSpec } from './schema.ts';
import type { Scope } from './scope.ts';

type ListField<Row> = Extract<FieldSpec<Row>, { kind: 'list' }>;

export function methodCall<Row>(
  scope: Scope<Row>,
  method: string,
  receiver: ASTNode,
  args: readonly ASTNode[],
): Plan<Row> {
  if (isName(receiver, 'sets')) return setOperation(scope, method, args);
  const spec = isIdentifier(receiver) ? scope.field(receiver.args) : undefined;
  const name = isIdentifier(receiver) ? receiver.args : 'expression';
  if (spec?.kind === 'list') {
    if (isOneOf(QUANTIFIERS, method)) return comprehension(scope, method, spec, args);
    throw filterError(`${method}() is not supported on ${name}; use exists, all or exists_one`);
  }
  if (isOneOf(TEXT_METHODS, method) || method === 'matches') {
    if (spec?.kind !== 'string' || !spec.textMatch)
      throw filterError(
        `${name} does not support text matching; use == or in [...]`,
        `identifier "${name}" does not support text matching`,
      );
    const arg = args[0] ? scope.fold(args[0]) : undefined;
    if (arg?.kind !== 'string') throw filterError(`${name}.${method}() needs a quoted text argument`);
    if (method === 'matches') return { op: 'matches', read: spec.get, pattern: compileRegex(arg.value) };
    // Memos matches text case-insensitively (Unicode lower-casing).
    return { op: 'text', method, read: spec.get, needle: arg.value.toLowerCase() };
  }
  throw filterError(`${method}() is not supported in filters`);
}

/**
 * RE2 syntax and linear-time matching, as in Memos; linear in the pattern's size too, so that is bounded
 * first (regex-cost.ts): a learner's pattern can never hang the server.
 */
function compileRegex(source: string): RE2JS {
  assertAffordablePattern(source);
  try {
    return re2js().compile(source);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw filterError(`invalid regular expression (RE2 syntax): ${reason}`);
  }
}

function comprehension<Row>(
  scope: Scope<Row>,
  quantifier: Quantifier,
  spec: ListField<Row>,
  args: readonly ASTNode[],
): Plan<Row> {
  const [variable, body] = args;
  if (!isIdentifier(variable) || !body) throw filterError(`write tags.${quantifier}(t, t == "name")`);
  return { op: 'comprehension', quantifier, read: spec.get, test: elementTest(scope, variable.args, body) };
}

function elementTest<Row>(scope: Scope<Row>, variable: string, body: ASTNode): ElementTest {
  if (body.op === '==') {
    const [left, right] = body.args;
    if (isName(left, variable) || isName(right, variable)) {
      const literal = scope.fold(isName(left, variable) ? right : left);
      if (literal?.kind !== 'string') throw filterError(`compare ${variable} with a quoted tag name`);
      return { method: '==', value: literal.value };
    }
  }
  if (body.op === 'rcall' && isName(body.args[1], variable)) {
    const [method, , callArgs] = body.args;
    const literal = callArgs[0] ? scope.fold(callArgs[0]) : undefined;
    if (literal?.kind === 'string' && isOneOf(TEXT_METHODS, method)) return { method, value: literal.value };
  }
  throw filterError(
    `unsupported condition inside the comprehension; use ${variable} == "x", ${variable}.startsWith("x"), ${variable}.endsWith("x") or ${variable}.contains("x")`,
  );
}

function setOperation<Row>(scope: Scope<Row>, method: string, args: readonly ASTNode[]): Plan<Row> {
  const [listNode, valuesNode] = args;
  const spec = isIdentifier(listNode) ? scope.field(listNode.args) : undefined;
  if (spec?.kind !== 'list')
    throw filterError(`sets.${method}() works on tags: sets.${method}(tags, ["a", "b"])`);
  const literal = valuesNode ? scope.fold(valuesNode) : undefined;
  if (literal?.kind !== 'list')
    throw filterError('set operations require a list literal as the second argument');
  // The type checker knows only these three on `sets`; anything else never gets here.
  if (!isOneOf(SET_METHODS, method)) throw filterError(`sets.${method}() is not supported in filters`);
  return { op: 'sets', method, read: spec.get, values: literal.value.map((item) => String(item.value)) };
}
