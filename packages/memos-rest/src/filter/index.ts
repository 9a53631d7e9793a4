// The memo and attachment filters: real CEL, as in Memos. Like Memos' `internal/filter`, which turns the
// checked CEL AST into SQL, the text is parsed (parse.ts), checked against the declared fields into a plan
// (check.ts) and the plan becomes a predicate over store rows (evaluate.ts). A filter is compiled once per
// request and costs a few closure calls per row.
//
// Casts: none. cel-js's `ASTNode` is a union discriminated by `op`, narrowed by `switch` or the guards in
// ast.ts; field getters are typed by their field's kind; errors are narrowed with `instanceof`.
import type { AttachmentRow, MemoRow } from '../model.ts';
import { checkFilter } from './check.ts';
import { type Predicate, predicate } from './evaluate.ts';
import { parseFilter, withinDepth } from './parse.ts';
import { ATTACHMENT_SCHEMA, type FilterSchema, MEMO_SCHEMA } from './schema.ts';

function compile<Row>(filter: string, schema: FilterSchema<Row>, now: number): Predicate<Row> {
  return withinDepth(() => {
    const parsed = parseFilter(filter, schema);
    return predicate(checkFilter(parsed, filter, schema, now));
  });
}

/** Compiles a ListMemos filter into a predicate over memo rows. `now` is frozen at compile time, in seconds. */
export function compileMemoFilter(filter: string, now = Math.floor(Date.now() / 1000)): Predicate<MemoRow> {
  return compile(filter, MEMO_SCHEMA, now);
}

/** Compiles a ListAttachments filter (filename, mime_type, create_time, memo_id). */
export function compileAttachmentFilter(
  filter: string,
  now = Math.floor(Date.now() / 1000),
): Predicate<AttachmentRow> {
  return compile(filter, ATTACHMENT_SCHEMA, now);
}

export { FILTER_ERROR_PREFIX, filterErrorParts } from './messages.ts';
