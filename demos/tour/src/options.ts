import { parseArgs } from 'node:util';
import type { Lang } from './i18n.ts';
import { steps } from './steps.ts';

export type Pace = 'article' | 'fast';

export interface TourOptions {
  list: boolean;
  /** 1-based step number, or undefined for the whole tour. */
  step: number | undefined;
  lang: Lang;
  color: boolean;
  pace: Pace;
  interactive: boolean;
  json: boolean;
  help: boolean;
}

export class UsageError extends Error {
  override name = 'UsageError';
}

export const usage = `Usage: pnpm demo [options]

  --list               list the steps and exit (with --json: the list as JSON)
  --step N             run only step N
  --lang zh|en         language of titles and labels (default: zh)
  --no-color           plain text (also when NO_COLOR is set, or when output is piped without FORCE_COLOR)
  --pace article|fast  article: the SSE step takes the article's 1 s / 3 s (default); fast: no waiting
  --interactive        pause before each step (Enter continues, q quits)
  --json               print one JSON document describing every exchange instead of the text tour
                       (schema: demos/tour/schema/tour-report.schema.json; try --json --pace fast > tour.json)
  -h, --help           show this help`;

/** Parses the command line; throws UsageError with a message meant for the person typing. */
export function parseTourArgs(
  argv: readonly string[],
  env: NodeJS.ProcessEnv = {},
  /** Whether stdout is a terminal: piped output gets no colour unless FORCE_COLOR asks for it. */
  terminal = true,
): TourOptions {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { values } = parsed;
  const lang = values.lang;
  if (lang !== 'zh' && lang !== 'en') throw new UsageError(`--lang must be zh or en, not "${lang}"`);
  const pace = values.pace;
  if (pace !== 'article' && pace !== 'fast')
    throw new UsageError(`--pace must be article or fast, not "${pace}"`);
  let step: number | undefined;
  if (values.step !== undefined) {
    const range = `a step number from 1 to ${steps.length} (see --list)`;
    if (!/^\d+$/.test(values.step)) throw new UsageError(`--step needs ${range}, not "${values.step}"`);
    step = Number(values.step);
    if (step < 1 || step > steps.length)
      throw new UsageError(`--step needs ${range}; there is no step ${step}`);
  }
  if (values.json && values.interactive) throw new UsageError('--json and --interactive do not go together');
  // NO_COLOR counts when present and not empty (no-color.org); FORCE_COLOR=0 also means none.
  const noColorEnv = (env.NO_COLOR !== undefined && env.NO_COLOR !== '') || env.FORCE_COLOR === '0';
  const forceColor = env.FORCE_COLOR !== undefined && env.FORCE_COLOR !== '' && env.FORCE_COLOR !== '0';
  return {
    list: values.list,
    step,
    lang,
    color: values.color && !noColorEnv && (terminal || forceColor),
    pace,
    interactive: values.interactive,
    json: values.json,
    help: values.help,
  };
}

function parse(argv: readonly string[]) {
  return parseArgs({
    args: [...argv],
    strict: true,
    allowPositionals: false,
    allowNegative: true,
    options: {
      list: { type: 'boolean', default: false },
      step: { type: 'string' },
      lang: { type: 'string', default: 'zh' },
      color: { type: 'boolean', default: true },
      pace: { type: 'string', default: 'article' },
      interactive: { type: 'boolean', default: false },
      json: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
}
