import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { columns } from '../src/show-call.ts';
import { normaliseTranscript, runDemo } from './run-demo.ts';

/** Lines a projector would wrap. */
const wideLines = (text: string) => text.split('\n').filter((line) => columns(line) > 100);

const transcriptPath = fileURLToPath(new URL('../transcripts/demo.txt', import.meta.url));

describe('pnpm demo:sse', () => {
  // One retry: on a machine starved of CPU, the two events (250 ms apart in --fast) can still share a read.
  it('prints the wire as in its transcript (times, ports and dates aside) and exits 0', {
    retry: 1,
  }, async () => {
    const run = await runDemo(['--fast', '--no-color']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(wideLines(run.stdout)).toStrictEqual([]);
    // UPDATE_TRANSCRIPTS=1 rewrites the transcript after a deliberate change to the demo's output.
    if (process.env.UPDATE_TRANSCRIPTS === '1') writeFileSync(transcriptPath, run.stdout);
    expect(normaliseTranscript(run.stdout)).toBe(normaliseTranscript(readFileSync(transcriptPath, 'utf8')));
  });

  it('--lesson chunks: every cut gives the same events from both parsers', async () => {
    const run = await runDemo(['--lesson', 'chunks', '--no-color']);
    expect(run.code).toBe(0);
    expect(wideLines(run.stdout)).toStrictEqual([]);
    // The unfinished line is escaped like the reads (a quote as ", a backslash as \\), not as JSON on top.
    expect(run.stdout).toContain('unfinished line: ');
    expect(run.stdout).not.toMatch(/unfinished line: .*[^\\]\\"/);
    const verdicts = run.stdout.split('\n').filter((line) => /^\s+[✓✗] \d+ reads/.test(line));
    expect(verdicts.length).toBeGreaterThanOrEqual(7);
    expect(verdicts.filter((line) => line.includes('✗'))).toStrictEqual([]);
    expect(run.stdout).toContain('eventsource-parser catches up'); // the CR held back at the end of a read
    expect(run.stdout).toContain('"已查询备忘录"'); // the split character, whole again after stream decoding
    expect(run.stdout).toContain('\uFFFD'); // ...and what decoding each read on its own does to it
  });

  it('refuses an unknown lesson or option with exit code 2, its name and the usage', async () => {
    const wrong = await runDemo(['--lesson', 'nope']);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain('demo:sse: --lesson takes "chunks" or "proxy"');
    expect(wrong.stderr).toContain('--lesson proxy');
    const unknown = await runDemo(['--bogus']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/^demo:sse: Unknown option '--bogus'/);
  });
});
