// The glossary's one-term-per-idea rules, and a finder for the words they reject (see terms.test.ts).
import { excerpt, type Prose } from './prose.ts';

interface TermRule {
  idea: string;
  chosen: string[];
  rejected: string[];
  allowed: string[];
}

const SECTION = '## 一词一义';

const cells = (row: string) =>
  row
    .trim()
    .replace(/^\||\|$/g, '')
    .split('|')
    .map((cell) => cell.trim());
const terms = (cell: string) =>
  cell
    .split('、')
    .map((term) => term.trim())
    .filter(Boolean);

/** The rules of the glossary's 一词一义 table, one per row. */
export function termRules(glossary: string): TermRule[] {
  const start = glossary.indexOf(`\n${SECTION}\n`);
  if (start === -1) return [];
  const section = glossary.slice(start + SECTION.length + 2).split(/\n## /)[0] ?? '';
  const rows = section.split('\n').filter((line) => line.startsWith('|'));
  return rows.slice(2).map((row) => {
    const [idea = '', chosen = '', rejected = '', allowed = ''] = cells(row);
    return { idea, chosen: terms(chosen), rejected: terms(rejected), allowed: terms(allowed) };
  });
}

/** Where a term starts; a Latin end must be a word's end (`token`, not `pageToken` or `example-token`). */
function occurrences(text: string, term: string): number[] {
  const escaped = term.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const before = /^\w/.test(term) ? '(?<![\\w-])' : '';
  const after = /\w$/.test(term) ? '(?![\\w-])' : '';
  const pattern = new RegExp(`${before}${escaped}${after}`, 'g');
  return [...text.matchAll(pattern)].map((match) => match.index);
}

/** Each use of a word the glossary does not choose, outside the phrases its row allows. */
export function termProblems(pieces: Prose[], rules: TermRule[]): string[] {
  return pieces.flatMap((piece) =>
    rules.flatMap((rule) => {
      const allowedSpans = rule.allowed.flatMap((phrase) =>
        occurrences(piece.text, phrase).map((at) => [at, at + phrase.length] as const),
      );
      return rule.rejected.flatMap((term) =>
        occurrences(piece.text, term)
          .filter((at) => !allowedSpans.some(([from, to]) => at >= from && at + term.length <= to))
          .map(
            (at) =>
              `${piece.where}: “${term}” → “${rule.chosen.join('、')}”: ${excerpt(piece.text, at, term.length)}`,
          ),
      );
    }),
  );
}
