import { contractDocument, contractOperations } from '@memos-kit/memos-contract';
import { expectMatch, loadFixture, matchResponse, replayHttpFixture } from '@memos-kit/wire';
import { describe, expect, it } from 'vitest';
import {
  buildCatalog,
  descriptionOrigin,
  KIT_DESCRIPTIONS,
  startServer,
  toolNameFromOperationId,
} from '../src/index.ts';
import { mcpRequest } from './support/mcp-http.ts';

const document = contractDocument();
/** Each tool's description in the contract, which holds Memos v0.30.0's text (the contract test pins it). */
const memosText = new Map(
  contractOperations(document).map(({ operationId, operation }) => [
    toolNameFromOperationId(operationId),
    operation.description,
  ]),
);
const overlaidNames = Object.keys(KIT_DESCRIPTIONS).map(toolNameFromOperationId);

describe('tool descriptions', () => {
  it("are the operations' own text by default, word for word, as Memos' adapter sends them", () => {
    for (const { tool } of buildCatalog(document)) {
      expect(tool.description, tool.name).toBe(memosText.get(tool.name));
    }
  });

  it("with the kit's overlay, change exactly the overlay's tools and keep Memos' text on the others", () => {
    const overlaid = buildCatalog(document, { descriptions: KIT_DESCRIPTIONS });
    for (const { tool, operation } of overlaid) {
      expect(tool.description, tool.name).toBe(
        KIT_DESCRIPTIONS[operation.operationId] ?? memosText.get(tool.name),
      );
    }
    expect(overlaid.filter(({ tool }) => tool.description !== memosText.get(tool.name))).toHaveLength(
      overlaidNames.length,
    );
  });

  it("has an overlay that says something else than Memos, in Memos' proto-comment style", () => {
    expect(overlaidNames.length).toBeGreaterThan(0);
    for (const [operationId, text] of Object.entries(KIT_DESCRIPTIONS)) {
      const name = toolNameFromOperationId(operationId);
      expect(text, name).not.toBe(memosText.get(name));
      // `MemoService_GetMemo` → "GetMemo …", continuation lines one space in, as protoc writes them.
      expect(text.startsWith(`${operationId.split('_')[1]} `), name).toBe(true);
      for (const line of text.split('\n').slice(1)) expect(line, name).toMatch(/^ \S/);
    }
  });

  it("leaves a document's own description to an operation whose id is an object's property name", () => {
    const odd = {
      ...document,
      paths: {
        ...document.paths,
        '/api/v1/odd': {
          get: { operationId: 'toString', description: 'ToString is an odd name.', responses: {} },
        },
      },
    };
    const tool = buildCatalog(odd, { allOperations: true, descriptions: KIT_DESCRIPTIONS }).find(
      (entry) => entry.operation.operationId === 'toString',
    )?.tool;
    expect(tool?.description).toBe('ToString is an odd name.');
  });

  it('refuses an overlay naming an operation the catalog does not have', () => {
    expect(() =>
      buildCatalog(document, { descriptions: { MemoService_ListMemo: 'ListMemo lists one memo.' } }),
    ).toThrow('Description overlay names unknown operation MemoService_ListMemo');
  });

  it('says whose words a description is: Memos, the kit, or neither', () => {
    const [kitName] = overlaidNames;
    if (!kitName) throw new Error('the overlay is empty');
    const [operationId] = Object.keys(KIT_DESCRIPTIONS);
    expect(descriptionOrigin(kitName, KIT_DESCRIPTIONS[operationId ?? ''])).toBe('kit');
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
        result: { tools: Array<{ name: string; description?: string }> };
      };
      const sent = new Map(result.tools.map((tool) => [tool.name, tool.description]));
      for (const [operationId, text] of Object.entries(KIT_DESCRIPTIONS))
        expect(sent.get(toolNameFromOperationId(operationId))).toBe(text);
      // The article shows two of the tools, neither overlaid: its bytes hold under either set.
      const fixture = loadFixture('tools-list');
      expectMatch(matchResponse(fixture, await replayHttpFixture(fixture, server.url)));
    } finally {
      await server.close();
    }
  });
});
