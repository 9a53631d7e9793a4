import { describe, expect, it } from 'vitest';
import { pythonDumps } from '../src/python-json.ts';
import { fixtureBytes } from './helpers.ts';

describe('pythonDumps', () => {
  it("writes the response's text content as the article's Python server does", () => {
    const response = JSON.parse(fixtureBytes('response').toString('utf8'));
    expect(pythonDumps(response.result.structuredContent)).toBe(response.result.content[0].text);
  });

  it("prints the structuredContent as the article's client does", () => {
    const response = JSON.parse(fixtureBytes('response').toString('utf8'));
    expect(`${pythonDumps(response.result.structuredContent)}\n`).toBe(
      fixtureBytes('stdout').toString('utf8'),
    );
  });

  it("matches Python's defaults: spaced separators and ensure_ascii", () => {
    // Expected strings printed by CPython 3: json.dumps(value) with no arguments.
    expect(pythonDumps({ memos: [], a: '中文😀\x7f\n\u2028', n: [1, 2.5, null, true, { x: {} }] })).toBe(
      '{"memos": [], "a": "\\u4e2d\\u6587\\ud83d\\ude00\\u007f\\n\\u2028", "n": [1, 2.5, null, true, {"x": {}}]}',
    );
    expect(pythonDumps({ 键: 'visibility != "PRIVATE"' })).toBe('{"\\u952e": "visibility != \\"PRIVATE\\""}');
  });
});
