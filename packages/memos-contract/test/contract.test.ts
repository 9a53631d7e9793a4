import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  contractDocument,
  contractOperations,
  type OpenAPIObject,
  parseContract,
  resolveParameter,
  resolveResponse,
  resolveSchema,
  schemaRefName,
} from '../src/index.ts';
import {
  MEMOS_DESCRIPTIONS,
  MEMOS_PARAMETER_DESCRIPTIONS,
  MEMOS_SCHEMA_DESCRIPTIONS,
} from './memos-descriptions.ts';

const document = contractDocument();
const operations = contractOperations(document);

/** Every `$ref` string anywhere in a JSON value. */
function refsIn(node: unknown): string[] {
  if (Array.isArray(node)) return node.flatMap(refsIn);
  if (node === null || typeof node !== 'object') return [];
  return Object.entries(node).flatMap(([key, value]) =>
    key === '$ref' && typeof value === 'string' ? [value] : refsIn(value),
  );
}

describe('the contract document', () => {
  it('is the OpenAPI 3.1 document of the Memos v0.30.0 mock', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(document.info.version).toBe('0.30.0');
    expect(Object.keys(document.components?.schemas ?? {})).toContain('Memo');
  });

  it("has exactly the 20 operations of Memos' MCP catalog, with Memos' methods and paths", () => {
    expect(operations.map((o) => `${o.method.toUpperCase()} ${o.path} ${o.operationId}`).sort()).toEqual([
      'DELETE /api/v1/attachments/{attachment} AttachmentService_DeleteAttachment',
      'DELETE /api/v1/memos/{memo} MemoService_DeleteMemo',
      'DELETE /api/v1/memos/{memo}/reactions/{reaction} MemoService_DeleteMemoReaction',
      'GET /api/v1/attachments AttachmentService_ListAttachments',
      'GET /api/v1/attachments/{attachment} AttachmentService_GetAttachment',
      'GET /api/v1/auth/me AuthService_GetCurrentUser',
      'GET /api/v1/memos MemoService_ListMemos',
      'GET /api/v1/memos/{memo} MemoService_GetMemo',
      'GET /api/v1/memos/{memo}/attachments MemoService_ListMemoAttachments',
      'GET /api/v1/memos/{memo}/comments MemoService_ListMemoComments',
      'GET /api/v1/memos/{memo}/reactions MemoService_ListMemoReactions',
      'GET /api/v1/memos/{memo}/relations MemoService_ListMemoRelations',
      'GET /api/v1/users/{user}/shortcuts ShortcutService_ListShortcuts',
      'PATCH /api/v1/memos/{memo} MemoService_UpdateMemo',
      'PATCH /api/v1/memos/{memo}/attachments MemoService_SetMemoAttachments',
      'PATCH /api/v1/memos/{memo}/relations MemoService_SetMemoRelations',
      'POST /api/v1/attachments AttachmentService_CreateAttachment',
      'POST /api/v1/memos MemoService_CreateMemo',
      'POST /api/v1/memos/{memo}/comments MemoService_CreateMemoComment',
      'POST /api/v1/memos/{memo}/reactions MemoService_UpsertMemoReaction',
    ]);
  });

  it('lets anonymous callers use only the three public reads', () => {
    const publicReads = operations
      .filter((o) => (o.operation.security ?? document.security)?.some((r) => Object.keys(r).length === 0))
      .map((o) => o.operationId);
    expect(publicReads).toEqual([
      'MemoService_ListMemos',
      'MemoService_GetMemo',
      'MemoService_ListMemoComments',
    ]);
  });

  it('gives every operation a proto-comment description, a 200 and a Status default response', () => {
    for (const { operationId, operation } of operations) {
      expect(operation.description, operationId).toMatch(/^\w+ \S/);
      // Memos' descriptions are proto comments: every continuation line starts with one space.
      for (const line of operation.description?.split('\n').slice(1) ?? []) {
        expect(line, operationId).toMatch(/^ \S/);
      }
      expect(operation.responses?.['200'], operationId).toBeDefined();
      const declared = operation.responses?.default;
      if (!declared) throw new Error(`${operationId} declares no default response`);
      const error = resolveResponse(document, declared);
      expect(error.content?.['application/json']?.schema, operationId).toEqual({
        $ref: '#/components/schemas/Status',
      });
    }
  });

  it("describes every operation in Memos' own words, as Memos' adapter sends them to a model", () => {
    const described = Object.fromEntries(operations.map((o) => [o.operationId, o.operation.description]));
    expect(described).toEqual(MEMOS_DESCRIPTIONS);
  });

  it("describes every parameter in Memos' own words, the text a tool's inputSchema carries", () => {
    const described = Object.fromEntries(
      operations
        .filter((o) => (o.operation.parameters ?? []).length > 0)
        .map((o) => [
          o.operationId,
          Object.fromEntries(
            (o.operation.parameters ?? [])
              .map((p) => resolveParameter(document, p))
              .map((p) => [p.name, p.description ?? null]),
          ),
        ]),
    );
    expect(described).toEqual(MEMOS_PARAMETER_DESCRIPTIONS);
  });

  it("has Memos' schemas with Memos' fields, each described in Memos' own words or, as in Memos, not at all", () => {
    // null, not undefined: toEqual would let a missing key and an undefined one pass for each other.
    const described: Record<string, string | null> = {};
    for (const [name, schema] of Object.entries(document.components?.schemas ?? {})) {
      if ('$ref' in schema) throw new Error(`component schema ${name} is a bare $ref`);
      described[name] = schema.description ?? null;
      for (const [field, property] of Object.entries(schema.properties ?? {}))
        described[`${name}.${field}`] = property.description ?? null;
    }
    expect(described).toEqual(MEMOS_SCHEMA_DESCRIPTIONS);
  });

  it('declares every path parameter of every path template, required', () => {
    for (const { path, operationId, operation } of operations) {
      const names = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      const declared = (operation.parameters ?? [])
        .map((p) => resolveParameter(document, p))
        .filter((p) => p.in === 'path');
      expect(
        declared.map((p) => p.name),
        operationId,
      ).toEqual(names);
      for (const parameter of declared)
        expect(parameter.required, `${operationId} ${parameter.name}`).toBe(true);
    }
  });

  it('resolves every $ref to a component schema', () => {
    const refs = new Set(refsIn(document));
    expect(refs.size).toBeGreaterThan(10);
    for (const ref of refs) {
      expect(resolveSchema(document, { $ref: ref }).type, ref).toBeDefined();
    }
  });

  it('is read once and frozen, so no reader can change what the others see', () => {
    expect(contractDocument()).toBe(document);
    expect(Object.isFrozen(document.components?.schemas?.Memo)).toBe(true);
    expect(() => {
      document.info.title = 'changed';
    }).toThrow(TypeError);
  });
});

it('is the YAML read as YAML, whether it came from the YAML or from its JSON cache', () => {
  const yaml = readFileSync(new URL('../openapi.yaml', import.meta.url), 'utf8');
  expect(document).toEqual(parseContract(yaml));
  // The first read in any process leaves the JSON form, named by the YAML's hash, for the next one.
  const hash = createHash('sha256').update(yaml).digest('hex').slice(0, 16);
  const cached = new URL(`../node_modules/.cache/memos-contract/openapi.${hash}.json`, import.meta.url);
  expect(JSON.parse(readFileSync(cached, 'utf8'))).toEqual(parseContract(yaml));
});

describe('parseContract', () => {
  const minimal = { openapi: '3.0.3', info: { title: 'x', version: '1' }, paths: {} };

  it('reads the same document from JSON and from YAML', () => {
    expect(parseContract(JSON.stringify(document))).toEqual(document);
    expect(parseContract(JSON.stringify(document, null, 2))).toEqual(document);
    expect(parseContract('openapi: 3.0.3\ninfo: {title: x, version: "1"}\npaths: {}\n')).toEqual(minimal);
    expect(parseContract('{openapi: 3.0.3, info: {title: x, version: "1"}, paths: {}}')).toEqual(minimal);
  });

  it('names the source and says what is wrong', () => {
    expect(() => parseContract('{"openapi": ', 'memos.json')).toThrow(
      /^memos\.json is neither JSON nor YAML/,
    );
    expect(() => parseContract('swagger: "2.0"\n', 'old.yaml')).toThrow(
      /old\.yaml is not an OpenAPI document/,
    );
    expect(() => parseContract(JSON.stringify({ ...minimal, openapi: '4.0.0' }))).toThrow(
      /reads OpenAPI 3\.0 and 3\.1/,
    );
    expect(() => parseContract(JSON.stringify({ ...minimal, paths: undefined }))).toThrow(
      /needs "info".* and "paths"/,
    );
    expect(() => parseContract('[1, 2]')).toThrow(/not an OpenAPI document/);
  });
});

describe('reading operations and references', () => {
  const sample = (): OpenAPIObject => ({
    openapi: '3.1.0',
    info: { title: 'sample', version: '1' },
    paths: {
      '/v1/notes/{note}.json': { get: { operationId: 'GetNote' } },
      'x-internal': { get: { operationId: 'Hidden' } },
    },
    components: {
      schemas: {
        Note: { type: 'object' },
        Alias: { $ref: '#/components/schemas/Note' },
        Loop: { $ref: '#/components/schemas/Loop' },
        'a/b': { type: 'string' },
      },
      parameters: { Note: { name: 'note', in: 'path', required: true } },
    },
  });

  it('lists operations with a pattern for concrete paths, and skips extensions', () => {
    const [only, ...rest] = contractOperations(sample());
    expect(rest).toEqual([]);
    expect(only).toMatchObject({ path: '/v1/notes/{note}.json', method: 'get', operationId: 'GetNote' });
    expect(only?.pattern.test('/v1/notes/abc.json')).toBe(true);
    expect(only?.pattern.test('/v1/notes/abc/def.json')).toBe(false);
    expect(only?.pattern.test('/v1/notes/abcxjson')).toBe(false);
    const memo = operations.find((o) => o.operationId === 'MemoService_DeleteMemoReaction');
    expect(memo?.pattern.test('/api/v1/memos/abc/reactions/3')).toBe(true);
    expect(memo?.pattern.test('/api/v1/memos/abc/reactions')).toBe(false);
  });

  it('refuses an operation without an operationId', () => {
    const anonymous = sample();
    anonymous.paths = { '/x': { post: {} } };
    expect(() => contractOperations(anonymous)).toThrow(/POST \/x has no operationId/);
  });

  it('follows references through aliases and escaped names, and refuses circles and strangers', () => {
    const doc = sample();
    expect(resolveSchema(doc, { $ref: '#/components/schemas/Alias' })).toEqual({ type: 'object' });
    expect(resolveSchema(doc, { $ref: '#/components/schemas/a~1b' })).toEqual({ type: 'string' });
    expect(schemaRefName('#/components/schemas/a~1b')).toBe('a/b');
    expect(resolveParameter(doc, { $ref: '#/components/parameters/Note' }).name).toBe('note');
    const inline = { name: 'q', in: 'query' as const };
    expect(resolveParameter(doc, inline)).toBe(inline);
    expect(() => resolveSchema(doc, { $ref: '#/components/schemas/Loop' })).toThrow(/refers to itself/);
    expect(() => resolveSchema(doc, { $ref: '#/components/schemas/Nope' })).toThrow(/does not resolve/);
    expect(() => resolveSchema(doc, { $ref: 'other.yaml#/Note' })).toThrow(/expected a local reference/);
  });
});
