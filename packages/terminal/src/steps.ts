// `--list` and `--step N` for a demo that walks through numbered steps (pnpm demo, demo:features,
// demo:hateoas): the same option names, help, errors and list layout everywhere, so a teacher who
// learned them on one demo can use them on the next.
import { type OptionSpecs, UsageError } from './command.ts';
import { bilingualMessages, type Lang } from './i18n.ts';
import { stringWidth, wrapText } from './width.ts';

export const stepOptions = {
  list: {
    type: 'boolean',
    help: { zh: '列出各步骤后退出', en: 'list the steps and exit' },
  },
  step: {
    type: 'string',
    value: 'N',
    help: { zh: '只运行第 N 步', en: 'run only step N' },
  },
} as const satisfies OptionSpecs;

export const stepMessages = bilingualMessages({
  stepNotNumber: {
    zh: '--step 需要 1 到 {count} 之间的步骤序号（见 --list），而不是 "{value}"',
    en: '--step needs a step number from 1 to {count} (see --list), not "{value}"',
  },
  noSuchStep: {
    zh: '--step 需要 1 到 {count} 之间的步骤序号（见 --list）；没有第 {step} 步',
    en: '--step needs a step number from 1 to {count} (see --list); there is no step {step}',
  },
  earlierSteps: {
    zh: '（第 {last} 步之前的步骤已先运行，但不显示：这一步要用到它们留下的状态。）',
    en: '(The steps before step {last} ran first, unseen: this step builds on what they left.)',
  },
});

/** The step `--step` names (1-based), or undefined for every step; anything else is a usage error. */
export function chosenStep(value: string | undefined, count: number, lang: Lang): number | undefined {
  if (value === undefined) return undefined;
  const say = stepMessages.in(lang);
  if (!/^\d+$/.test(value)) throw new UsageError(say('stepNotNumber', { count, value }));
  const step = Number(value);
  if (step < 1 || step > count) throw new UsageError(say('noSuchStep', { count, step }));
  return step;
}

export interface ListedStep {
  title: string;
  /** The part of the demo the step belongs to; a new part starts under its own heading. */
  part?: string;
}

/**
 * What `--list` prints: a heading, then ` 1. title` per step; a title that does not fit continues under
 * itself, not under its number.
 */
export function stepList(heading: string, steps: readonly ListedStep[], width: number): string[] {
  const lines = [heading];
  let part: string | undefined;
  steps.forEach((step, index) => {
    if (step.part !== undefined && step.part !== part) lines.push(step.part);
    part = step.part;
    const number = `${String(index + 1).padStart(2)}. `;
    lines.push(...wrapText(`${number}${step.title}`, width, ' '.repeat(stringWidth(number))));
  });
  return lines;
}
