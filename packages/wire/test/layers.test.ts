import { describe, expect, it } from 'vitest';
import { layerOf, tokenizeJson } from '../src/index.ts';

describe('layerOf: the article three layers', () => {
  it.each([
    [['jsonrpc'], 'key', 'envelope'],
    [['id'], 'value', 'envelope'],
    [['error', 'code'], 'value', 'envelope'],
    [['params', '_meta', 'io.modelcontextprotocol/protocolVersion'], 'value', 'protocol'],
    [['result', 'resultType'], 'key', 'protocol'],
    [['result', 'content', 0, 'type'], 'value', 'protocol'],
    [['params', 'arguments'], 'key', 'protocol'],
    [['params', 'arguments', 'pageSize'], 'key', 'business'],
    [['params', 'name'], 'value', 'business'],
    [['result', 'structuredContent', 'memos', 0, 'visibility'], 'value', 'business'],
    [['result', 'content', 0, 'text'], 'value', 'business'],
    [['result', 'tools', 1, 'inputSchema', 'type'], 'value', 'business'],
    [['result', 'tools', 1, 'annotations', 'readOnlyHint'], 'key', 'protocol'],
    [['result', 'tools', 'x', 'name'], 'value', 'protocol'],
  ] as const)('%j (%s) is %s', (path, part, layer) => {
    expect(layerOf(path, part, true)).toBe(layer);
  });

  it('treats a REST body as business data throughout', () => {
    expect(layerOf(['memos', 0, 'name'], 'key', false)).toBe('business');
  });
});

describe('tokenizeJson', () => {
  it('keeps every byte and gives each key and value its layer', () => {
    const raw = '{ "jsonrpc": "2.0", "id": 3, "result": { "structuredContent": { "memos": [] } } }';
    const tokens = tokenizeJson(raw);
    expect(tokens.map((token) => token.text).join('')).toBe(raw);
    const find = (text: string) => tokens.find((token) => token.text === text);
    expect(find('"jsonrpc"')).toMatchObject({ kind: 'key', layer: 'envelope' });
    expect(find('3')).toMatchObject({ kind: 'value', layer: 'envelope', path: ['id'] });
    expect(find('"structuredContent"')).toMatchObject({ kind: 'key', layer: 'protocol' });
    expect(find('"memos"')).toMatchObject({ kind: 'key', layer: 'business' });
    expect(find(',')).toMatchObject({ kind: 'separator', layer: null });
  });

  it('starts from a base path and treats a REST body as business data', () => {
    const [first] = tokenizeJson('"memo_list_memos"', {
      jsonRpc: true,
      base: ['result', 'tools', 0, 'name'],
    });
    expect(first).toMatchObject({ kind: 'value', layer: 'business' });
    expect(tokenizeJson('{"memos":[]}').find((token) => token.kind === 'key')?.layer).toBe('business');
  });

  it('hands back text that is not JSON as one token', () => {
    expect(tokenizeJson('{"a": }')).toEqual([{ text: '{"a": }', kind: 'other', layer: null, path: [] }]);
  });
});
