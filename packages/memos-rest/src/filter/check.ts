// Check: the parsed filter against the schema. First cel-js's type checker (fields exist, types fit, the
// whole is a bool), then the forms Memos accepts, node by node, into a plan. Whatever Memos rejects is
// rejected here with a sentence that says what to write instead.
import type { ASTNode, ParseResult } from '@marcbachmann/cel-js';
import { isComparison } from './ast.ts';
import { comparison, membership } from './compare.ts';
import { celErrorMessage, filterError, NOT_BOOLEAN, withArticle } from './messages.ts';
import { methodCall } from './methods.ts';
import type { Plan } from './plan.ts';
import { type FilterSchema, fieldOf } from './schema.ts';
import { Scope } from './scope.ts';

/** Finds a bare non-boolean field used as a condition (the article's `visibility`), before the type checker does. */
function bareFieldInConditionPosition<Row>(node: ASTNode, schema: FilterSchema<Row>): string | undefined {
  switch (node.op) {
    case '&&':
    case '||':
      return (
        bareFieldInConditionPosition(node.args[0], schema) ??
        bareFieldInConditionPosition(node.args[1], schema)
      );
    case '!_':
      return bareFieldInConditionPosition(node.args, schema);
    case 'id': {
      const spec = fieldOf(schema, node.args);
      return spec && spec.kind !== 'bool' ? node.args : undefined;
    }
    default:
      return undefined;
  }
}

function condition<Row>(scope: Scope<Row>, node: ASTNode): Plan<Row> {
  if (isComparison(node)) return comparison(scope, node.op, node.args[0], node.args[1]);
  switch (node.op) {
    case '&&':
    case '||':
      return { op: node.op, left: condition(scope, node.args[0]), right: condition(scope, node.args[1]) };
    case '!_':
      return { op: '!', operand: condition(scope, node.args) };
    case 'value':
      if (typeof node.args === 'boolean') return { op: 'constant', value: node.args };
      throw filterError('the filter must be a condition (true or false), not a single value', NOT_BOOLEAN);
    case 'id': {
      const spec = scope.field(node.args);
      if (spec?.kind === 'bool') return { op: 'flag', read: spec.get };
      throw filterError(`expected a comparison after ${node.args}`);
    }
    case '?:':
      throw filterError(
        'conditional expressions (a ? b : c) are not supported in filters; combine terms with && and ||',
        'unsupported call expression "_?_:_"',
      );
    case 'in':
      return membership(scope, node.args[0], node.args[1]);
    case 'rcall':
      return methodCall(scope, node.args[0], node.args[1], node.args[2]);
    default:
      throw filterError('unsupported expression; compare a field with a value, e.g. visibility == "PUBLIC"');
  }
}

/** The parsed filter as a checked plan; `now` (epoch seconds) is folded into every literal that reads it. */
export function checkFilter<Row>(
  parsed: ParseResult,
  source: string,
  schema: FilterSchema<Row>,
  now: number,
): Plan<Row> {
  const bare = bareFieldInConditionPosition(parsed.ast, schema);
  // The whole filter a bare field (the article's `visibility`): Memos' type check finds no bool.
  if (bare)
    throw filterError(
      `expected a comparison after ${bare}`,
      parsed.ast.op === 'id' ? NOT_BOOLEAN : undefined,
    );
  const checked = parsed.check();
  if (!checked.valid) throw filterError(celErrorMessage(checked.error, source, schema.advertised));
  if (checked.type !== 'bool') {
    throw filterError(
      `the filter must be a condition (true or false), but this expression is ${withArticle(String(checked.type))}`,
      NOT_BOOLEAN,
    );
  }
  return condition(new Scope(schema, now), parsed.ast);
}
