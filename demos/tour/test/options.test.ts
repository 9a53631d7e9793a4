import { describe, expect, it } from 'vitest';
import { parseTourArgs, UsageError } from '../src/options.ts';
import { steps } from '../src/steps.ts';

const range = `a step number from 1 to ${steps.length} \\(see --list\\)`;

describe('parseTourArgs', () => {
  it('defaults to the whole tour in Chinese, in colour, at the article pace', () => {
    expect(parseTourArgs([])).toEqual({
      list: false,
      step: undefined,
      lang: 'zh',
      color: true,
      pace: 'article',
      interactive: false,
      json: false,
      help: false,
    });
  });

  it('reads every option a class needs', () => {
    const options = parseTourArgs([
      '--step',
      '3',
      '--lang',
      'en',
      '--no-color',
      '--pace',
      'fast',
      '--interactive',
    ]);
    expect(options).toMatchObject({ step: 3, lang: 'en', color: false, pace: 'fast', interactive: true });
  });

  it('turns colour off when NO_COLOR is set, and only when it is not empty', () => {
    expect(parseTourArgs([], { NO_COLOR: '1' }).color).toBe(false);
    expect(parseTourArgs([], { NO_COLOR: '' }).color).toBe(true);
  });

  it('leaves colour out of piped output unless FORCE_COLOR asks for it', () => {
    expect(parseTourArgs([], {}, false).color).toBe(false);
    expect(parseTourArgs([], { FORCE_COLOR: '1' }, false).color).toBe(true);
    expect(parseTourArgs([], { FORCE_COLOR: '0' }, true).color).toBe(false);
  });

  it.each([
    [['--lang', 'fr'], /--lang must be zh or en/],
    [['--pace', 'slow'], /--pace must be article or fast/],
    [['--step', '0'], new RegExp(`--step needs ${range}; there is no step 0`)],
    [['--step', String(steps.length + 1)], new RegExp(`${range}; there is no step ${steps.length + 1}`)],
    [['--step', 'two'], new RegExp(`--step needs ${range}, not "two"`)],
    [['--json', '--interactive'], /do not go together/],
    [['--colour'], /Unknown option/],
  ])('rejects %j with a message that says what is wrong', (argv, message) => {
    expect(() => parseTourArgs(argv)).toThrow(UsageError);
    expect(() => parseTourArgs(argv)).toThrow(message);
  });
});
