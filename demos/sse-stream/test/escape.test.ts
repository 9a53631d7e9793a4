import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { escapeBytes, escapedTokens, wrapEscaped } from '../src/escape.ts';

describe('escaped bytes on narrow lines', () => {
  it('shows line ends, backslashes and every non-ASCII byte as an escape', () => {
    const bytes = new Uint8Array([0x61, 0x0a, 0x0d, 0x5c, 0x1b, 0xe5, 0xb7, 0xb2]);
    expect(escapeBytes(bytes)).toBe('a\\n\\r\\\\\\x1B\\xE5\\xB7\\xB2');
  });

  it('never ends a piece inside an escape, and loses or adds nothing', () => {
    // \x1B is four characters for one byte: a cut after "\x1" would show a byte that was never sent.
    expect(wrapEscaped('ab\\x1Bcd', 4)).toStrictEqual(['ab', '\\x1B', 'cd']);
    // A space is a byte too: the line breaks after it and keeps it.
    expect(wrapEscaped(escapeBytes(new Uint8Array([0x20, 0x00])), 4)).toStrictEqual([' ', '\\x00']);
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), fc.integer({ min: 4, max: 90 }), (bytes, width) => {
        const escaped = escapeBytes(bytes);
        const pieces = wrapEscaped(escaped, width);
        expect(pieces.join('')).toBe(escaped);
        for (const piece of pieces) {
          expect(piece.length).toBeLessThanOrEqual(width);
          // Each piece is made of whole escapes: tokenising it alone gives back exactly its characters.
          expect(escapedTokens(piece).join('')).toBe(piece);
          expect(piece).not.toMatch(/(^|[^\\])(\\\\)*\\(x[0-9A-F]?)?$/);
        }
      }),
    );
  });
});
