// Runs a checked plan: it becomes one closure per node, built once per request, so matching a row costs a few
// closure calls and never a look at the AST.
import type { CompareOp } from './ast.ts';
import type { ElementTest, Plan, Scalar } from './plan.ts';
import { type MatchBudget, matchBudget } from './regex-cost.ts';
import { compileLike, type LikeSteps, likeSteps, tagsText } from './sqlite-like.ts';

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

/**
 * SQL's three-valued answer: a tag LIKE on a memo without tags is NULL in Memos' SQLite (sqlite-like.ts), and
 * NOT NULL is NULL too, so `!("work" in tags)` leaves untagged memos out. A row matches when its answer is true.
 */
type Truth = boolean | null;
type Condition<Row> = (row: Row) => Truth;

/**
 * One tag against a test of all() or exists_one(): `value = ?`, exact; or a LIKE of both sides case-folded with
 * every % and _ of the literal escaped, which is a plain prefix, suffix or substring test (lower-cased here).
 */
function elementPredicate(test: ElementTest): Predicate<string> {
  const value = test.value.toLowerCase();
  switch (test.method) {
    case '==':
      return (tag) => tag === test.value;
    case 'startsWith':
      return (tag) => tag.toLowerCase().startsWith(value);
    case 'endsWith':
      return (tag) => tag.toLowerCase().endsWith(value);
    default:
      return (tag) => tag.toLowerCase().includes(value);
  }
}

/** SQL's OR (`wins` true) or AND (`wins` false): `wins` when one part says so, else NULL when one part is NULL. */
function combine<Row>(parts: readonly Condition<Row>[], wins: boolean): Condition<Row> {
  return (row) => {
    let answer: Truth = !wins;
    for (const part of parts) {
      const value = part(row);
      if (value === wins) return wins;
      if (value === null) answer = null;
    }
    return answer;
  };
}

/** `JSON_EXTRACT(payload, '$.tags') LIKE pattern`: NULL for a memo without tags. */
function tagsLike<Row>(read: (row: Row) => readonly string[], patterns: readonly string[], steps: LikeSteps) {
  const tests = patterns.map(compileLike);
  return (row: Row): Truth => {
    const text = tagsText(read(row));
    if (text === null) return null;
    return tests.some((test) => test(text, steps));
  };
}

/**
 * The tags of one memo against `tags.exists(t, …)`, as Memos' SQLite renders it (render.go: renderTagEquals,
 * renderTagStartsWith, renderTagEndsWith, renderTagContains): one LIKE on the whole JSON text, so `t == "x"` is
 * case-insensitive in ASCII and `t.contains(",")` finds any memo with two tags; false, never NULL, without tags.
 */
function existsLike(test: ElementTest): string[] {
  switch (test.method) {
    case '==':
      return [`%"${test.value}"%`];
    case 'startsWith':
      return [`%"${test.value}"%`, `%"${test.value}%`];
    case 'endsWith':
      return [`%${test.value}"%`];
    default:
      return [`%${test.value}%`];
  }
}

/** What one compiled filter may spend on one request: time for every `matches`, steps for every tag LIKE. */
interface Budgets {
  matches: MatchBudget;
  like: LikeSteps;
}

export function predicate<Row>(
  plan: Plan<Row>,
  budgets: Budgets = { matches: matchBudget(), like: likeSteps() },
): Predicate<Row> {
  const decide = condition(plan, budgets);
  return (row) => decide(row) === true;
}

function condition<Row>(plan: Plan<Row>, budgets: Budgets): Condition<Row> {
  switch (plan.op) {
    case 'constant': {
      const value = plan.value;
      return () => value;
    }
    case '&&':
      return combine([condition(plan.left, budgets), condition(plan.right, budgets)], false);
    case '||':
      return combine([condition(plan.left, budgets), condition(plan.right, budgets)], true);
    case '!': {
      const inner = condition(plan.operand, budgets);
      return (row) => {
        const value = inner(row);
        return value === null ? null : !value;
      };
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
    case 'has':
      // render.go, renderElementInCondition: `JSON_EXTRACT(payload, '$.tags') LIKE '%"work"%'`.
      return tagsLike(plan.read, [`%"${plan.value}"%`], budgets.like);
    case 'tag-in':
      // render.go, renderTagInList: the name itself or a name below it, `%"book"%` OR `%"book/%`.
      return tagsLike(
        plan.read,
        plan.names.flatMap((name) => [`%"${name}"%`, `%"${name}/%`]),
        budgets.like,
      );
    case 'text':
      return textPredicate(plan);
    case 'matches': {
      const { read, pattern } = plan;
      return (row) => budgets.matches.spend(() => pattern.test(read(row)));
    }
    case 'comprehension': {
      const { quantifier, read } = plan;
      if (quantifier === 'exists') {
        const like = tagsLike(read, existsLike(plan.test), budgets.like);
        return (row) => like(row) === true;
      }
      // all() and exists_one() test each tag (json_each): render.go, renderTagAll and renderTagExistsOne.
      const test = elementPredicate(plan.test);
      // Memos' `all` is false on an empty list: the SQL needs at least one tag.
      if (quantifier === 'all') return (row) => read(row).length > 0 && read(row).every(test);
      return (row) => read(row).filter(test).length === 1;
    }
    case 'sets':
      return setCondition(plan, budgets.like);
  }
}

/**
 * cel-go's sets, as Memos' parser rewrites them (parser.go, buildSetCondition): each value becomes
 * `"value" in tags`, ANDed for contains, ORed for intersects; equivalent adds size(tags) == distinct values.
 */
function setCondition<Row>(plan: Extract<Plan<Row>, { op: 'sets' }>, steps: LikeSteps): Condition<Row> {
  const { method, read } = plan;
  const values = method === 'equivalent' ? [...new Set(plan.values)] : plan.values;
  const each = values.map((value) => tagsLike(read, [`%"${value}"%`], steps));
  if (method === 'intersects') return combine(each, true);
  const all = combine(each, false);
  if (method === 'contains') return all;
  const size = values.length;
  return (row) => (read(row).length === size ? all(row) : false);
}

function textPredicate<Row>(plan: Extract<Plan<Row>, { op: 'text' }>): Predicate<Row> {
  const { method, read, needle } = plan;
  if (method === 'contains') return (row) => read(row).toLowerCase().includes(needle);
  if (method === 'startsWith') return (row) => read(row).toLowerCase().startsWith(needle);
  return (row) => read(row).toLowerCase().endsWith(needle);
}
