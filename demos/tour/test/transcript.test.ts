import { describe, expect, it } from 'vitest';
import { normalizeTranscript } from '../src/transcript.ts';

describe('normalizeTranscript', () => {
  it('sets aside a timestamp even where the tour cut the line inside it', () => {
    const then = '  "createTime\\":\\"2026-12-02T11:\n  02:01Z\\",\\"x\\"';
    const now = '  "createTime\\":\\"2026-12-03T07:\n  59:16Z\\",\\"x\\"';
    expect(normalizeTranscript(now)).toBe(normalizeTranscript(then));
    expect(normalizeTranscript(now)).toContain('TIMESTAMP');
  });

  it('keeps what is not a timestamp, so a real change still shows', () => {
    expect(normalizeTranscript('"state":\n  "NORMAL"')).not.toBe(
      normalizeTranscript('"state":\n  "ARCHIVED"'),
    );
  });
});
