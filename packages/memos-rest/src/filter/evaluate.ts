// Runs a checked plan: it becomes one closure per node, built once per request, so matching a row costs a few
// closure calls and never a look at the AST.
import type { CompareOp } from './ast.ts';
import type { ElementTest, Plan, Scalar } from './plan.ts';
import { type MatchBudget, matchBudget } from './regex-cost.ts';

export type Predicate<Row> = (row: Row) => boolean;

export function compare(op: CompareOp, a: Scalar, b: Scalar): boolean {
  switch (op) {
    case '==':
      return a === b;
    case '!=':
      return a !== b;
    case '<':
      return a < b;
    case '<=':
      return a <= b;
    case '>':
      return a > b;
    default:
      return a >= b;
  }
}

function elementPredicate(test: ElementTest): Predicate<string> {
  switch (test.method) {
    case '==':
      return (tag) => tag === test.value;
    case 'startsWith':
      return (tag) => tag.toLowerCase().startsWith(test.needle);
    case 'endsWith':
      return (tag) => tag.toLowerCase().endsWith(test.needle);
    default:
      return (tag) => tag.toLowerCase().includes(test.needle);
  }
}

/** `budget` bounds the time every `matches` of one compiled filter may spend, together, on one request. */
export function predicate<Row>(plan: Plan<Row>, budget: MatchBudget = matchBudget()): Predicate<Row> {
  switch (plan.op) {
    case 'constant': {
      const value = plan.value;
      return () => value;
    }
    case '&&': {
      const [a, b] = [predicate(plan.left, budget), predicate(plan.right, budget)];
      return (row) => a(row) && b(row);
    }
    case '||': {
      const [a, b] = [predicate(plan.left, budget), predicate(plan.right, budget)];
      return (row) => a(row) || b(row);
    }
    case '!': {
      const inner = predicate(plan.operand, budget);
      return (row) => !inner(row);
    }
    case 'flag': {
      const read = plan.read;
      return (row) => read(row) === true;
    }
    case 'compare': {
      const { operator, read, value } = plan;
      return (row) => compare(operator, read(row), value);
    }
    case 'in': {
      const { read, values } = plan;
      return (row) => values.has(read(row));
    }
    case 'has': {
      const { read, value } = plan;
      return (row) => read(row).includes(value);
    }
    case 'tag-in': {
      // Case-insensitive, as in Memos (its tests pin `tag in ["Work"]` finding #work).
      const wanted = plan.names.map((name) => name.toLowerCase());
      const { read } = plan;
      return (row) =>
        read(row).some((tag) => {
          const lower = tag.toLowerCase();
          return wanted.some((name) => lower === name || lower.startsWith(`${name}/`));
        });
    }
    case 'text':
      return textPredicate(plan);
    case 'matches': {
      const { read, pattern } = plan;
      return (row) => budget.spend(() => pattern.test(read(row)));
    }
    case 'comprehension': {
      const { quantifier, read } = plan;
      const test = elementPredicate(plan.test);
      if (quantifier === 'exists') return (row) => read(row).some(test);
      // Memos' `all` is false on an empty list: the SQL needs at least one tag.
      if (quantifier === 'all') return (row) => read(row).length > 0 && read(row).every(test);
      return (row) => read(row).filter(test).length === 1;
    }
    case 'sets': {
      const { method, read, values } = plan;
      if (method === 'contains') return (row) => values.every((value) => read(row).includes(value));
      if (method === 'intersects') return (row) => values.some((value) => read(row).includes(value));
      return (row) =>
        read(row).length === values.length && values.every((value) => read(row).includes(value));
    }
  }
}

function textPredicate<Row>(plan: Extract<Plan<Row>, { op: 'text' }>): Predicate<Row> {
  const { method, read, needle } = plan;
  if (method === 'contains') return (row) => read(row).toLowerCase().includes(needle);
  if (method === 'startsWith') return (row) => read(row).toLowerCase().startsWith(needle);
  return (row) => read(row).toLowerCase().endsWith(needle);
}
