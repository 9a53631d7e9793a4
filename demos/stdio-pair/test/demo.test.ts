import { readFileSync } from 'node:fs';
import { catalogProblems, formatHelp, PIPED_WIDTH, stringWidth } from '@memos-kit/terminal';
import { afterEach, describe, expect, it } from 'vitest';
import { lessons } from '../src/lessons/index.ts';
import { errors, spec } from '../src/options.ts';
import { expectNoLeftovers, fixtureBytes, runScript, srcPath } from './helpers.ts';

afterEach(expectNoLeftovers);

const terminal = fixtureBytes('terminal').toString('utf8');

describe('pnpm demo:stdio', () => {
  it("shows exactly the article's two lines with --trace off", async () => {
    const run = await runScript('demo.ts', ['--trace', 'off', '--no-color']);
    expect(run).toMatchObject({ code: 0, output: terminal });
    expect(run.stdout).toBe(fixtureBytes('stdout').toString('utf8'));
    expect(run.stderr).toBe(fixtureBytes('stderr').toString('utf8'));
  });

  it('prints what the committed transcript shows (regenerate it with the transcript script)', async () => {
    const transcript = readFileSync(new URL('../transcripts/demo.txt', import.meta.url), 'utf8');
    const { code, output } = await runScript('demo.ts', ['--no-color']);
    expect(code).toBe(0);
    expect(output.startsWith(terminal)).toBe(true);
    expect(output).toBe(transcript);
    expect(output.split('\n').filter((line) => stringWidth(line) > PIPED_WIDTH)).toStrictEqual([]);
  });

  it('lists every lesson', async () => {
    const { code, output } = await runScript('demo.ts', ['--list-lessons', '--no-color']);
    expect(code).toBe(0);
    for (const lesson of lessons) expect(output).toContain(lesson.name);
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
      errors.t('zh', 'badTrace', { value: 'maybe' }),
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

  it('has every error message in both languages', () => {
    expect(catalogProblems(errors.catalogs)).toStrictEqual([]);
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
