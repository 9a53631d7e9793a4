import { describe, expect, it } from 'vitest';
import {
  catalogProblems,
  chosenStep,
  formatHelp,
  stepList,
  stepMessages,
  stepOptions,
  stringWidth,
  UsageError,
} from '../src/index.ts';

describe('--list and --step, shared by the demos that walk through steps', () => {
  it('say the same in every help that uses them, in both languages', () => {
    const spec = { name: 'pnpm demo:x', summary: { zh: '演示', en: 'a demo' }, options: stepOptions };
    expect(formatHelp(spec, 'zh', 100)).toMatch(/--list +列出各步骤后退出\n +--step N +只运行第 N 步/);
    expect(formatHelp(spec, 'en', 100)).toMatch(
      /--list +list the steps and exit\n +--step N +run only step N/,
    );
  });

  it('has every message in both languages, with the same placeholders', () => {
    expect(catalogProblems(stepMessages.catalogs)).toEqual([]);
  });

  it('reads the step asked for, and none when --step is not given', () => {
    expect(chosenStep(undefined, 8, 'en')).toBeUndefined();
    expect(chosenStep('1', 8, 'en')).toBe(1);
    expect(chosenStep('8', 8, 'en')).toBe(8);
  });

  it.each([
    ['0', 'en', '--step needs a step number from 1 to 8 (see --list); there is no step 0'],
    ['9', 'en', '--step needs a step number from 1 to 8 (see --list); there is no step 9'],
    ['two', 'en', '--step needs a step number from 1 to 8 (see --list), not "two"'],
    ['-1', 'zh', '--step 需要 1 到 8 之间的步骤序号（见 --list），而不是 "-1"'],
  ] as const)('turns --step %s into one usage error (%s)', (value, lang, message) => {
    expect(() => chosenStep(value, 8, lang)).toThrow(new UsageError(message));
  });

  it('lists the steps numbered from 1, under the heading of each part', () => {
    const lines = stepList(
      'Steps',
      [
        { title: 'open', part: 'Part 1' },
        { title: 'pay', part: 'Part 1' },
        { title: 'list', part: 'Part 2' },
      ],
      100,
    );
    expect(lines).toEqual(['Steps', 'Part 1', ' 1. open', ' 2. pay', 'Part 2', ' 3. list']);
  });

  it('continues a long title under itself, not under its number, within the width', () => {
    const title = 'tools/call order_cancel: the model may still call it';
    const lines = stepList(
      'Steps',
      Array.from({ length: 10 }, () => ({ title })),
      30,
    );
    const tenth = lines.indexOf('10. tools/call order_cancel:');
    expect(tenth).toBeGreaterThan(0);
    expect(lines.slice(tenth + 1)).toEqual(['    the model may still call', '    it']);
    for (const line of lines) expect(stringWidth(line)).toBeLessThanOrEqual(30);
  });
});
