import { contractDocument } from '@memos-kit/memos-contract';
import { describe, expect, it } from 'vitest';
import { buildCatalog } from '../src/catalog/index.ts';

/**
 * The catalog built from the mock's own OpenAPI document, checked against Memos v0.30.0's real catalog
 * (server/router/mcp/catalog.go): its 20 names in its alphabetical order, and its read-only /
 * destructive / idempotent table (R/D/I), which mixes the method rule with two override lists.
 */
const MEMOS_TOOLS: Record<string, string> = {
  attachment_create_attachment: 'F/F/F',
  attachment_delete_attachment: 'F/T/T',
  attachment_get_attachment: 'T/F/T',
  attachment_list_attachments: 'T/F/T',
  auth_get_current_user: 'T/F/T',
  memo_create_memo: 'F/F/F',
  memo_create_memo_comment: 'F/F/F',
  memo_delete_memo: 'F/T/T',
  memo_delete_memo_reaction: 'F/T/T',
  memo_get_memo: 'T/F/T',
  memo_list_memo_attachments: 'T/F/T',
  memo_list_memo_comments: 'T/F/T',
  memo_list_memo_reactions: 'T/F/T',
  memo_list_memo_relations: 'T/F/T',
  memo_list_memos: 'T/F/T',
  memo_set_memo_attachments: 'F/T/T',
  memo_set_memo_relations: 'F/T/T',
  memo_update_memo: 'F/T/F',
  memo_upsert_memo_reaction: 'F/F/F',
  shortcut_list_shortcuts: 'T/F/T',
};

const catalog = buildCatalog(contractDocument());
const flag = (value: boolean) => (value ? 'T' : 'F');

describe('the catalog of the mock Memos', () => {
  it('has Memos v0.30.0 tools, in its order', () => {
    expect(catalog.map((entry) => entry.tool.name)).toEqual(Object.keys(MEMOS_TOOLS));
  });

  it('has Memos annotations, with all five keys and openWorldHint false', () => {
    for (const { tool } of catalog) {
      const { readOnlyHint, destructiveHint, idempotentHint } = tool.annotations;
      expect(`${flag(readOnlyHint)}/${flag(destructiveHint)}/${flag(idempotentHint)}`, tool.name).toBe(
        MEMOS_TOOLS[tool.name],
      );
      expect(Object.keys(tool.annotations).sort()).toEqual(
        ['destructiveHint', 'idempotentHint', 'openWorldHint', 'readOnlyHint', 'title'].sort(),
      );
      expect(tool.annotations.openWorldHint).toBe(false);
      expect(tool.annotations.title).toBe(tool.title);
    }
  });

  it('gives every tool a closed object input schema and an object output schema whose refs resolve', () => {
    for (const { tool } of catalog) {
      expect(tool.inputSchema.type).toBe('object');
      expect(tool.inputSchema.additionalProperties).toBe(false);
      expect(tool.outputSchema.type).toBe('object');
      for (const schema of [tool.inputSchema, tool.outputSchema]) {
        const defs = (schema.$defs ?? {}) as Record<string, unknown>;
        for (const [, name] of JSON.stringify(schema).matchAll(/"#\/\$defs\/([^"]+)"/g)) {
          expect(defs, `${tool.name} refers to ${name}`).toHaveProperty(name as string);
        }
      }
    }
  });

  it('applies the body overrides: a partial update, and set/upsert bodies without a name', () => {
    const body = (name: string) => {
      const properties = catalog.find((entry) => entry.tool.name === name)?.tool.inputSchema.properties;
      return (properties as Record<string, Record<string, unknown>> | undefined)?.body;
    };
    expect(body('memo_create_memo')?.required).toEqual(['content']);
    expect(body('memo_update_memo')?.required).toBeUndefined();
    expect(body('memo_update_memo')?.minProperties).toBe(1);
    expect(body('memo_update_memo')?.properties).not.toHaveProperty('name');
    expect(body('memo_set_memo_relations')?.required).toEqual(['relations']);
    expect(body('memo_upsert_memo_reaction')?.required).toEqual(['reaction']);
  });
});
