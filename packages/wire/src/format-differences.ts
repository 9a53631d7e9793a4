// A type import only: the docs site bundles wire for the browser, where node:util does not exist.
import type { Paint } from '@memos-kit/terminal';
import type { Difference } from './compare.ts';
import type { MatchResult } from './match.ts';

// Whether to colour is the command's decision (the kit's one colour rule), so the diff only takes the
// painter it is handed.
const plain: Paint = (_format, text) => text;

/**
 * A diff a learner can read: where the live exchange and the article part, what the article has,
 * what the server sent. Plain unless given a `paint`, so logs and test output stay plain.
 */
export function formatDifferences(result: MatchResult, { paint = plain }: { paint?: Paint } = {}): string {
  if (result.ok) {
    return paint('green', `✓ matches fixtures/${result.against} (${result.mode})`);
  }
  const count = result.differences.length;
  const lines = [
    paint(
      'red',
      `✗ ${count} ${count === 1 ? 'difference' : 'differences'} from fixtures/${result.against} (${result.mode})`,
    ),
  ];
  for (const difference of result.differences) {
    lines.push(
      `  ${paint('bold', `${difference.where} ${difference.path}`)}  ${paint('dim', describe(difference))}`,
    );
    if (difference.kind !== 'unexpected')
      lines.push(`    ${paint('green', 'article:')} ${show(difference.expected)}`);
    if (difference.kind !== 'missing')
      lines.push(`    ${paint('red', 'live:   ')} ${show(difference.actual)}`);
  }
  return lines.join('\n');
}

/** For tests: throws the readable diff, so a failing replay says exactly what changed. */
export function expectMatch(result: MatchResult): void {
  if (!result.ok) throw new Error(formatDifferences(result));
}

function describe(difference: Difference): string {
  switch (difference.kind) {
    case 'missing':
      return 'the article has it, the live response does not';
    case 'unexpected':
      return 'the live response has it, the article does not';
    case 'type':
      return 'a different kind of value';
    case 'length':
      return 'a different number of items';
    default:
      return 'a different value';
  }
}

function show(value: unknown): string {
  if (value === undefined) return '(absent)';
  const text = JSON.stringify(value);
  return text.length > 160 ? `${text.slice(0, 157)}...` : text;
}
