import { describe, expect, it } from 'vitest';
import { parseTourArgs, UsageError } from '../src/options.ts';

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
    [['--step', '0'], /--step needs a step number/],
    [['--step', 'two'], /--step needs a step number/],
    [['--json', '--interactive'], /do not go together/],
    [['--colour'], /Unknown option/],
  ])('rejects %j with a message that says what is wrong', (argv, message) => {
    expect(() => parseTourArgs(argv)).toThrow(UsageError);
    expect(() => parseTourArgs(argv)).toThrow(message);
  });
});
