import { stripVTControlCharacters, styleText } from 'node:util';
import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import { sideBySide, table, wrapLine } from '../src/layout.ts';

describe('wrapLine', () => {
  it('counts Chinese characters as two cells', () => {
    const pieces = wrapLine('同一个动作两种报文', 6);
    expect(pieces).toEqual(['同一个', '动作两', '种报文']);
  });

  it('closes and reopens a colour that spans a cut', () => {
    const green = styleText('green', 'abcdefgh', { validateStream: false });
    const pieces = wrapLine(green, 4);
    expect(pieces.map((p) => stripVTControlCharacters(p))).toEqual(['abcd', 'efgh']);
    expect(pieces[0]?.endsWith('\u001b[0m')).toBe(true);
    expect(pieces[1]?.startsWith('\u001b[32m')).toBe(true);
  });
});

describe('sideBySide', () => {
  it('keeps the gutter in one column whatever the width of the left text', () => {
    const rows = sideBySide(['GET /api/v1/memos', '请求', ''], ['POST /mcp', 'x'], 40);
    const gutters = rows.map((row) => stringWidth(row.slice(0, row.indexOf('│'))));
    expect(new Set(gutters).size).toBe(1);
    expect(rows).toHaveLength(3);
  });
});

describe('table', () => {
  it('lines up columns', () => {
    const rows = table([
      ['tool', 'route'],
      ['memo_list_memos', 'GET /api/v1/memos'],
    ]);
    expect(rows[0]?.indexOf('route')).toBe(rows[1]?.indexOf('GET'));
  });
});
