import { loadFixture } from '@memos-kit/wire';
import { describe, expect, it } from 'vitest';
import { paintJson, roleAt } from '../src/json-layers.ts';
import type { Role } from '../src/style.ts';

/** Paints with visible markers instead of colours, so a test can read which layer each token got. */
const mark = (role: Role, text: string) => (role === 'punct' ? text : `<${role}>${text}</>`);
const strip = (text: string) => text.replace(/<\w+>|<\/>/g, '');

describe('roleAt', () => {
  // The rule itself is wire's layerOf, tested there; the tour only adds punctuation for a bare value.
  it('follows the wire rule and treats a REST body as business data all the way down', () => {
    expect(roleAt(['result', 'structuredContent', 'memos'], 'key', 'jsonrpc')).toBe('business');
    expect(roleAt(['result', 'resultType'], 'value', 'jsonrpc')).toBe('protocol');
    expect(roleAt(['memos'], 'key', 'business')).toBe('business');
    expect(roleAt([], 'value', 'jsonrpc')).toBe('punct');
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
