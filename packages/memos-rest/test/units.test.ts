import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodePageToken, encodePageToken } from '../src/index.ts';
import { deriveContent } from '../src/markdown.ts';
import { formatTimestamp, parseGoDuration } from '../src/time.ts';

describe('page tokens', () => {
  it.each([
    [{ limit: 50, offset: 50 }, 'CDIQMg=='],
    [{ limit: 1, offset: 1 }, 'CAEQAQ=='],
    [{ limit: 200, offset: 0 }, 'CMgB'],
  ])('%j is %s, as Memos encodes it', (token, text) => {
    expect(encodePageToken(token)).toBe(text);
    expect(decodePageToken(text)).toEqual(token);
  });

  it('round-trips any limit and offset', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        (limit, offset) => {
          expect(decodePageToken(encodePageToken({ limit, offset }))).toEqual({ limit, offset });
        },
      ),
    );
  });

  it('never crashes on garbage: it decodes or throws a 400', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        try {
          decodePageToken(text);
        } catch (error) {
          expect((error as { httpStatus?: number }).httpStatus).toBe(400);
        }
      }),
    );
  });
});

describe('Markdown derivation', () => {
  it('cuts the snippet near 64 runes at a word boundary', () => {
    const snippet = deriveContent('word '.repeat(40)).snippet;
    expect(snippet.endsWith(' ...')).toBe(true);
    expect(Array.from(snippet).length).toBeLessThanOrEqual(68);
  });
});

describe('time', () => {
  it.each([
    ['168h', 604800],
    ['1h30m', 5400],
    ['-90s', -90],
    ['1.5h', 5400],
    ['500ms', 0.5],
  ])('duration %s is %d seconds', (text, seconds) => {
    expect(parseGoDuration(text)).toBe(seconds);
  });

  it.each(['7d', '', 'h', '10'])('rejects the duration %j', (text) => {
    expect(() => parseGoDuration(text)).toThrow(/time: /);
  });

  it('prints RFC 3339 UTC without fractional seconds', () => {
    expect(formatTimestamp(1785225600)).toBe('2026-07-28T08:00:00Z');
  });
});
