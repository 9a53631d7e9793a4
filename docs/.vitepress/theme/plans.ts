// The workshop plans (docs/workshop/plans/*.json) as the page and the test read them: each block's kind,
// length and what it names (labs by folder, root scripts by the command a teacher types, pages by path).
// Browser-safe: the page computes each block's clock from the lengths before it.
import halfDay from '../../workshop/plans/half-day.json' with { type: 'json' };
import ninetyMinutes from '../../workshop/plans/ninety-minutes.json' with { type: 'json' };

interface Words {
  zh: string;
  en: string;
}

type BlockKind = 'talk' | 'lab' | 'break' | 'buffer';

export interface PlanBlock {
  id: string;
  kind: BlockKind | string;
  minutes: number;
  title: Words;
  /** Article sections, as the article numbers them ('1', '8.2'). */
  article?: string[];
  /** Commands the teacher ran before class on the front machine, in order, each starting `pnpm <root script>`. */
  before?: string[];
  /** Commands a teacher types in class, each starting `pnpm <root script>`. */
  demos?: string[];
  /** Lab folders under labs/ ('01-two-messages'). */
  labs?: string[];
  /** Page paths without locale ('guide/errors'; '' for home). */
  pages?: string[];
  say?: Words;
  show?: Words;
  ask?: Words;
  pairs?: Words;
  /** A quiz question id (@memos-kit/labs/quiz.json), asked at the block's end. */
  exit?: string;
}

export interface Plan {
  id: string;
  title: Words;
  minutes: number;
  /** Lab folders the plan leaves for after class or a second session. */
  afterClass: string[];
  blocks: PlanBlock[];
}

export const plans: Plan[] = [ninetyMinutes, halfDay];

/** Each block with the minute it starts and ends at, counted from the plan's start. */
export function schedule(plan: Plan): { block: PlanBlock; start: number; end: number }[] {
  let clock = 0;
  return plan.blocks.map((block) => {
    const start = clock;
    clock += block.minutes;
    return { block, start, end: clock };
  });
}

/** A minute of the plan as the page prints it: 0:45 in a long plan, 45 in a short one. */
export function clockText(minute: number, long: boolean): string {
  return long ? `${Math.floor(minute / 60)}:${String(minute % 60).padStart(2, '0')}` : String(minute);
}

/** The root script a demo command runs (`pnpm demo:sse --lesson chunks` → `demo:sse`). */
export const scriptOf = (command: string): string | undefined => /^pnpm ([\w:-]+)/.exec(command)?.[1];
