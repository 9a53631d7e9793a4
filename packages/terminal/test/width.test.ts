import anyTextWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import { PLAIN_TEXT_RANGES, stringWidth } from '../src/width.ts';

describe('stringWidth', () => {
  it('counts every character of its own ranges as string-width does', () => {
    const differ: string[] = [];
    for (const [first, last] of PLAIN_TEXT_RANGES) {
      for (let code = first; code <= last; code++) {
        const character = String.fromCodePoint(code);
        if (stringWidth(character) !== anyTextWidth(character)) differ.push(code.toString(16));
      }
    }
    expect(differ).toEqual([]);
  });

  it('agrees with string-width on mixed lines, coloured or not, and hands it everything else', () => {
    const lines = [
      'Memos REST + MCP 适配器 正在监听 http://127.0.0.1:5230',
      '  MCP       POST http://127.0.0.1:5230/mcp  （2026-07-28，20 个工具）',
      '“列出 memo”：REST 一次 GET，MCP 一次 tools/call……→ 同一份数据 × 2 · 完',
      '\u001b[36mhttp://127.0.0.1:5230\u001b[39m \u001b[1m\u001b[2m工具\u001b[22m',
      // Outside the ranges: emoji, combining marks, Hangul, kana, a zero-width joiner, a cursor escape.
      '✅ 通过 👍🏽 e\u0301 한국어 カタカナ 👨‍👩‍👧 \u001b[2K',
      '',
    ];
    for (const line of lines) expect(stringWidth(line), line).toBe(anyTextWidth(line));
  });
});
