// `--class N` and `--class-seed`, spread into `pnpm serve`'s options; the rest of class mode starts only
// when `--class` is given.
import { type Lang, type OptionSpecs, UsageError } from '@memos-kit/terminal';
import { MAX_STUDENTS } from './accounts.ts';
import { classWords } from './words.ts';

export const classOptions = {
  class: {
    type: 'string',
    value: 'N',
    help: {
      zh: `课堂模式：N 个学生（1 到 ${MAX_STUDENTS}），每人一个令牌和一份自己的数据集；教师令牌打开 /class（令牌单、实时视图、重置）；同一个地址提供文档站和游乐场`,
      en: `class mode: N students (1 to ${MAX_STUDENTS}), each with a token and a copy of the dataset of their own; the teacher token opens /class (token sheet, live view, reset); the docs site and playground on the same address`,
    },
  },
  'class-seed': {
    type: 'string',
    value: 'WORDS',
    help: {
      zh: '同样的种子给出同样的令牌（提前打印令牌单时用）；不给时每次启动都是新的随机令牌',
      en: 'the same seed gives the same tokens (for a sheet printed ahead); without it every start makes new random tokens',
    },
  },
} as const satisfies OptionSpecs;

/** `--class N`, checked: a whole number of students within the bound. */
export function classSize(value: string, lang: Lang): number {
  const count = Number(value);
  if (!/^\d+$/.test(value) || count < 1 || count > MAX_STUDENTS)
    throw new UsageError(classWords.t(lang, 'badClass', { value, max: MAX_STUDENTS }));
  return count;
}

/** The one interface a class binds: a wildcard would open every interface the teacher did not think of. */
export function classHost(host: string, lang: Lang): string {
  if (host === '0.0.0.0' || host === '::' || host === '[::]')
    throw new UsageError(classWords.t(lang, 'wildcardHost', { host }));
  return host;
}
