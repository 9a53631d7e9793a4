// The demo's steps, and which of them run and show (--step N): light enough for demo.ts to load before it
// reads its options, unlike the scenarios, which bring the servers and the wire matcher.
import type { Printer } from '@memos-kit/terminal';
import type { MessageKey, Say } from '../messages.ts';

/** The demo's steps, part by part, as keys of messages.json: --list prints them, --step N picks one. */
export const parts = [
  { title: 'partHal', steps: ['openTitle', 'payTitle', 'staleTitle'] },
  {
    title: 'partMcp',
    steps: ['listTitle', 'callPayTitle', 'listAgainTitle', 'callCancelTitle', 'callRefundTitle'],
  },
  { title: 'partMemo', steps: ['restTitle', 'halTitle', 'mcpMemoTitle', 'mcpUpdateTitle'] },
] as const satisfies ReadonlyArray<{ title: MessageKey; steps: readonly MessageKey[] }>;

type Part = (typeof parts)[number];
type StepTitle = Part['steps'][number];

export const stepTitles: readonly StepTitle[] = parts.flatMap((part) => part.steps);

/**
 * Which steps run and which are shown: all of them, or with --step N the steps up to N, showing N alone,
 * since each builds on the ones before it (one order, one store). A part with no step up to N is skipped.
 */
export class Walk {
  constructor(
    private readonly printer: Printer,
    private readonly say: Say,
    readonly only?: number,
  ) {}

  /** Enters a part: false when none of its steps runs. Its heading and notes show when its steps do. */
  part(title: Part['title']): boolean {
    const steps: readonly StepTitle[] = parts.find((part) => part.title === title)?.steps ?? [];
    const first = steps[0] === undefined ? 0 : stepTitles.indexOf(steps[0]) + 1;
    const last = first + steps.length - 1;
    if (this.only !== undefined && first > this.only) return false;
    this.printer.quiet = this.only !== undefined && (this.only < first || this.only > last);
    this.printer.section(this.say(title));
    return true;
  }

  /** Enters a step: false when it does not run (it comes after N), which ends the walk. */
  step(title: StepTitle): boolean {
    const number = stepTitles.indexOf(title) + 1;
    if (this.only !== undefined && number > this.only) return false;
    this.printer.quiet = this.only !== undefined && number !== this.only;
    this.printer.heading(`${this.say('step')} ${number} · ${this.say(title)}`);
    return true;
  }

  /** After the walk, everything is shown again. */
  end(): void {
    this.printer.quiet = false;
  }
}
