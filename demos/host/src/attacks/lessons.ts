// The attack lessons as data: for each attack, its steps, each one round of the host's loop with the
// gullible stand-in against a fresh server. The first step of each runs with no defence and must show the
// attack working; every later step adds one defence and must show it failing.
import type { MessageKey } from '../messages.ts';

export const ATTACKS = ['poisoned-memo', 'poisoned-tool', 'rug-pull'] as const;
export type Attack = (typeof ATTACKS)[number];

interface ServerSetup {
  /** `full`: the adapter asks for confirmation by `input_required` before a destructive tool runs. */
  profile?: 'full';
  /** The host's token carries the read scope only (the adapter's `readOnlyTokens`, a stand-in for OAuth). */
  readOnlyToken?: boolean;
}

interface HostDefences {
  /** The host asks the user before it sends a tool annotated `destructiveHint: true`. */
  askFirst?: boolean;
  /** The host declares form elicitation and puts the server's `input_required` question to the user. */
  answersInputRequired?: boolean;
  /** The model is given only the tools this task needs. */
  allowlist?: boolean;
  /** Tool results reach the model labelled as data and quoted. */
  resultsAsData?: boolean;
  /** The host shows a description that names another tool to the user before approving it. */
  reviewDescriptions?: boolean;
  /** The host pins each approved tool (a hash of name, description, schema) and asks again when one changes. */
  pinTools?: boolean;
}

export interface Round {
  title: MessageKey;
  /** What the step is about, before it runs. */
  note: MessageKey;
  server: ServerSetup;
  host: HostDefences;
}

export const LESSONS: Record<Attack, { title: MessageKey; intro: MessageKey; rounds: Round[] }> = {
  'poisoned-memo': {
    title: 'memoAttackTitle',
    intro: 'memoAttackIntro',
    rounds: [
      { title: 'memoNoDefence', note: 'memoNoDefenceNote', server: {}, host: {} },
      { title: 'memoAskFirst', note: 'memoAskFirstNote', server: {}, host: { askFirst: true } },
      {
        title: 'memoInputRequired',
        note: 'memoInputRequiredNote',
        server: { profile: 'full' },
        host: { answersInputRequired: true },
      },
      { title: 'memoAllowlist', note: 'memoAllowlistNote', server: {}, host: { allowlist: true } },
      {
        title: 'memoResultsAsData',
        note: 'memoResultsAsDataNote',
        server: {},
        host: { resultsAsData: true },
      },
      { title: 'memoScope', note: 'memoScopeNote', server: { readOnlyToken: true }, host: {} },
    ],
  },
  'poisoned-tool': {
    title: 'toolAttackTitle',
    intro: 'toolAttackIntro',
    rounds: [
      { title: 'toolNoDefence', note: 'toolNoDefenceNote', server: {}, host: {} },
      {
        title: 'toolReview',
        note: 'toolReviewNote',
        server: {},
        host: { reviewDescriptions: true, pinTools: true },
      },
    ],
  },
  'rug-pull': {
    title: 'rugAttackTitle',
    intro: 'rugAttackIntro',
    rounds: [
      { title: 'rugNoDefence', note: 'rugNoDefenceNote', server: {}, host: {} },
      { title: 'rugPinned', note: 'rugPinnedNote', server: {}, host: { pinTools: true } },
    ],
  },
};

export function isAttack(value: string): value is Attack {
  return (ATTACKS as readonly string[]).includes(value);
}

/** A round defends when the host or the server sets anything up; the first round of each attack has none. */
export function defends(round: Round): boolean {
  return Object.keys(round.server).length > 0 || Object.keys(round.host).length > 0;
}
