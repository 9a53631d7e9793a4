import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { listen } from '@memos-kit/process';
import { catalogProblems, formatHelp, type Lang, PIPED_WIDTH, stringWidth } from '@memos-kit/terminal';
import { describe, expect, it } from 'vitest';
import { type MessageKey, messages } from '../src/messages.ts';
import { spec } from '../src/options.ts';
import { nginx, nginxRequired } from './nginx-setup.ts';
import { normaliseTranscript, runDemo } from './run-demo.ts';

/** Lines a projector would wrap. */
const wideLines = (text: string) => text.split('\n').filter((line) => stringWidth(line) > PIPED_WIDTH);

const transcriptPath = fileURLToPath(new URL('../transcripts/demo.txt', import.meta.url));
const englishTranscriptPath = fileURLToPath(new URL('../transcripts/demo.en.txt', import.meta.url));

/** The sentences a run must not print: those of the other language (its words, not its placeholders). */
function otherLanguage(text: string, lang: Lang): string[] {
  const other = lang === 'zh' ? 'en' : 'zh';
  const pieces = Object.keys(messages.catalogs.zh).flatMap((key) => {
    const mine = messages.catalogs[lang][key as MessageKey];
    const theirs = messages.catalogs[other][key as MessageKey];
    if (mine === theirs) return [];
    // The words between placeholders; short pieces ("read", "ms") could be wire or identifiers.
    return theirs.split(/\{\w+\}/).filter((piece) => piece.trim().length >= 12);
  });
  // Words both languages use (identifiers such as eventsource-parser) are not a leak.
  const own = Object.values(messages.catalogs[lang]).join('\n');
  return pieces.filter((piece) => text.includes(piece) && !own.includes(piece.trim()));
}

describe('pnpm demo:sse', () => {
  // One retry: on a machine starved of CPU, the two events (250 ms apart in --fast) can still share a read.
  it.each<{ lang: Lang; args: string[]; env: Record<string, string>; file: string }>([
    { lang: 'zh', args: [], env: {}, file: transcriptPath },
    { lang: 'en', args: ['--lang', 'en'], env: {}, file: englishTranscriptPath },
    { lang: 'en', args: [], env: { KIT_LANG: 'en' }, file: englishTranscriptPath },
  ])(
    'prints the wire as in its transcript ($lang, $args, $env) and exits 0',
    {
      retry: 1,
    },
    async ({ lang, args, env, file }) => {
      const run = await runDemo(['--fast', '--no-color', ...args], env);
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      expect(wideLines(run.stdout)).toStrictEqual([]);
      expect(otherLanguage(run.stdout, lang)).toStrictEqual([]);
      expect(run.stdout.split('\n')[0]).toBe(messages.t(lang, 'titleStream'));
      // UPDATE_TRANSCRIPTS=1 rewrites the transcripts after a deliberate change to the demo's output.
      if (process.env.UPDATE_TRANSCRIPTS === '1' && Object.keys(env).length === 0)
        writeFileSync(file, run.stdout);
      expect(normaliseTranscript(run.stdout)).toBe(normaliseTranscript(readFileSync(file, 'utf8')));
    },
  );

  it.each(['zh', 'en'] as const)(
    '--lesson chunks (%s): every cut gives the same events from both parsers',
    async (lang) => {
      const say = messages.in(lang);
      const run = await runDemo(['--lesson', 'chunks', '--no-color', '--lang', lang]);
      expect(run.code).toBe(0);
      expect(wideLines(run.stdout)).toStrictEqual([]);
      expect(otherLanguage(run.stdout, lang)).toStrictEqual([]);
      // The unfinished line is escaped like the reads (a quote as ", a backslash as \\), not as JSON on top.
      const unfinished = say('unfinishedLine', { text: '' });
      expect(run.stdout).toContain(unfinished);
      expect(run.stdout).not.toMatch(new RegExp(`${unfinished}.*[^\\\\]\\\\"`));
      const reads = say('verdict', { reads: 'N', events: 'E', same: '=' })
        .split(' → ')[0]
        ?.replace('N', '\\d+');
      const verdicts = run.stdout.split('\n').filter((line) => new RegExp(`^\\s+[✓✗] ${reads}`).test(line));
      expect(verdicts.length).toBeGreaterThanOrEqual(7);
      expect(verdicts.filter((line) => line.includes('✗'))).toStrictEqual([]);
      expect(run.stdout).toContain(say('whoCatchesUp')); // the CR held back at the end of a read
      expect(run.stdout).toContain('"已查询备忘录"'); // the split character, whole again after stream decoding
      expect(run.stdout).toContain('\uFFFD'); // ...and what decoding each read on its own does to it
    },
  );

  it('has every sentence of the demo and its lessons in both languages', () => {
    expect(catalogProblems(messages.catalogs)).toStrictEqual([]);
    expect(Object.keys(messages.catalogs.en)).toStrictEqual(Object.keys(messages.catalogs.zh));
  });

  it.skipIf(!nginx && !nginxRequired)(
    '--lesson proxy speaks Chinese by default and fits the width',
    {
      retry: 1,
    },
    async () => {
      const say = messages.in('zh');
      const run = await runDemo(['--lesson', 'proxy', '--fast', '--no-color'], {}, 30_000);
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      expect(wideLines(run.stdout)).toStrictEqual([]);
      expect(otherLanguage(run.stdout, 'zh')).toStrictEqual([]);
      for (const key of ['titleProxy', 'sentHead', 'heldBack', 'columnProgressWritten'] as const)
        expect(run.stdout).toContain(say(key));
      expect(run.stdout).toContain('proxy_ignore_headers X-Accel-Buffering;'); // the config is printed as written
    },
  );

  it('refuses an unknown lesson or option in one line and exit code 2, in Chinese unless --lang en', async () => {
    const wrong = await runDemo(['--lesson', 'nope']);
    expect(wrong.code).toBe(2);
    expect(wrong.stdout).toBe('');
    expect(wrong.stderr).toBe(
      `pnpm demo:sse: ${messages.t('zh', 'badLesson', { value: 'nope' })}\n查看用法：pnpm demo:sse --help\n`,
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
