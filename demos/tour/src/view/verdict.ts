// What the tour concludes about each exchange: ✓ when the live answer matches the article (or the spec's
// rule), ✗ and each difference when it does not, and where the bytes of a match still differ, said once.
import { padToWidth, stringWidth } from '@memos-kit/terminal';
import type { Difference } from '@memos-kit/wire';
import type { ExchangeRecord } from '../exchanges.ts';
import { recordKeyOrder } from '../key-order.ts';
import type { MessageKey } from '../messages.ts';
import { INDENT, prose, type Screen, say } from './screen.ts';

/** The verdict on one line, for a column to wrap (side by side). */
export function verdictLine(screen: Screen, record: ExchangeRecord): string {
  const [text, detail] = verdictText(screen, record);
  const [line = ''] = screen.printer.verdictLines(record.matches, text, {
    ...detail,
    width: Number.POSITIVE_INFINITY,
  });
  return line;
}

/** What the verdict says, and what it was checked against (a fixture, after a ·) when not in the text. */
function verdictText(screen: Screen, record: ExchangeRecord): [string, { detail?: string }] {
  if (!record.matches) return [say(screen, 'differs'), { detail: record.against }];
  if (record.mode === 'rule') return [`${say(screen, 'expectation')}: ${record.against}`, {}];
  const label = say(screen, record.mode === 'abridged' ? 'matchesAbridged' : 'matches');
  return [label, { detail: record.against }];
}

/** The verdict under a streamed exchange, then what differs, or where a match's bytes still differ. */
export function showVerdict(screen: Screen, record: ExchangeRecord): void {
  const [text, detail] = verdictText(screen, record);
  screen.printer.verdict(record.matches, text, { indent: '', ...detail });
  showDifferencesOrBytes(screen, record);
}

export function showDifferencesOrBytes(screen: Screen, record: ExchangeRecord): void {
  if (record.matches) showKeyOrder(screen, record);
  else showDifferences(screen, record.differences);
}

/**
 * A matching exchange whose bytes still differ from the article's. The first time a kind of difference
 * shows, where it is and why that is fine; after that one line that points back to the step that said so.
 */
function showKeyOrder(screen: Screen, record: ExchangeRecord): void {
  const { explained } = screen;
  const here = screen.step.number;
  const differences = recordKeyOrder(record);
  const fresh = differences.filter((d) => (explained.get(d.kind) ?? here) === here);
  const seen = [...new Set(differences.map((d) => d.kind))].filter(
    (kind) => !fresh.some((d) => d.kind === kind),
  );
  const firstWhy = explained.size === 0;
  for (const d of fresh) {
    explained.set(d.kind, here);
    const text =
      d.kind === 'order'
        ? say(screen, 'keyOrder', {
            path: d.path,
            live: `{ ${d.live.join(', ')} }`,
            article: `{ ${d.article.join(', ')} }`,
          })
        : say(screen, 'jsonText', { path: d.path, live: d.live, article: d.article });
    prose(screen, INDENT, text, 'muted');
  }
  if (fresh.length > 0 && firstWhy) prose(screen, INDENT, say(screen, 'keyOrderWhy'), 'muted');
  if (seen.length === 0) return;
  const steps = [...new Set(seen.map((kind) => explained.get(kind) ?? 0))].sort((a, b) => a - b);
  const what = seen.map((kind) => say(screen, kind === 'order' ? 'differsInOrder' : 'differsInSpacing'));
  prose(
    screen,
    INDENT,
    say(screen, 'bytesAsBefore', {
      what: what.join(say(screen, 'listAnd')),
      steps: steps.map((n) => say(screen, 'stepRef', { n })).join(say(screen, 'listAnd')),
    }),
    'muted',
  );
}

/** Each place the live answer differs from the article: what the article has, what the server sent. */
function showDifferences(screen: Screen, differences: readonly Difference[]): void {
  const { paint, printer } = screen;
  const labels = [say(screen, 'diffArticle'), say(screen, 'diffLive')];
  const [article = '', live = ''] = labels.map((label) =>
    padToWidth(label, Math.max(...labels.map((l) => stringWidth(l)))),
  );
  for (const d of differences) {
    printer.wire(
      `${INDENT}${paint('fail', `${d.where} ${d.path}`)} ${paint('muted', say(screen, differenceKey[d.kind]))}`,
    );
    if (d.kind !== 'unexpected') printer.wire(`${INDENT}${INDENT}${article}: ${show(d.expected)}`);
    if (d.kind !== 'missing') printer.wire(`${INDENT}${INDENT}${live}: ${show(d.actual)}`);
  }
}

/** What each kind of difference means, as a key of the tour's catalog. */
const differenceKey = {
  missing: 'diffMissing',
  unexpected: 'diffUnexpected',
  type: 'diffType',
  length: 'diffLength',
  changed: 'diffChanged',
} as const satisfies Record<Difference['kind'], MessageKey>;

function show(value: unknown): string {
  if (value === undefined) return '(absent)';
  const text = JSON.stringify(value);
  return text.length > 160 ? `${text.slice(0, 157)}...` : text;
}
