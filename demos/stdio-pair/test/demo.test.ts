import { readFileSync } from 'node:fs';
import { catalogProblems, formatHelp, PIPED_WIDTH, stringWidth } from '@memos-kit/terminal';
import { afterEach, describe, expect, it } from 'vitest';
import { lessons } from '../src/lessons/index.ts';
import { messages } from '../src/messages.ts';
import { spec } from '../src/options.ts';
import { expectNoLeftovers, fixtureBytes, runScript, sourceFiles, srcPath } from './helpers.ts';

afterEach(expectNoLeftovers);

const terminal = fixtureBytes('terminal').toString('utf8');

describe('pnpm demo:stdio', () => {
  it("shows exactly the article's two lines with --trace off", async () => {
    const run = await runScript('demo.ts', ['--trace', 'off', '--no-color']);
    expect(run).toMatchObject({ code: 0, output: terminal });
    expect(run.stdout).toBe(fixtureBytes('stdout').toString('utf8'));
    expect(run.stderr).toBe(fixtureBytes('stderr').toString('utf8'));
  });

  it('prints what the committed transcripts show, in Chinese by default (regenerate them with the transcript script)', async () => {
    const transcripts = {
      zh: readFileSync(new URL('../transcripts/demo.txt', import.meta.url), 'utf8'),
      en: readFileSync(new URL('../transcripts/demo.en.txt', import.meta.url), 'utf8'),
    };
    const runs = {
      zh: await runScript('demo.ts', ['--no-color']),
      en: await runScript('demo.ts', ['--no-color', '--lang', 'en']),
      session: await runScript('demo.ts', ['--no-color'], { KIT_LANG: 'en' }),
    };
    for (const [name, { code, output }] of Object.entries(runs)) {
      expect(code, name).toBe(0);
      // The article's two lines come first and are the same bytes in every language.
      expect(output.startsWith(terminal), name).toBe(true);
      expect(output.split('\n').filter((line) => stringWidth(line) > PIPED_WIDTH)).toStrictEqual([]);
    }
    expect(runs.zh.output).toBe(transcripts.zh);
    expect(runs.en.output).toBe(transcripts.en);
    expect(runs.session.output).toBe(transcripts.en);
    expect(transcripts.zh).toContain(messages.t('zh', 'pipesTitle'));
    expect(transcripts.en).toContain(messages.t('en', 'pipesTitle'));
    // The wire is never translated: the traced bytes are the same in both.
    const wire = (text: string) =>
      text
        .split('\n')
        .filter((line) => /\{"jsonrpc"/.test(line))
        .map((line) => line.slice(line.indexOf('{')));
    expect(wire(transcripts.zh)).toStrictEqual(wire(transcripts.en));
    expect(wire(transcripts.zh)).toHaveLength(2);
  });

  it('tells a lesson in Chinese by default, in English with --lang en or KIT_LANG=en', async () => {
    const zh = await runScript('demo.ts', ['--lesson', 'no-newline', '--no-color']);
    const en = await runScript('demo.ts', ['--lesson', 'no-newline', '--no-color', '--lang', 'en']);
    const session = await runScript('demo.ts', ['--lesson', 'no-newline', '--no-color'], { KIT_LANG: 'en' });
    for (const run of [zh, en, session]) {
      expect(run.code).toBe(0);
      expect(run.stdout.split('\n').filter((line) => stringWidth(line) > PIPED_WIDTH)).toStrictEqual([]);
      // The server's log is wire: the same English words in either language.
      expect(run.output.replace(/\n {40}/g, ' ')).toContain('server: the stream ended inside a message');
    }
    expect(zh.stdout).toContain(
      `第 1/${lessons.length} 课：${messages.t('zh', 'noNewlineTitle')}  (no-newline)`,
    );
    expect(zh.stdout).toContain(messages.t('zh', 'timeoutNothing', { ms: 1500 }));
    expect(zh.stdout).toContain(messages.t('zh', 'nextLesson', { name: 'pretty-json' }));
    expect(zh.stdout).not.toMatch(/the client|Lesson \d/);
    expect(en.stdout).toContain(`Lesson 1/${lessons.length}: A message without its newline  (no-newline)`);
    expect(en.stdout).toContain('no complete line after 1500 ms (the client has received nothing back)');
    expect(en.stdout).toContain('Next: pnpm demo:stdio --lesson pretty-json');
    expect(en.stdout).not.toMatch(/\p{Script=Han}/u);
    expect(session.stdout).toBe(en.stdout);
  });

  it('lists every lesson, with its pitfall in the chosen language', async () => {
    for (const lang of ['zh', 'en'] as const) {
      const { code, output } = await runScript('demo.ts', ['--list-lessons', '--no-color', '--lang', lang]);
      expect(code).toBe(0);
      const prose = output.replace(/\s+/g, '');
      for (const lesson of lessons) {
        expect(output).toContain(lesson.name);
        expect(prose).toContain(messages.t(lang, lesson.summary).replace(/\s+/g, ''));
      }
    }
  });

  it('refuses unknown options and values in one line, in Chinese by default, with exit code 2', async () => {
    for (const args of [['--lesson', 'no-such-lesson'], ['--trace', 'maybe'], ['--colour']]) {
      const zh = await runScript('demo.ts', args);
      expect(zh.code).toBe(2);
      expect(zh.stdout).toBe('');
      expect(zh.stderr).toMatch(/^pnpm demo:stdio: [^\n]+\n查看用法：pnpm demo:stdio --help\n$/);
      const en = await runScript('demo.ts', [...args, '--lang', 'en']);
      expect(en.code).toBe(2);
      expect(en.stderr).toMatch(/^pnpm demo:stdio: [^\n]+\nSee pnpm demo:stdio --help\n$/);
    }
    expect((await runScript('demo.ts', ['--trace', 'maybe'])).stderr).toContain(
      messages.t('zh', 'badTrace', { value: 'maybe' }),
    );
    expect((await runScript('demo.ts', ['--lesson', 'nope', '--lang', 'en'])).stderr).toContain(
      'no lesson named "nope"',
    );
  });

  it('answers --help in either language from its option table, and --version', async () => {
    for (const lang of ['zh', 'en'] as const) {
      const { code, stdout } = await runScript('demo.ts', ['--help', '--lang', lang]);
      expect(code).toBe(0);
      expect(stdout).toBe(`${formatHelp(spec, lang, PIPED_WIDTH)}\n`);
      for (const option of [
        '--trace on|off',
        '--lesson NAME|all',
        '--list-lessons',
        '--lang',
        '--[no-]color',
      ])
        expect(stdout).toContain(option);
      const prose = stdout.replace(/\s+/g, ' ');
      for (const option of Object.values(spec.options)) expect(prose).toContain(option.help[lang]);
    }
    const version = await runScript('demo.ts', ['--version']);
    expect(version.code).toBe(0);
    expect(version.stdout).toMatch(/^pnpm demo:stdio \S+ \(MCP 2026-07-28\)\n$/);
  });

  it('has every sentence in both languages, with the same placeholders, and each of them in use', () => {
    expect(catalogProblems(messages.catalogs)).toStrictEqual([]);
    // A key is in use when the source names it as a string literal ('noNewlineTitle').
    const quoted = new Set(sourceFiles().flatMap((text) => [...text.matchAll(/'(\w+)'/g)].map((m) => m[1])));
    expect(Object.keys(messages.catalogs.zh).filter((key) => !quoted.has(key))).toStrictEqual([]);
  });
});

describe('regions the docs embed', () => {
  const regions = {
    'server.ts': ['read-loop', 'write-line'],
    'client.ts': ['spawn', 'write-request', 'read-response', 'shutdown', 'run-client'],
  };
  for (const [file, names] of Object.entries(regions)) {
    it(`${file} has each region opened and closed once`, () => {
      const source = readFileSync(srcPath(file), 'utf8');
      for (const name of names) {
        expect(source.split(`// #region ${name}\n`)).toHaveLength(2);
        expect(source.split(`// #endregion ${name}\n`)).toHaveLength(2);
        expect(source.indexOf(`// #region ${name}\n`)).toBeLessThan(
          source.indexOf(`// #endregion ${name}\n`),
        );
      }
    });
  }
});

describe('the README', () => {
  it('names every lesson in both languages', () => {
    const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
    const [english = '', chinese = ''] = readme.split('\n## 中文\n');
    for (const lesson of lessons) {
      expect(english).toContain(`| \`${lesson.name}\` |`);
      expect(chinese).toContain(`| \`${lesson.name}\` |`);
    }
  });
});
