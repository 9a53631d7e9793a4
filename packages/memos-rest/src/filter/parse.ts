// Parse: filter text into cel-js's typed AST. The parser keeps its own bounds (cel-js's defaults: depth 250,
// 100,000 nodes, 1,000 list items, 32 call arguments) and reports a breach as a ParseError; a nesting the
// parser allows may still exhaust the stack later, in the checker or the planner, as a RangeError. Both are
// the filter's fault, not the server's, and say so with one message.
import type { ParseResult } from '@marcbachmann/cel-js';
import { celErrorMessage, filterError, TOO_DEEP } from './messages.ts';
import type { FilterSchema } from './schema.ts';

export function parseFilter<Row>(source: string, schema: FilterSchema<Row>): ParseResult {
  if (source.trim() === '') throw filterError('the filter expression is empty', 'filter expression is empty');
  try {
    return schema.environment.parse(source);
  } catch (error) {
    if (error instanceof RangeError) throw error;
    throw filterError(celErrorMessage(error, source, schema.advertised));
  }
}

/** Runs every step that recurses over the tree, turning an exhausted stack into the 400 it deserves. */
export function withinDepth<T>(steps: () => T): T {
  try {
    return steps();
  } catch (error) {
    if (error instanceof RangeError) throw filterError(TOO_DEEP);
    throw error;
  }
}
