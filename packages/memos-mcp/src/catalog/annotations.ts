import type { CatalogOverrides } from './memos-overrides.ts';

/**
 * MCP tool annotations as this adapter writes them. Memos' Go SDK drops `readOnlyHint` and
 * `idempotentHint` when they are false; the article prints all five keys on every tool, and so does the
 * kit: a learner reading `tools/list` sees every hint's value instead of having to know the default.
 */
export interface ToolAnnotations {
  title: string;
  readOnlyHint: boolean;
  idempotentHint: boolean;
  destructiveHint: boolean;
  openWorldHint: boolean;
}

/** GET reads, DELETE destroys but can be repeated, everything else writes; Memos' tables refine that. */
export function annotationsFor(
  title: string,
  method: string,
  operationId: string,
  overrides: CatalogOverrides,
): ToolAnnotations {
  const upper = method.toUpperCase();
  const readOnly = upper === 'GET';
  const isDelete = upper === 'DELETE';
  return {
    title,
    readOnlyHint: readOnly,
    idempotentHint: readOnly || isDelete || overrides.idempotent.includes(operationId),
    destructiveHint: isDelete || overrides.destructive.includes(operationId),
    // The tools reach only this Memos instance, never the open web.
    openWorldHint: false,
  };
}
