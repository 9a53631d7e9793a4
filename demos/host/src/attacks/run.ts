// `pnpm demo:host --attack NAME`: the rounds of one attack lesson in order (or one, with --step), each
// against a fresh server, and a last line that says whether each came out as the lesson says it must.
import { PROTOCOL_VERSION } from '@memos-kit/protocol';
import { type Lang, type ListedStep, stepList } from '@memos-kit/terminal';
import type { Say } from '../messages.ts';
import { type HostView, step } from '../view.ts';
import { ATTACKS, type Attack, defends, LESSONS } from './lessons.ts';
import { runRound } from './round.ts';

/** What `--list` prints: every attack's steps under its name (numbered per attack, as --step counts). */
export function attackStepList(say: Say, width: number, only?: Attack): string[] {
  const lines: string[] = [];
  for (const attack of only ? [only] : ATTACKS) {
    const lesson = LESSONS[attack];
    const steps: ListedStep[] = lesson.rounds.map((round) => ({ title: say(round.title) }));
    lines.push(...stepList(`--attack ${attack} · ${say(lesson.title)}`, steps, width));
  }
  return lines;
}

/** Runs the lesson; resolves with 0 when every round came out as it must, 1 otherwise. */
export async function runAttack(
  view: HostView,
  lang: Lang,
  attack: Attack,
  { only, record }: { only?: number | undefined; record?: string | undefined } = {},
): Promise<number> {
  const { printer, say: t } = view;
  const lesson = LESSONS[attack];
  printer.title(t('attackTitle', { attack: t(lesson.title), version: PROTOCOL_VERSION }));
  printer.prose(t('gullibleLine'));
  printer.prose(t(lesson.intro));
  let wrong = 0;
  for (const [index, round] of lesson.rounds.entries()) {
    if (only !== undefined && index + 1 !== only) continue;
    step(view, t('roundLabel', { n: index + 1, count: lesson.rounds.length }), t(round.title));
    printer.note(t(round.note));
    const deleted = await runRound(view, lang, attack, round, record);
    // Without a defence the attack must work, with one it must fail: otherwise the lesson is wrong.
    if (deleted === defends(round)) {
      wrong += 1;
      printer.fail(t(defends(round) ? 'defenceFailed' : 'attackFailed'));
    }
  }
  printer.line();
  printer.note(wrong === 0 ? t('attackSummary') : t('attackSummaryWrong', { count: wrong }));
  return wrong === 0 ? 0 : 1;
}
