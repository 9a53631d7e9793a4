import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { lessons } from '../src/lessons/index.ts';
import { SCREEN_WIDTH } from '../src/terminal.ts';
import { expectNoLeftovers, fixtureBytes, runScript, srcPath } from './helpers.ts';

afterEach(expectNoLeftovers);

const terminal = fixtureBytes('terminal').toString('utf8');

describe('pnpm demo:stdio', () => {
  it("shows exactly the article's two lines with --trace off", async () => {
    expect(await runScript('demo.ts', ['--trace', 'off', '--no-color'])).toEqual({
      code: 0,
      output: terminal,
    });
  });

  it('prints what the committed transcript shows (regenerate it with the transcript script)', async () => {
    const transcript = readFileSync(new URL('../transcripts/demo.txt', import.meta.url), 'utf8');
    const { code, output } = await runScript('demo.ts', ['--no-color']);
    expect(code).toBe(0);
    expect(output.startsWith(terminal)).toBe(true);
    expect(output).toBe(transcript);
    expect(output.split('\n').filter((line) => [...line].length > SCREEN_WIDTH)).toStrictEqual([]);
  });

  it('lists every lesson', async () => {
    const { code, output } = await runScript('demo.ts', ['--list-lessons', '--no-color']);
    expect(code).toBe(0);
    for (const lesson of lessons) expect(output).toContain(lesson.name);
  });

  it('refuses unknown options and values with a clear message and exit code 2', async () => {
    for (const args of [['--lesson', 'no-such-lesson'], ['--trace', 'maybe'], ['--colour']]) {
      const { code, output } = await runScript('demo.ts', args);
      expect(code).toBe(2);
      expect(output).toMatch(/^demo:stdio: .+\n\nUsage: pnpm demo:stdio/);
    }
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
