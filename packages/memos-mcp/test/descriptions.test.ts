import { contractDocument, contractOperations, resolveParameter } from '@memos-kit/memos-contract';
import { expectMatch, loadFixture, matchResponse, replayHttpFixture } from '@memos-kit/wire';
import { describe, expect, it } from 'vitest';
import {
  buildCatalog,
  descriptionOrigin,
  KIT_DESCRIPTIONS,
  KIT_OVERLAID_OPERATIONS,
  startServer,
  type ToolDefinition,
  toolNameFromOperationId,
} from '../src/index.ts';
import { mcpRequest } from './support/mcp-http.ts';

const document = contractDocument();
const operations = contractOperations(document);
/** Each tool's description in the contract, which holds Memos v0.30.0's text (the contract test pins it). */
const memosText = new Map(
  operations.map(({ operationId, operation }) => [
    toolNameFromOperationId(operationId),
    operation.description,
  ]),
);
/** Each parameter's description in the contract (Memos' text too), by operationId, then parameter name. */
const memosParameterText = new Map(
  operations.map(({ operationId, operation }) => [
    operationId,
    new Map(
      (operation.parameters ?? [])
        .map((p) => resolveParameter(document, p))
        .map((p) => [p.name, p.description]),
    ),
  ]),
);
const overlaidNames = Object.keys(KIT_DESCRIPTIONS.operations).map(toolNameFromOperationId);
const overlaidParameters = Object.entries(KIT_DESCRIPTIONS.parameters).flatMap(([operationId, texts]) =>
  Object.entries(texts).map(([name, text]) => ({ operationId, name, text })),
);

/** Each inputSchema property's description but the body's, as `operationId name`. */
function parameterDescriptions(tools: Array<{ tool: ToolDefinition }>): Map<string, unknown> {
  const found = new Map<string, unknown>();
  for (const { tool } of tools) {
    const properties = tool.inputSchema.properties as Record<string, { description?: unknown }>;
    for (const [name, property] of Object.entries(properties)) {
      if (name !== 'body') found.set(`${tool._meta.operationId} ${name}`, property.description);
    }
  }
  return found;
}
const memosParameters = parameterDescriptions(buildCatalog(document));

describe('tool descriptions', () => {
  it("are the operations' own text by default, word for word, as Memos' adapter sends them", () => {
    for (const { tool } of buildCatalog(document)) {
      expect(tool.description, tool.name).toBe(memosText.get(tool.name));
    }
  });

  it("give each parameter its own text by default, word for word, as Memos' adapter does", () => {
    expect(memosParameters.size).toBe(40);
    for (const [key, text] of memosParameters) {
      const [operationId = '', name = ''] = key.split(' ');
      expect(text, key).toBe(memosParameterText.get(operationId)?.get(name));
    }
  });

  it("with the kit's overlay, change exactly the overlay's tools and keep Memos' text on the others", () => {
    const overlaid = buildCatalog(document, { descriptions: KIT_DESCRIPTIONS });
    for (const { tool, operation } of overlaid) {
      expect(tool.description, tool.name).toBe(
        KIT_DESCRIPTIONS.operations[operation.operationId] ?? memosText.get(tool.name),
      );
    }
    expect(overlaid.filter(({ tool }) => tool.description !== memosText.get(tool.name))).toHaveLength(
      overlaidNames.length,
    );
  });

  it("with the kit's overlay, change exactly the overlay's parameters and keep Memos' text on the others", () => {
    const overlaid = parameterDescriptions(buildCatalog(document, { descriptions: KIT_DESCRIPTIONS }));
    const changed = [...overlaid].filter(([key, text]) => text !== memosParameters.get(key));
    expect(Object.fromEntries(changed)).toEqual(
      Object.fromEntries(
        overlaidParameters.map(({ operationId, name, text }) => [`${operationId} ${name}`, text]),
      ),
    );
  });

  it("has an overlay that says something else than Memos, in Memos' proto-comment style", () => {
    expect(overlaidNames.length).toBeGreaterThan(0);
    expect(overlaidParameters.length).toBeGreaterThan(0);
    for (const [operationId, text] of Object.entries(KIT_DESCRIPTIONS.operations)) {
      const name = toolNameFromOperationId(operationId);
      expect(text, name).not.toBe(memosText.get(name));
      // `MemoService_GetMemo` → "GetMemo …", continuation lines one space in, as protoc writes them.
      expect(text.startsWith(`${operationId.split('_')[1]} `), name).toBe(true);
      for (const line of text.split('\n').slice(1)) expect(line, name).toMatch(/^ \S/);
    }
    for (const { operationId, name, text } of overlaidParameters) {
      expect(text, `${operationId} ${name}`).not.toBe(memosParameterText.get(operationId)?.get(name));
      for (const line of text.split('\n').slice(1)) expect(line, `${operationId} ${name}`).toMatch(/^ \S/);
    }
  });

  it('counts as overlaid each tool whose description or a parameter of which the overlay changes', () => {
    expect(KIT_OVERLAID_OPERATIONS).toEqual(
      [
        ...new Set([
          ...Object.keys(KIT_DESCRIPTIONS.operations),
          ...overlaidParameters.map((p) => p.operationId),
        ]),
      ].sort(),
    );
    const catalog = buildCatalog(document);
    const overlaid = buildCatalog(document, { descriptions: KIT_DESCRIPTIONS });
    const changed = overlaid
      .filter(({ tool }, index) => JSON.stringify(tool) !== JSON.stringify(catalog[index]?.tool))
      .map(({ operation }) => operation.operationId);
    expect(changed.sort()).toEqual(KIT_OVERLAID_OPERATIONS);
  });

  it("leaves a document's own description to an operation whose id is an object's property name", () => {
    const odd = {
      ...document,
      paths: {
        ...document.paths,
        '/api/v1/odd': {
          get: {
            operationId: 'toString',
            description: 'ToString is an odd name.',
            parameters: [
              { name: 'constructor', in: 'query' as const, description: 'An odd parameter.', schema: {} },
            ],
            responses: {},
          },
        },
      },
    };
    const overlay = { ...KIT_DESCRIPTIONS, parameters: { ...KIT_DESCRIPTIONS.parameters, toString: {} } };
    const tool = buildCatalog(odd, { allOperations: true, descriptions: overlay }).find(
      (entry) => entry.operation.operationId === 'toString',
    )?.tool;
    expect(tool?.description).toBe('ToString is an odd name.');
    expect(tool?.inputSchema.properties).toEqual({ constructor: { description: 'An odd parameter.' } });
  });

  it('refuses an overlay naming an operation or a parameter the catalog does not have', () => {
    expect(() =>
      buildCatalog(document, {
        descriptions: { operations: { MemoService_ListMemo: 'ListMemo lists one memo.' } },
      }),
    ).toThrow('Description overlay names unknown operation MemoService_ListMemo');
    expect(() =>
      buildCatalog(document, {
        descriptions: { parameters: { MemoService_ListMemo: { filter: 'A filter.' } } },
      }),
    ).toThrow('Description overlay names unknown operation MemoService_ListMemo');
    expect(() =>
      buildCatalog(document, {
        descriptions: { parameters: { MemoService_ListMemos: { query: 'A query.' } } },
      }),
    ).toThrow('Description overlay names unknown parameter query of MemoService_ListMemos');
    // The body is one property of the inputSchema, but no parameter: its text is the schema's.
    expect(() =>
      buildCatalog(document, {
        descriptions: { parameters: { MemoService_CreateMemo: { body: 'A memo.' } } },
      }),
    ).toThrow('Description overlay names unknown parameter body of MemoService_CreateMemo');
  });

  it('says whose words a description is: Memos, the kit, or neither', () => {
    const [kitName] = overlaidNames;
    if (!kitName) throw new Error('the overlay is empty');
    const [operationId] = Object.keys(KIT_DESCRIPTIONS.operations);
    expect(descriptionOrigin(kitName, KIT_DESCRIPTIONS.operations[operationId ?? ''])).toBe('kit');
    expect(descriptionOrigin(kitName, memosText.get(kitName))).toBe('memos');
    expect(descriptionOrigin('memo_list_memos', memosText.get('memo_list_memos'))).toBe('memos');
    expect(descriptionOrigin(kitName, 'Lists my memos')).toBeUndefined();
    expect(descriptionOrigin('note_list_notes', memosText.get('memo_list_memos'))).toBeUndefined();
  });
});

describe('--descriptions kit on the wire', () => {
  it("sends the overlay in tools/list, and the article's tools/list still replays", async () => {
    const server = await startServer({ port: 0, dataset: 'empty', descriptions: 'kit' });
    try {
      const list = mcpRequest('tools/list');
      const answer = await fetch(server.mcpUrl, { method: 'POST', headers: list.headers, body: list.body });
      const { result } = (await answer.json()) as {
        result: {
          tools: Array<{
            name: string;
            description?: string;
            inputSchema: { properties: Record<string, { description?: string }> };
          }>;
        };
      };
      const sent = new Map(result.tools.map((tool) => [tool.name, tool]));
      for (const [operationId, text] of Object.entries(KIT_DESCRIPTIONS.operations))
        expect(sent.get(toolNameFromOperationId(operationId))?.description).toBe(text);
      for (const { operationId, name, text } of overlaidParameters)
        expect(
          sent.get(toolNameFromOperationId(operationId))?.inputSchema.properties[name]?.description,
        ).toBe(text);
      // The article shows two of the tools, neither overlaid: its bytes hold under either set.
      const fixture = loadFixture('tools-list');
      expectMatch(matchResponse(fixture, await replayHttpFixture(fixture, server.url)));
    } finally {
      await server.close();
    }
  });
});
