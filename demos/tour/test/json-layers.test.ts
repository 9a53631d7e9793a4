import { loadFixture } from '@memos-kit/wire';
import { describe, expect, it } from 'vitest';
import { paintJson, roleAt } from '../src/json-layers.ts';
import type { Role } from '../src/style.ts';

/** Paints with visible markers instead of colours, so a test can read which layer each token got. */
const mark = (role: Role, text: string) => (role === 'punct' ? text : `<${role}>${text}</>`);
const strip = (text: string) => text.replace(/<\w+>|<\/>/g, '');

describe('roleAt', () => {
  it.each([
    [['jsonrpc'], 'key', 'envelope'],
    [['id'], 'value', 'envelope'],
    [['error', 'code'], 'value', 'envelope'],
    [['params', '_meta', 'io.modelcontextprotocol/protocolVersion'], 'value', 'protocol'],
    [['params', 'name'], 'key', 'protocol'],
    [['params', 'name'], 'value', 'business'],
    [['params', 'arguments'], 'key', 'protocol'],
    [['params', 'arguments', 'filter'], 'key', 'business'],
    [['result', 'resultType'], 'value', 'protocol'],
    [['result', 'structuredContent', 'memos'], 'key', 'business'],
    [['result', 'content', 0, 'type'], 'value', 'protocol'],
    [['result', 'content', 0, 'text'], 'value', 'business'],
    [['result', 'tools', 3, 'annotations', 'readOnlyHint'], 'key', 'protocol'],
    [['result', 'tools', 3, 'inputSchema', 'properties'], 'key', 'business'],
    [['result', 'ttlMs'], 'key', 'protocol'],
  ] as const)('%j (%s) is %s', (path, part, role) => {
    expect(roleAt(path, part, 'jsonrpc')).toBe(role);
  });

  it('treats a REST body as business data all the way down', () => {
    expect(roleAt(['memos'], 'key', 'business')).toBe('business');
  });
});

describe('paintJson', () => {
  it('keeps every byte of the article’s message, only adding paint', () => {
    const raw = loadFixture('mcp-tools-call').request?.body ?? '';
    expect(raw.length).toBeGreaterThan(100);
    expect(strip(paintJson(raw, mark, 'jsonrpc'))).toBe(raw);
  });

  it.each([
    [
      'paints the three layers of a tools/call result apart',
      '{"jsonrpc":"2.0","id":0,"result":{"resultType":"complete","structuredContent":{"memos":[]}}}',
      [
        '<envelope>"jsonrpc"</>',
        '<envelope>0</>',
        '<protocol>"resultType"</>:<protocol>"complete"</>',
        '<protocol>"structuredContent"</>:{<business>"memos"</>',
      ],
    ],
    [
      'handles escaped quotes inside strings without losing its place',
      '{"params":{"arguments":{"filter":"a != \\"B\\""},"_meta":{}}}',
      ['<business>"a != \\"B\\""</>', '<protocol>"_meta"</>'],
    ],
  ])('%s', (_name, raw, expected) => {
    const painted = paintJson(raw, mark, 'jsonrpc');
    for (const part of expected) expect(painted).toContain(part);
  });

  it('places a fragment inside its message with a base path', () => {
    const painted = paintJson('{"name":"memo_list_memos"}', mark, 'jsonrpc', ['result', 'tools', 0]);
    expect(painted).toBe('{<protocol>"name"</>:<business>"memo_list_memos"</>}');
  });

  it('leaves text that is not JSON alone', () => {
    expect(paintJson('not json {', mark, 'jsonrpc')).toBe('not json {');
  });
});
