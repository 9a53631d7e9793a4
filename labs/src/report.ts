/** What `pnpm lab` prints: the list, a check's result, the hint ladder, a diff, the verify-all summary. */
import type { Lang, Paint } from '@memos-kit/terminal';
import { stringWidth, table, wrapIndented, wrapLine, wrapText } from '@memos-kit/terminal';
import { filePairs, type Lab, labText, ladderFor, loadLabs, nextLab } from './catalog.ts';
import { diffHunks, diffLines, readPair } from './files.ts';
import { say } from './messages.ts';
import type { ProgressFile } from './progress.ts';
import type { CheckResult, LabResult, VerifyRun } from './run.ts';

interface View {
  lang: Lang;
  paint: Paint;
  width: number;
}

/** A check's report goes to a terminal (wrapped to its width) or to a program: `width` undefined, never wrapped. */
interface ResultView {
  lang: Lang;
  paint: Paint;
  width: number | undefined;
}

/** Prose: wrapped at words on a terminal; for a program, the lines as written. */
const prose = (text: string, width: number | undefined, indent = '') =>
  width === undefined ? text.split('\n') : wrapText(text, width, indent);

/** The docs page of a lab in the reader's language, as a path in the repository (it opens offline too). */
export function docsPath(lab: Lab, lang: Lang): string {
  return `docs/${lang === 'en' ? 'en/' : ''}${lab.docs}.md`;
}

/** Where to read more: the article's section and the lab's page. */
export function pointer(lab: Lab, lang: Lang, key: 'pointer' | 'readMore' = 'pointer'): string {
  return say(lang, key, {
    section: lab.article.section,
    sectionTitle: lab.article[lang],
    docs: docsPath(lab, lang),
    id: lab.id,
  });
}

export function formatList(labs: Lab[], progress: ProgressFile, { lang, paint, width }: View): string {
  const total = labs.reduce((sum, lab) => sum + lab.minutes, 0);
  const done = labs.filter((lab) => progress.passed(lab.id));
  const rows = labs.map((lab) => [
    String(lab.number),
    lab.id,
    lab.title[lang],
    say(lang, 'minutes', { minutes: lab.minutes }),
    progress.passed(lab.id) ? paint('green', say(lang, 'done')) : paint('dim', say(lang, 'notDone')),
  ]);
  const next = labs.find((lab) => !progress.passed(lab.id));
  return [
    paint('bold', say(lang, 'listTitle', { count: labs.length, minutes: total, done: done.length })),
    '',
    ...table(
      [
        [say(lang, 'colNumber'), 'id', say(lang, 'colTitle'), say(lang, 'colTime'), say(lang, 'colState')],
        ...rows,
      ],
      {
        width,
      },
    ),
    '',
    ...wrapText(
      next ? say(lang, 'listNext', { id: next.id, number: next.number }) : say(lang, 'allDone'),
      width,
    ),
  ].join('\n');
}

export function listJson() {
  return loadLabs().map((lab) => ({
    id: lab.id,
    number: lab.number,
    title: lab.title,
    minutes: lab.minutes,
    docs: { zh: docsPath(lab, 'zh'), en: docsPath(lab, 'en') },
    article: lab.article,
    starter: filePairs(lab),
  }));
}

function formatCheck(check: CheckResult, id: string, { lang, paint, width }: ResultView): string[] {
  const mark =
    check.status === 'pass'
      ? paint('green', '✓')
      : check.status === 'fail'
        ? paint('red', '✗')
        : paint('dim', '·');
  const title =
    check.status === 'skip'
      ? // Chinese brackets carry their own spacing; English wants a space before its parenthesis.
        paint('dim', `${check.title}${lang === 'zh' ? '' : ' '}${say(lang, 'skipped')}`)
      : check.title;
  const lines = prose(`  ${mark} ${title}`, width, '    ');
  if (check.status !== 'fail') return lines;
  if (check.message) lines.push(...prose(`    ${check.message}`, width, '    '));
  const block = (label: string, text: string) => [
    `    ${paint('bold', label)}`,
    // Wire bytes wrap as a block under their label, never as prose; for a program, not at all (a JSON string
    // cut in two is no longer JSON).
    ...text
      .replace(/\n+$/, '')
      .split('\n')
      .flatMap((line) => (width === undefined ? [`      ${line}`] : wrapIndented(`      ${line}`, width))),
  ];
  if (check.sent !== undefined) lines.push(...block(say(lang, 'sent'), check.sent));
  if (check.expected !== undefined) lines.push(...block(say(lang, 'expected'), check.expected));
  if (check.got !== undefined) lines.push(...block(say(lang, 'got'), check.got));
  if (check.withheld)
    lines.push(...prose(paint('dim', `    ${say(lang, 'answerWithheld', { id })}`), width, '    '));
  return lines;
}

/** Where the learner is on the ladder of the topic a failure points to, for the line that offers the next rung. */
export interface HintState {
  topic: string;
  seen: number;
  total: number;
}

export function formatResult(lab: Lab, result: LabResult, view: ResultView, hint?: HintState): string {
  const { lang, paint, width } = view;
  const where = `labs/${lab.dir}/${result.source}/`;
  const lines = [
    paint('bold', say(lang, 'resultTitle', { number: lab.number, title: lab.title[lang], where })),
    ...result.checks.flatMap((check) => formatCheck(check, lab.id, view)),
    '',
  ];
  if (!result.ok) {
    lines.push(...prose(`${paint('yellow', say(lang, 'hintLabel'))}${pointer(lab, lang)}`, width));
    if (hint && hint.total > 0)
      lines.push(
        ...prose(
          say(lang, hint.seen < hint.total ? 'nextRung' : 'ladderClimbed', {
            id: lab.id,
            topic: hint.topic,
            seen: hint.seen,
            total: hint.total,
          }),
          width,
        ),
      );
    return lines.join('\n');
  }
  lines.push(
    ...prose(paint('green', say(lang, 'passed', { count: result.checks.length })), width),
    ...prose(`${say(lang, 'learnedLabel')}${labText(lab.learned, lang)}`, width),
  );
  const next = nextLab(lab);
  lines.push(
    ...prose(
      next
        ? say(lang, 'nextLab', { number: next.number, id: next.id, title: next.title[lang] })
        : say(lang, 'lastLab'),
      width,
    ),
  );
  return lines.join('\n');
}

/**
 * Why `--hint` climbs the ladder it climbs: the last run stopped at that step, or nothing failed last (no run
 * yet, or every check passed) and it is the lab's first step.
 */
export type HintsFrom = 'stopped' | 'first' | 'passed';

const HINTS_TITLE = {
  stopped: 'hintsTopicTitle',
  first: 'hintsTopicFirst',
  passed: 'hintsTopicPassed',
} as const satisfies Record<HintsFrom, string>;

export function formatHints(
  lab: Lab,
  topic: string,
  shown: number,
  { lang, paint, width }: View,
  from: HintsFrom = 'stopped',
): string {
  const ladder = ladderFor(lab, topic);
  const lines = [
    paint(
      'bold',
      say(lang, Array.isArray(lab.hints) ? 'hintsTitle' : HINTS_TITLE[from], {
        number: lab.number,
        title: lab.title[lang],
        topic,
      }),
    ),
  ];
  ladder.slice(0, shown).forEach((hint, index) => {
    // Rung 4 is code: its own lines stay lines.
    for (const [at, line] of hint[lang].split('\n').entries())
      lines.push(
        ...wrapText(at === 0 ? `${index + 1}/${ladder.length}  ${line}` : `     ${line}`, width, '     '),
      );
  });
  lines.push(
    '',
    ...wrapText(
      shown < ladder.length
        ? say(lang, 'moreHints', { id: lab.id })
        : say(lang, 'noMoreHints', { id: lab.id }),
      width,
    ),
    ...wrapText(pointer(lab, lang, 'readMore'), width),
  );
  return lines.join('\n');
}

export async function formatDiff(
  lab: Lab,
  starterDir: string,
  solutionDir: string,
  { lang, paint }: View,
): Promise<string> {
  const lines: string[] = [paint('dim', say(lang, 'diffLegend'))];
  for (const name of lab.files) {
    const { yours, solution } = await readPair(name, starterDir, solutionDir);
    lines.push('', paint('bold', name));
    const hunks = diffHunks(diffLines(yours, solution));
    if (hunks.length === 0) lines.push(`  ${say(lang, 'diffSame')}`);
    for (const line of hunks) {
      if (line === null) lines.push(paint('dim', '  …'));
      else if (line.kind === 'yours') lines.push(paint('red', `- ${line.text}`));
      else if (line.kind === 'solution') lines.push(paint('green', `+ ${line.text}`));
      else lines.push(`  ${line.text}`);
    }
  }
  return lines.join('\n');
}

/** Labs named as a learner types them: `1 two-messages、7 sse-parser` / `1 two-messages, 7 sse-parser`. */
function labNames(labs: readonly Lab[], lang: Lang): string {
  return labs.map((lab) => `${lab.number} ${lab.id}`).join(lang === 'zh' ? '、' : ', ');
}

/** Where the starters a verdict is about came from: committed, or (with no git) the working copy. */
function starterSource({ staged }: VerifyRun, lang: Lang): string[] {
  if (staged.from === 'working-copy')
    return [
      say(lang, 'verifyNoGit', {
        why: say(lang, staged.reason === 'git-missing' ? 'noGitCommand' : 'noGitCheckout'),
      }),
    ];
  const notes = [say(lang, 'verifyFromGit')];
  if (staged.changed.length > 0)
    notes.push(
      say(lang, 'verifyChanged', {
        labs: labNames(
          staged.changed.map((change) => change.lab),
          lang,
        ),
      }),
    );
  if (staged.uncommitted.length > 0)
    notes.push(
      say(lang, 'verifyUncommitted', { files: staged.uncommitted.map((path) => `labs/${path}`).join(', ') }),
    );
  return notes;
}

export function formatVerify(verified: VerifyRun, { lang, paint, width }: View): string {
  const { outcomes } = verified;
  const lines = [
    paint('bold', say(lang, 'verifyTitle', { count: outcomes.length })),
    ...starterSource(verified, lang).flatMap((note) => wrapText(paint('dim', note), width)),
  ];
  for (const { lab, starter, problems } of outcomes) {
    const failing = starter.checks.find((check) => check.status === 'fail');
    const summary =
      problems.length === 0
        ? paint('green', say(lang, 'verifyOk', { check: failing?.title ?? '' }))
        : paint('red', problems.join('; '));
    lines.push(...wrapText(`${lab.number}. ${lab.id}: ${summary}`, width, '   '));
  }
  const bad = outcomes.filter((outcome) => outcome.problems.length > 0).length;
  lines.push(
    '',
    bad === 0
      ? paint('green', say(lang, 'verifyAllOk'))
      : paint('red', say(lang, 'verifyBad', { count: bad })),
  );
  return lines.join('\n');
}

/** What `checkProgress` writes to: stderr, or a stand-in in a test. */
interface StatusStream {
  isTTY?: boolean;
  columns?: number;
  write(text: string): unknown;
}

/**
 * One status line on a terminal while the checks run, rewritten as each check starts and erased at the end,
 * so a slow check (a learner's server that never answers gets 10 s) does not look like a hang. Nothing at
 * all when the stream is not a terminal: piped, the output stays the report alone.
 */
export function checkProgress(
  lang: Lang,
  stream: StatusStream = process.stderr,
): { onCheck(title: string): void; done(): void } {
  if (!stream.isTTY) return { onCheck() {}, done() {} };
  // One cell short of the width, so the line never wraps and `\r` always returns to its start.
  const width = Math.max(20, (stream.columns ?? 80) - 1);
  let shown = false;
  return {
    onCheck(title) {
      shown = true;
      const text = say(lang, 'checking', { title });
      const cut = stringWidth(text) <= width ? text : `${(wrapLine(text, width - 1)[0] ?? '').trimEnd()}…`;
      stream.write(`\r\u001b[K${cut}`);
    },
    done() {
      if (shown) stream.write('\r\u001b[K');
      shown = false;
    },
  };
}
