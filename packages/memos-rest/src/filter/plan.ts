// The checked plan: what a filter means once every field, operator and literal has been checked, like the IR
// Memos' `internal/filter` builds between the CEL AST and SQL. Check makes it, evaluate runs it; every
// literal in it is already folded and converted to the row's representation.
import type { RE2JS } from 're2js';
import type { CompareOp } from './ast.ts';

export type Scalar = string | number | boolean;
type Read<Row, T> = (row: Row) => T;
type Tags<Row> = Read<Row, readonly string[]>;

/** Case-insensitive text tests, as Memos lower-cases both sides. */
export type TextMethod = 'contains' | 'startsWith' | 'endsWith';
export const TEXT_METHODS: readonly TextMethod[] = ['contains', 'startsWith', 'endsWith'];

export type Quantifier = 'exists' | 'all' | 'exists_one';
export const QUANTIFIERS: readonly Quantifier[] = ['exists', 'all', 'exists_one'];

/** cel-go's ext.Sets() functions, on tags. */
export type SetMethod = 'contains' | 'intersects' | 'equivalent';
export const SET_METHODS: readonly SetMethod[] = ['contains', 'intersects', 'equivalent'];

/** The condition inside tags.exists(t, …): `t == value`, or a text test with the literal as written. */
export interface ElementTest {
  method: '==' | TextMethod;
  value: string;
}

export type Plan<Row> =
  | { op: 'constant'; value: boolean }
  | { op: '&&' | '||'; left: Plan<Row>; right: Plan<Row> }
  | { op: '!'; operand: Plan<Row> }
  /** A bare bool field: `pinned`. */
  | { op: 'flag'; read: Read<Row, boolean> }
  /** A field, size(field) or field.getX() against a value of the same representation. */
  | { op: 'compare'; operator: CompareOp; read: Read<Row, Scalar>; value: Scalar }
  | { op: 'in'; read: Read<Row, Scalar>; values: ReadonlySet<Scalar> }
  /** `"work" in tags`: a tag equal to the value, as Memos' SQLite LIKE compares them (sqlite-like.ts). */
  | { op: 'has'; read: Tags<Row>; value: string }
  /** `tag in ["book"]`: a tag equal to a name or below it (`book/tech`), compared the same way. */
  | { op: 'tag-in'; read: Tags<Row>; names: readonly string[] }
  /** The needle is lower-cased. */
  | { op: 'text'; method: TextMethod; read: Read<Row, string>; needle: string }
  | { op: 'matches'; read: Read<Row, string>; pattern: RE2JS }
  | { op: 'comprehension'; quantifier: Quantifier; read: Tags<Row>; test: ElementTest }
  /** The wanted values, as written; Memos tests each one as `"value" in tags`. */
  | { op: 'sets'; method: SetMethod; read: Tags<Row>; values: readonly string[] };

/** Narrows a method name to one of a fixed set of names. */
export function isOneOf<T extends string>(names: readonly T[], name: string): name is T {
  return names.some((candidate) => candidate === name);
}
