import { contractOperations, type OpenAPIObject } from '@memos-kit/memos-contract';
import { describe, expect, it } from 'vitest';
import {
  buildCatalog,
  type CatalogOverrides,
  titleFromToolName,
  toolNameFromOperationId,
} from '../src/catalog/index.ts';

const noOverrides: CatalogOverrides = { body: {}, idempotent: [], destructive: [] };

/** The rules on a document of our own: every one of its operations is on the allowlist, no overrides. */
const every = (document: OpenAPIObject) => ({
  overrides: noOverrides,
  allowlist: contractOperations(document).map((found) => found.operationId),
});

/** A small document in the shape protoc-gen-openapi gives Memos: components, nested refs, a cycle. */
function sampleDocument(): OpenAPIObject {
  return {
    openapi: '3.0.3',
    info: { title: 'Notes', version: '1.0.0' },
    paths: {
      '/api/v1/notes': {
        get: {
          operationId: 'NoteService_ListNotes',
          description: 'ListNotes lists notes.\n Second line.',
          parameters: [
            {
              name: 'pageSize',
              in: 'query',
              description: 'How many.',
              schema: { type: 'integer', format: 'int32' },
            },
            { $ref: '#/components/parameters/Filter' },
          ],
          responses: {
            '200': {
              description: 'OK',
              content: { 'application/json': { schema: { $ref: '#/components/schemas/ListNotesResponse' } } },
            },
          },
        },
        post: {
          operationId: 'NoteService_CreateNote',
          requestBody: {
            required: true,
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Note' } } },
          },
          responses: {
            '200': { content: { 'application/json': { schema: { $ref: '#/components/schemas/Note' } } } },
          },
        },
      },
      '/api/v1/notes/{note}': {
        parameters: [{ name: 'note', in: 'path', required: true, schema: { type: 'string' } }],
        patch: {
          operationId: 'NoteService_UpdateNote',
          parameters: [{ name: 'updateMask', in: 'query', schema: { type: 'string', format: 'field-mask' } }],
          requestBody: {
            required: true,
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Note' } } },
          },
          responses: {
            '200': { content: { 'application/json': { schema: { $ref: '#/components/schemas/Note' } } } },
          },
        },
        delete: {
          operationId: 'NoteService_DeleteNote',
          responses: { '200': { description: 'OK', content: {} } },
        },
      },
      '/api/v1/whoami': {
        get: {
          operationId: 'AuthService_GetCurrentUser',
          responses: {
            '200': { content: { 'application/json': { schema: { type: 'object', properties: {} } } } },
          },
        },
      },
    },
    components: {
      parameters: {
        Filter: { name: 'filter', in: 'query', description: 'A CEL filter.', schema: { type: 'string' } },
      },
      schemas: {
        ListNotesResponse: {
          type: 'object',
          properties: { notes: { type: 'array', items: { $ref: '#/components/schemas/Note' } } },
        },
        Note: {
          required: ['name', 'content'],
          type: 'object',
          properties: {
            name: { type: 'string' },
            content: { type: 'string' },
            replies: { type: 'array', items: { $ref: '#/components/schemas/Note' } },
            property: { allOf: [{ $ref: '#/components/schemas/Note_Property' }], readOnly: true },
          },
        },
        Note_Property: { type: 'object', properties: { hasLink: { type: 'boolean' } } },
      },
    },
  };
}

interface BodySchema {
  required?: string[];
  minProperties?: number;
  properties: Record<string, unknown>;
}

function bodyOf(inputSchema: Record<string, unknown> | undefined): BodySchema {
  const body = (inputSchema?.properties as Record<string, BodySchema> | undefined)?.body;
  if (!body) throw new Error('the input schema has no body property');
  return body;
}

describe('tool names and titles (Memos rules)', () => {
  it('strips the Service suffix and snake-cases both halves', () => {
    expect(toolNameFromOperationId('MemoService_ListMemos')).toBe('memo_list_memos');
    expect(toolNameFromOperationId('AuthService_GetCurrentUser')).toBe('auth_get_current_user');
    expect(toolNameFromOperationId('MemoService_SetMemoAttachments')).toBe('memo_set_memo_attachments');
    expect(toolNameFromOperationId('HealthCheck')).toBe('health_check');
  });
  it('capitalises each piece for the title', () => {
    expect(titleFromToolName('memo_list_memos')).toBe('Memo List Memos');
  });
});

describe('buildCatalog', () => {
  const catalog = buildCatalog(sampleDocument(), every(sampleDocument()));
  const byName = new Map(catalog.map((entry) => [entry.tool.name, entry]));
  const entry = (name: string) => {
    const found = byName.get(name);
    if (!found) throw new Error(`no tool ${name}`);
    return found;
  };

  it('makes one tool per operation, sorted by name', () => {
    expect(catalog.map((entry) => entry.tool.name)).toEqual([
      'auth_get_current_user',
      'note_create_note',
      'note_delete_note',
      'note_list_notes',
      'note_update_note',
    ]);
  });

  it('turns path and query parameters into closed top-level properties with their descriptions', () => {
    const list = entry('note_list_notes').tool;
    expect(list?.inputSchema).toEqual({
      type: 'object',
      properties: {
        pageSize: { type: 'integer', format: 'int32', description: 'How many.' },
        filter: { type: 'string', description: 'A CEL filter.' },
      },
      additionalProperties: false,
    });
    expect(list?.description).toBe('ListNotes lists notes.\n Second line.');
    const update = entry('note_update_note');
    expect(update?.tool.inputSchema.required).toEqual(['note', 'body']);
    expect(update?.operation).toMatchObject({
      pathParams: ['note'],
      queryParams: ['updateMask'],
      body: 'required',
    });
  });

  it('inlines the outermost $ref and moves nested ones into one flat $defs, cycles included', () => {
    const output = entry('note_list_notes').tool.outputSchema;
    expect(output?.properties).toEqual({ notes: { type: 'array', items: { $ref: '#/$defs/Note' } } });
    expect(Object.keys(output?.$defs as object)).toEqual(['Note', 'Note_Property']);
    const create = entry('note_create_note').tool.inputSchema;
    const body = bodyOf(create);
    expect(body.required).toEqual(['name', 'content']);
    expect(body.properties.replies).toEqual({
      type: 'array',
      items: { $ref: '#/$defs/Note' },
    });
    expect(Object.keys(create?.$defs as object)).toEqual(['Note', 'Note_Property']);
  });

  it('gives a response without a JSON body the {ok: boolean} schema, and a tool with no input an empty closed object', () => {
    expect(entry('note_delete_note').tool.outputSchema).toEqual({
      type: 'object',
      properties: { ok: { type: 'boolean' } },
    });
    expect(entry('auth_get_current_user').tool.inputSchema).toEqual({
      type: 'object',
      properties: {},
      additionalProperties: false,
    });
  });

  it('derives annotations from the method, then applies the override tables', () => {
    const plain = new Map(catalog.map((entry) => [entry.tool.name, entry.tool.annotations]));
    expect(plain.get('note_list_notes')).toEqual({
      title: 'Note List Notes',
      readOnlyHint: true,
      idempotentHint: true,
      destructiveHint: false,
      openWorldHint: false,
    });
    expect(plain.get('note_delete_note')).toMatchObject({
      readOnlyHint: false,
      idempotentHint: true,
      destructiveHint: true,
    });
    expect(plain.get('note_update_note')).toMatchObject({ idempotentHint: false, destructiveHint: false });

    const overridden = buildCatalog(sampleDocument(), {
      allowlist: every(sampleDocument()).allowlist,
      overrides: {
        body: { NoteService_UpdateNote: { required: null, dropProperties: ['name'], minProperties: 1 } },
        idempotent: ['NoteService_UpdateNote'],
        destructive: ['NoteService_UpdateNote'],
      },
    }).find((entry) => entry.tool.name === 'note_update_note')?.tool;
    expect(overridden?.annotations).toMatchObject({ idempotentHint: true, destructiveHint: true });
    const body = bodyOf(overridden?.inputSchema);
    expect(body.required).toBeUndefined();
    expect(body.minProperties).toBe(1);
    expect(Object.keys(body.properties)).toEqual(['content', 'replies', 'property']);
  });

  it('records the operation in the tool _meta', () => {
    expect(entry('note_update_note').tool._meta).toEqual({
      method: 'PATCH',
      operationId: 'NoteService_UpdateNote',
      path: '/api/v1/notes/{note}',
    });
  });

  it('refuses overrides for unknown operations, duplicate names and operations without an id', () => {
    expect(() =>
      buildCatalog(sampleDocument(), {
        ...every(sampleDocument()),
        overrides: { ...noOverrides, idempotent: ['NoteService_Nope'] },
      }),
    ).toThrow(/unknown operation NoteService_Nope/);
    const duplicate = sampleDocument();
    duplicate.paths = {
      ...duplicate.paths,
      '/api/v2/notes': { get: { operationId: 'NoteService_ListNotes' } },
    };
    expect(() => buildCatalog(duplicate, every(duplicate))).toThrow(/note_list_notes comes from both/);
    const anonymous = sampleDocument();
    anonymous.paths = { ...anonymous.paths, '/x': { get: {} } };
    expect(() => buildCatalog(anonymous, every(anonymous))).toThrow(/has no operationId/);
  });

  it('does not share objects between tools or with the document', () => {
    const document = sampleDocument();
    const first = buildCatalog(document, every(document));
    const defs = first.find((e) => e.tool.name === 'note_create_note')?.tool.inputSchema.$defs as
      | Record<string, Record<string, unknown>>
      | undefined;
    if (!defs?.Note) throw new Error('note_create_note has no Note definition');
    defs.Note.type = 'changed';
    expect(document.components?.schemas?.Note).toEqual(sampleDocument().components?.schemas?.Note);
  });
});
