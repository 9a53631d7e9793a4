import { describe, expect, it } from 'vitest';
import { formatJson } from '../src/json-format.ts';

describe('formatJson', () => {
  it('keeps the value intact', () => {
    const values = [
      { a: [1, { b: null, c: 'x"y' }], d: {}, e: [] },
      [[[]], { '': 0 }],
      'text',
      { long: 'x'.repeat(100), list: Array.from({ length: 30 }, (_, i) => i) },
    ];
    for (const value of values) expect(JSON.parse(formatJson(value))).toEqual(value);
  });

  it('puts small flat objects on one line and breaks long ones', () => {
    expect(formatJson({ pay: { href: '/orders/123/payment' } })).toBe(
      '{\n  "pay": { "href": "/orders/123/payment" }\n}',
    );
    expect(formatJson({ detail: 'x'.repeat(80) })).toBe(`{\n  "detail": "${'x'.repeat(80)}"\n}`);
  });
});
