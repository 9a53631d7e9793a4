import { describe, expect, it } from 'vitest';
import { layerOf } from '../src/index.ts';

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
