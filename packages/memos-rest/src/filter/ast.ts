// Type guards over cel-js's typed AST. `ASTNode` is a union discriminated by `op`; a `switch` on `op` narrows
// `args` by itself, and these guards do the same for the narrowings a `switch` cannot express (one op of a
// set, an identifier with a given name), so no module needs a cast to read a node.
import type { ASTNode, ASTOperator } from '@marcbachmann/cel-js';

/** The node whose `op` is K, with K's `args`. */
export type NodeOf<K extends ASTOperator> = Extract<ASTNode, { op: K }>;

export type CompareOp = '==' | '!=' | '<' | '<=' | '>' | '>=';
const COMPARE_OPS: readonly CompareOp[] = ['==', '!=', '<', '<=', '>', '>='];

export function isComparison(node: ASTNode): node is NodeOf<CompareOp> {
  return COMPARE_OPS.some((op) => op === node.op);
}

export function isIdentifier(node: ASTNode | undefined): node is NodeOf<'id'> {
  return node?.op === 'id';
}

/** Whether the node is the identifier `name`; not a guard, since a false answer says nothing of the node's op. */
export function isName(node: ASTNode | undefined, name: string): boolean {
  return node?.op === 'id' && node.args === name;
}
