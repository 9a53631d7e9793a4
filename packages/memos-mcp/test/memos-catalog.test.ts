import { contractDocument, contractOperations } from '@memos-kit/memos-contract';
import { describe, expect, it } from 'vitest';
import { buildCatalog, MissingOperationsError, toolNameFromOperationId } from '../src/catalog/index.ts';
import { EXTRA_OPERATION_IDS, memosFullDocument } from './support/memos-full-document.ts';

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

describe("Memos' allowlist", () => {
  const full = memosFullDocument();

  it('fronting a document with 73 operations still gives exactly the 20 tools', () => {
    expect(contractOperations(full)).toHaveLength(73);
    const names = buildCatalog(full).map((entry) => entry.tool.name);
    expect(names).toEqual(Object.keys(MEMOS_TOOLS));
    for (const operationId of EXTRA_OPERATION_IDS) {
      expect(names, operationId).not.toContain(toolNameFromOperationId(operationId));
    }
    for (const dangerous of [
      'auth_sign_in',
      'user_delete_user',
      'user_create_personal_access_token',
      'instance_update_instance_setting',
    ]) {
      expect(names).not.toContain(dangerous);
    }
  });

  it('with allOperations, every operation is a tool and each write beyond the 20 is marked destructive', () => {
    const all = buildCatalog(full, { allOperations: true });
    expect(all).toHaveLength(73);
    const beyond = all.filter((entry) => entry.beyondAllowlist);
    expect(beyond.map((entry) => entry.operation.operationId).sort()).toEqual(
      [...EXTRA_OPERATION_IDS].sort(),
    );
    for (const { tool, operation } of beyond) {
      expect(tool.annotations.destructiveHint, tool.name).toBe(operation.method !== 'GET');
    }
    expect(all.find((entry) => entry.tool.name === 'auth_sign_in')?.tool.annotations.destructiveHint).toBe(
      true,
    );
    // The 20 keep Memos' annotations.
    for (const { tool } of all.filter((entry) => !entry.beyondAllowlist)) {
      const { readOnlyHint, destructiveHint, idempotentHint } = tool.annotations;
      expect(`${flag(readOnlyHint)}/${flag(destructiveHint)}/${flag(idempotentHint)}`).toBe(
        MEMOS_TOOLS[tool.name],
      );
    }
  });

  it('refuses a document that lacks one of the 20, naming what is missing', () => {
    const partial = structuredClone(full);
    delete partial.paths?.['/api/v1/auth/me'];
    expect(() => buildCatalog(partial)).toThrow(MissingOperationsError);
    expect(() => buildCatalog(partial, { allOperations: true })).toThrow(
      'the OpenAPI document lacks 1 of the operations Memos exposes as tools: AuthService_GetCurrentUser',
    );
  });
});
