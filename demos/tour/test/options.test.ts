import { catalogProblems, formatHelp, parseCommand, stringWidth, UsageError } from '@memos-kit/terminal';
import { describe, expect, it } from 'vitest';
import { messages } from '../src/messages.ts';
import { parseTourArgs, spec } from '../src/options.ts';
import { steps } from '../src/steps.ts';

const range = `a step number from 1 to ${steps.length} \\(see --list\\)`;
/** A terminal, and no colour or language settings inherited from whoever runs the tests. */
const terminal = (env: NodeJS.ProcessEnv = {}) => ({ env, stdout: { isTTY: true, columns: 120 } });
const pipe = (env: NodeJS.ProcessEnv = {}) => ({ env, stdout: { isTTY: false } });

describe('parseTourArgs', () => {
  it('defaults to the whole tour in Chinese, in colour for a dark terminal, at the article pace', () => {
    expect(parseTourArgs([], terminal())).toEqual({
      list: false,
      step: undefined,
      lang: 'zh',
      color: true,
      theme: 'dark',
      pace: 'article',
      full: false,
      interactive: false,
      json: false,
    });
  });

  it('reads every option a class needs', () => {
    const options = parseTourArgs(
      [
        '--step',
        '3',
        '--lang',
        'en',
        '--no-color',
        '--pace',
        'fast',
        '--interactive',
        '--full',
        '--theme',
        'light',
      ],
      terminal(),
    );
    expect(options).toMatchObject({
      step: 3,
      lang: 'en',
      theme: 'light',
      color: false,
      pace: 'fast',
      interactive: true,
      full: true,
    });
  });

  it('speaks English for a whole session with KIT_LANG=en, and --lang still wins', () => {
    expect(parseTourArgs([], terminal({ KIT_LANG: 'en' })).lang).toBe('en');
    expect(parseTourArgs(['--lang', 'zh'], terminal({ KIT_LANG: 'en' })).lang).toBe('zh');
  });

  it('turns colour off when NO_COLOR is set, and only when it is not empty', () => {
    expect(parseTourArgs([], terminal({ NO_COLOR: '1' })).color).toBe(false);
    expect(parseTourArgs([], terminal({ NO_COLOR: '' })).color).toBe(true);
  });

  it('leaves colour out of piped output unless FORCE_COLOR asks for it', () => {
    expect(parseTourArgs([], pipe()).color).toBe(false);
    expect(parseTourArgs([], pipe({ FORCE_COLOR: '1' })).color).toBe(true);
    expect(parseTourArgs([], terminal({ FORCE_COLOR: '0' })).color).toBe(false);
  });

  it.each([
    [['--lang', 'fr'], /--lang must be zh or en/],
    [['--pace', 'slow'], /--pace must be article or fast, not "slow"/],
    [['--step', '0'], new RegExp(`--step needs ${range}; there is no step 0`)],
    [['--step', String(steps.length + 1)], new RegExp(`${range}; there is no step ${steps.length + 1}`)],
    [['--step', 'two'], new RegExp(`--step needs ${range}, not "two"`)],
    [['--json', '--interactive'], /do not go together/],
    [['--colour'], /Unknown option/],
  ])('rejects %j with a message that says what is wrong', (argv, message) => {
    const context = terminal({ KIT_LANG: 'en' });
    expect(() => parseTourArgs(argv, context)).toThrow(UsageError);
    expect(() => parseTourArgs(argv, context)).toThrow(message);
  });

  it('says what is wrong in Chinese by default', () => {
    expect(() => parseTourArgs(['--step', '99'], terminal())).toThrow(
      `--step 需要 1 到 ${steps.length} 之间的步骤序号（见 --list）；没有第 99 步`,
    );
  });
});

describe('pnpm demo --help', () => {
  it.each(['zh', 'en'] as const)('in %s names every option of the tour, within the width', (lang) => {
    const outcome = parseCommand(spec, ['--help', '--lang', lang], pipe());
    if (outcome.kind !== 'help') throw new Error(`expected help, got ${outcome.kind}`);
    expect(outcome.text).toBe(formatHelp(spec, lang, 100));
    for (const name of Object.keys(spec.options)) expect(outcome.text).toContain(`--${name}`);
    for (const line of outcome.text.split('\n')) expect(stringWidth(line)).toBeLessThanOrEqual(100);
  });
});

describe('the tour’s messages', () => {
  it('has every key in both languages, with the same placeholders', () => {
    expect(catalogProblems(messages.catalogs)).toEqual([]);
  });
});
