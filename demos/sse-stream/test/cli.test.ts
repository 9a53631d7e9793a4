import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { listen } from '@memos-kit/process';
import { catalogProblems, formatHelp, PIPED_WIDTH, stringWidth } from '@memos-kit/terminal';
import { describe, expect, it } from 'vitest';
import { errors, spec } from '../src/options.ts';
import { normaliseTranscript, runDemo } from './run-demo.ts';

/** Lines a projector would wrap. */
const wideLines = (text: string) => text.split('\n').filter((line) => stringWidth(line) > PIPED_WIDTH);

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

  it('refuses an unknown lesson or option in one line and exit code 2, in Chinese unless --lang en', async () => {
    const wrong = await runDemo(['--lesson', 'nope']);
    expect(wrong.code).toBe(2);
    expect(wrong.stdout).toBe('');
    expect(wrong.stderr).toBe(
      `pnpm demo:sse: ${errors.t('zh', 'badLesson', { value: 'nope' })}\n查看用法：pnpm demo:sse --help\n`,
    );
    const english = await runDemo(['--lesson', 'nope', '--lang', 'en']);
    expect(english.stderr).toBe(
      'pnpm demo:sse: --lesson takes stream, chunks or proxy, not "nope"\nSee pnpm demo:sse --help\n',
    );
    const unknown = await runDemo(['--bogus']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/^pnpm demo:sse: Unknown option '--bogus'/);
  });

  it('describes every option in its help, in both languages, and has every error in both', () => {
    for (const lang of ['zh', 'en'] as const) {
      const help = formatHelp(spec, lang, PIPED_WIDTH);
      for (const option of [
        '--fast',
        '--lesson stream|chunks|proxy',
        '--seed N',
        '--url URL',
        '--[no-]color',
      ])
        expect(help).toContain(option);
      // A plain `pnpm serve` answers at once from the workshop data: --url alone would lose the lesson.
      expect(help).toContain('pnpm serve --pace article --dataset empty');
    }
    expect(catalogProblems(errors.catalogs)).toStrictEqual([]);
  });

  it('answers --help from its option table in either language, without starting a server', async () => {
    for (const lang of ['zh', 'en'] as const) {
      const help = await runDemo(['--help', '--lang', lang]);
      expect(help.code).toBe(0);
      expect(help.stdout).toBe(`${formatHelp(spec, lang, PIPED_WIDTH)}\n`);
      expect(wideLines(help.stdout)).toStrictEqual([]);
    }
  });

  it('says in one line why a run failed, with the reason fetch keeps in its cause', async () => {
    // A port that was free a moment ago: nothing listens there, so the connection is refused at once.
    const probe = await listen(() => {});
    await probe.close();
    const run = await runDemo(['--url', probe.url, '--fast', '--no-color', '--lang', 'en']);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^pnpm demo:sse: fetch failed \(.*ECONNREFUSED.*\)\n$/);
  });
});
