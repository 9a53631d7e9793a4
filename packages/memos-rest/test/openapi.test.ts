import { loadFixture } from '@memos-kit/wire';
import { describe, expect, it } from 'vitest';
import { createRestApp, listen, openapiDocument, type Representation } from '../src/index.ts';
import { useTestServer } from './support/client.ts';
import { contractProblems, requestProblems, undeclaredQueryParameters } from './support/contract.ts';

// biome-ignore lint/suspicious/noExplicitAny: the tests walk JSON documents freely
type Json = Record<string, any>;
const doc = openapiDocument as Json;
const operations = Object.entries(doc.paths as Json).flatMap(([path, item]) =>
  Object.entries(item as Json).map(([method, op]) => ({ path, method, op: op as Json })),
);
const byId = (id: string) => operations.find((o) => o.op.operationId === id);

// The catalog the article prints: the tool descriptions and schemas the document must produce.
const tools = (JSON.parse(loadFixture('tools-list').text('response')) as Json).result.tools as Json[];
const listMemosTool = tools.find((t) => t.name === 'memo_list_memos') as Json;
const currentUserTool = tools.find((t) => t.name === 'auth_get_current_user') as Json;

describe('the OpenAPI document', () => {
  it("has exactly the 20 operations of Memos' MCP catalog", () => {
    expect(operations.map((o) => o.op.operationId).sort()).toEqual([
      'AttachmentService_CreateAttachment',
      'AttachmentService_DeleteAttachment',
      'AttachmentService_GetAttachment',
      'AttachmentService_ListAttachments',
      'AuthService_GetCurrentUser',
      'MemoService_CreateMemo',
      'MemoService_CreateMemoComment',
      'MemoService_DeleteMemo',
      'MemoService_DeleteMemoReaction',
      'MemoService_GetMemo',
      'MemoService_ListMemoAttachments',
      'MemoService_ListMemoComments',
      'MemoService_ListMemoReactions',
      'MemoService_ListMemoRelations',
      'MemoService_ListMemos',
      'MemoService_SetMemoAttachments',
      'MemoService_SetMemoRelations',
      'MemoService_UpdateMemo',
      'MemoService_UpsertMemoReaction',
      'ShortcutService_ListShortcuts',
    ]);
  });

  it('gives every operation a description, a 200 and a Status default response', () => {
    for (const { op } of operations) {
      expect(op.description, op.operationId).toMatch(/^\w+ /);
      expect(op.responses['200'], op.operationId).toBeDefined();
      expect(op.responses.default.content['application/json'].schema).toEqual({
        $ref: '#/components/schemas/Status',
      });
    }
  });

  it('declares every path parameter of every path template', () => {
    for (const { path, op } of operations) {
      const names = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      const declared = (op.parameters ?? []).filter((p: Json) => p.in === 'path').map((p: Json) => p.name);
      expect(declared, op.operationId).toEqual(names);
    }
  });

  it("carries the article's ListMemos description and parameters, in order and word for word", () => {
    const op = byId('MemoService_ListMemos')?.op as Json;
    expect(op.description).toBe(listMemosTool.description);
    // The adapter copies each parameter's schema and then its description, which is the order the article prints.
    const asToolProperties = Object.fromEntries(
      op.parameters.map((p: Json) => [p.name, { ...p.schema, description: p.description }]),
    );
    expect(Object.keys(asToolProperties)).toEqual(Object.keys(listMemosTool.inputSchema.properties));
    for (const [name, property] of Object.entries(listMemosTool.inputSchema.properties as Json)) {
      expect(Object.entries(asToolProperties[name]), name).toEqual(Object.entries(property as Json));
    }
  });

  it("carries the article's GetCurrentUser description and takes no parameters", () => {
    const op = byId('AuthService_GetCurrentUser')?.op as Json;
    expect(op.description).toBe(currentUserTool.description);
    expect(op.parameters ?? []).toEqual([]);
  });

  it("describes ListMemosResponse and Memo as the article's outputSchema shows them", () => {
    const output = listMemosTool.outputSchema as Json;
    const response = doc.components.schemas.ListMemosResponse as Json;
    expect(response.properties.memos.description).toBe(output.properties.memos.description);
    expect(response.properties.nextPageToken).toEqual(output.properties.nextPageToken);
    const memo = doc.components.schemas.Memo as Json;
    expect(memo.required).toEqual(output.$defs.Memo.required);
    for (const [name, property] of Object.entries(output.$defs.Memo.properties as Json)) {
      expect(memo.properties[name], name).toEqual(property);
    }
  });

  it('resolves every $ref', () => {
    const refs = JSON.stringify(doc).match(/"#\/components\/schemas\/[^"]+"/g) ?? [];
    for (const ref of new Set(refs)) {
      const name = JSON.parse(ref).split('/').pop();
      expect(doc.components.schemas[name], name).toBeDefined();
    }
  });

  describe('over HTTP', () => {
    const server = useTestServer('empty');

    it('is served at GET /api/v1/openapi.json as application/json without a token', async () => {
      const response = await fetch(`${server.url}/api/v1/openapi.json`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/json');
      expect(await response.json()).toEqual(openapiDocument);
    });
  });
});

describe('the contract check used by every test', () => {
  it('catches a wrong type, a missing enum value, an undeclared field and a non-empty Empty', () => {
    const memo = { name: 'memos/x', state: 'NORMAL', content: 'x', visibility: 'PUBLIC' };
    expect(contractProblems('GET', '/api/v1/memos/x', 200, memo)).toEqual([]);
    expect(contractProblems('GET', '/api/v1/memos/x', 200, { ...memo, pinned: 'yes' })).not.toEqual([]);
    expect(contractProblems('GET', '/api/v1/memos/x', 200, { ...memo, visibility: 'SECRET' })).not.toEqual(
      [],
    );
    expect(
      contractProblems('GET', '/api/v1/memos/x', 200, { ...memo, displayTime: '2026-01-01T00:00:00Z' }),
    ).not.toEqual([]);
    expect(contractProblems('DELETE', '/api/v1/memos/x', 200, { ok: true })).not.toEqual([]);
    expect(
      contractProblems('GET', '/api/v1/memos/x', 404, { code: 5, message: 'memo not found', details: [] }),
    ).toEqual([]);
    expect(contractProblems('PUT', '/api/v1/memos/x', 200, {})).not.toEqual([]);
  });

  it('knows which query parameters each operation declares', () => {
    expect(undeclaredQueryParameters('GET', '/api/v1/memos', ['pageSize', 'page_token', 'orderBy'])).toEqual(
      [],
    );
    expect(undeclaredQueryParameters('GET', '/api/v1/memos', ['limit'])).toEqual(['limit']);
  });

  it('checks requests as grpc-gateway reads them: types, enums by name or number, unknown body fields', () => {
    const list = (query: Record<string, string>) => requestProblems('GET', '/api/v1/memos', query, undefined);
    expect(list({ pageSize: '10', state: 'ARCHIVED', page_token: 'x' })).toEqual([]);
    expect(list({ state: '2' })).toEqual([]);
    expect(list({ pageSize: 'ten' })).not.toEqual([]);
    expect(list({ pageSize: '3000000000' })).not.toEqual([]);
    expect(list({ state: 'GONE' })).not.toEqual([]);
    const create = (body: unknown) =>
      requestProblems('POST', '/api/v1/memos', {}, typeof body === 'string' ? body : JSON.stringify(body));
    // A create may leave out what the server fills in (state, name): proto REQUIRED describes the resource.
    expect(create({ content: 'hello', visibility: 'PUBLIC' })).toEqual([]);
    expect(create({ content: 'hello', colour: 'red' })).not.toEqual([]);
    expect(create({ content: 42 })).not.toEqual([]);
    expect(create({ visibility: 'SECRET' })).not.toEqual([]);
    expect(create('{"content": ')).toEqual(['the body is not JSON']);
  });
});

describe('representations', () => {
  it('lets another module render the same resources for its media type, without touching the routes', async () => {
    const { app } = createRestApp({ dataset: 'article' });
    (app.locals.representations as Representation[]).push({
      mediaType: 'application/x-test+json',
      render: (kind, body) => ({ kind, body }),
    });
    const server = await listen(app, '127.0.0.1', 0);
    try {
      const response = await fetch(`${server.url}/api/v1/memos/example-public-memo`, {
        headers: { accept: 'application/x-test+json' },
      });
      expect(response.headers.get('content-type')).toBe('application/x-test+json');
      const json = await response.json();
      expect(json.kind).toBe('Memo');
      expect(json.body.name).toBe('memos/example-public-memo');
      const plain = await fetch(`${server.url}/api/v1/memos/example-public-memo`);
      expect(plain.headers.get('content-type')).toBe('application/json');
    } finally {
      await server.close();
    }
  });
});
