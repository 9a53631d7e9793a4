import {
  contractDocument,
  contractOperations,
  type OperationObject,
  resolveParameter,
  resolveSchema,
} from '@memos-kit/memos-contract';
import { listen } from '@memos-kit/process';
import { loadFixture } from '@memos-kit/wire';
import { describe, expect, it } from 'vitest';
import { createRestApp } from '../src/index.ts';
import { useTestServer } from './support/client.ts';
import { contractProblems, requestProblems, undeclaredQueryParameters } from './support/contract.ts';

// The document's own shape (its 20 operations, parameters, references) is tested in @memos-kit/memos-contract;
// here it meets the article's bytes and the server that serves it.
const document = contractDocument();
function operation(operationId: string): OperationObject {
  const found = contractOperations(document).find((o) => o.operationId === operationId);
  if (!found) throw new Error(`the contract has no ${operationId}`);
  return found.operation;
}
const schema = (name: string) => resolveSchema(document, { $ref: `#/components/schemas/${name}` });

// The catalog the article prints: the tool descriptions and schemas the document must produce.
// biome-ignore lint/suspicious/noExplicitAny: the test walks the fixture's JSON freely
type Json = Record<string, any>;
const tools = (JSON.parse(loadFixture('tools-list').text('response')) as Json).result.tools as Json[];
const listMemosTool = tools.find((t) => t.name === 'memo_list_memos') as Json;
const currentUserTool = tools.find((t) => t.name === 'auth_get_current_user') as Json;

describe('the contract, as the article prints it', () => {
  it("has the operation behind every tool of the article's tools/list, at the method and path its _meta names", () => {
    expect(tools.length).toBeGreaterThan(0);
    const operations = contractOperations(document);
    for (const tool of tools) {
      const { method, path, operationId } = tool._meta as Json;
      const found = operations.find((o) => o.operationId === operationId);
      expect(found && [found.method.toUpperCase(), found.path], tool.name).toEqual([method, path]);
      expect(found?.operation.description, tool.name).toBe(tool.description);
    }
  });

  it("carries the article's ListMemos description and parameters, in order and word for word", () => {
    const op = operation('MemoService_ListMemos');
    expect(op.description).toBe(listMemosTool.description);
    // The adapter copies each parameter's schema and then its description, which is the order the article prints.
    const asToolProperties = Object.fromEntries(
      (op.parameters ?? [])
        .map((p) => resolveParameter(document, p))
        .map((p) => [p.name, { ...p.schema, description: p.description }]),
    );
    expect(Object.keys(asToolProperties)).toEqual(Object.keys(listMemosTool.inputSchema.properties));
    for (const [name, property] of Object.entries(listMemosTool.inputSchema.properties as Json)) {
      expect(Object.entries(asToolProperties[name] ?? {}), name).toEqual(Object.entries(property as Json));
    }
  });

  it("carries the article's GetCurrentUser description and takes no parameters", () => {
    const op = operation('AuthService_GetCurrentUser');
    expect(op.description).toBe(currentUserTool.description);
    expect(op.parameters ?? []).toEqual([]);
  });

  it("describes ListMemosResponse and Memo as the article's outputSchema shows them", () => {
    const output = listMemosTool.outputSchema as Json;
    const response = schema('ListMemosResponse');
    expect(response.properties?.memos?.description).toBe(output.properties.memos.description);
    expect(response.properties?.nextPageToken).toEqual(output.properties.nextPageToken);
    const memo = schema('Memo');
    expect(memo.required).toEqual(output.$defs.Memo.required);
    for (const [name, property] of Object.entries(output.$defs.Memo.properties as Json)) {
      expect(memo.properties?.[name], name).toEqual(property);
    }
  });

  describe('over HTTP', () => {
    const server = useTestServer('empty');

    it('is served at GET /api/v1/openapi.json as application/json without a token', async () => {
      const response = await fetch(`${server.url}/api/v1/openapi.json`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/json');
      expect(await response.json()).toEqual(document);
    });

    it("tells a wrong method on any of the contract's paths (501) from a path it does not have (404)", async () => {
      const status = async (method: string, path: string) =>
        (await fetch(`${server.url}/api/v1${path}`, { method })).status;
      expect(await status('PUT', '/memos/abc/reactions/3')).toBe(501);
      expect(await status('PUT', '/users/alice/shortcuts/')).toBe(501);
      expect(await status('PUT', '/memos/abc/reactions/3/x')).toBe(404);
      expect(await status('GET', '/memos/abc/notes')).toBe(404);
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
    app.locals.representations?.push({
      mediaType: 'application/x-test+json',
      render: (kind, body) => ({ kind, body }),
    });
    const server = await listen(app);
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
