// Types only from the terminal package's index, and the messages from its i18n module alone: the docs site
// bundles wire for the browser, where the index's node:util does not exist.
import type { Lang, Paint } from '@memos-kit/terminal';
import { bilingualMessages } from '@memos-kit/terminal/i18n';
import type { Difference } from './compare.ts';
import type { MatchResult } from './match.ts';
import pairs from './messages.json' with { type: 'json' };

const messages = bilingualMessages(pairs);

const WHERE = {
  status: 'whereStatus',
  header: 'whereHeader',
  body: 'whereBody',
  event: 'whereEvent',
} as const satisfies Record<Difference['where'], keyof typeof pairs>;
const KIND = {
  missing: 'kindMissing',
  unexpected: 'kindUnexpected',
  type: 'kindType',
  length: 'kindLength',
  changed: 'kindChanged',
} as const satisfies Record<Difference['kind'], keyof typeof pairs>;

// Whether to colour is the command's decision (the kit's one colour rule), so the diff only takes the
// painter it is handed.
const plain: Paint = (_format, text) => text;

/**
 * A diff a learner can read: where the live exchange and the article part, what the article has,
 * what the server sent, in the learner's language (English unless told: tests and logs read it too).
 * Plain unless given a `paint`, so logs and test output stay plain.
 */
export function formatDifferences(
  result: MatchResult,
  { paint = plain, lang = 'en' }: { paint?: Paint; lang?: Lang } = {},
): string {
  const say = messages.in(lang);
  const mode = say(result.mode === 'exact' ? 'modeExact' : 'modeAbridged');
  if (result.ok) return paint('green', say('matches', { against: result.against, mode }));
  const count = result.differences.length;
  const lines = [
    paint('red', say(count === 1 ? 'differsOne' : 'differsMany', { count, against: result.against, mode })),
  ];
  for (const difference of result.differences) {
    const where = say(WHERE[difference.where]);
    lines.push(
      `  ${paint('bold', `${where} ${difference.path}`)}  ${paint('dim', say(KIND[difference.kind]))}`,
    );
    const show = (value: unknown) => (value === undefined ? say('absent') : shown(value));
    if (difference.kind !== 'unexpected')
      lines.push(`    ${paint('green', say('article'))} ${show(difference.expected)}`);
    if (difference.kind !== 'missing')
      lines.push(`    ${paint('red', say('live'))} ${show(difference.actual)}`);
  }
  return lines.join('\n');
}

/** For tests: throws the readable diff, so a failing replay says exactly what changed. */
export function expectMatch(result: MatchResult): void {
  if (!result.ok) throw new Error(formatDifferences(result));
}

function shown(value: unknown): string {
  const text = JSON.stringify(value);
  return text.length > 160 ? `${text.slice(0, 157)}...` : text;
}
