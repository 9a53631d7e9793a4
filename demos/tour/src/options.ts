/** The command line of `pnpm demo`, as data: the toolkit makes its help, errors and shared options. */
import {
  type CommandSpec,
  chosenStep,
  type Lang,
  type OptionSpecs,
  type ParseContext,
  type ParsedCommand,
  parseCommand,
  stepOptions,
  type Theme,
  UsageError,
} from '@memos-kit/terminal';
import { messages } from './messages.ts';
import { steps } from './steps.ts';

const PACES = ['article', 'fast'] as const;
type Pace = (typeof PACES)[number];

export const spec = {
  name: 'pnpm demo',
  summary: {
    zh: '按文章《MCP 是不是也是 HTTP？》的顺序走一遍：每一步把文章里的请求发给本机的服务端，打印线路上的报文，并与 fixtures/ 里文章的报文比对。',
    en: 'Walks through the article "Is MCP just HTTP?" in its order: each step sends the article\'s request to a server on this machine, prints what crosses the wire and compares it with the article\'s exchange in fixtures/.',
  },
  options: {
    list: {
      ...stepOptions.list,
      help: {
        zh: '列出各步骤后退出（加 --json 时以 JSON 输出）',
        en: 'list the steps and exit (with --json: the list as JSON)',
      },
    },
    step: stepOptions.step,
    pace: {
      type: 'string',
      default: 'article',
      value: PACES.join('|'),
      help: {
        zh: 'article（默认）：SSE 步骤按文章在第 1 秒、第 3 秒发送；fast：不等待',
        en: "article (default): the SSE step takes the article's 1 s / 3 s; fast: no waiting",
      },
    },
    full: {
      type: 'boolean',
      help: {
        zh: 'tools/list 一步显示 memo_list_memos 的完整定义（约 400 行），而不是摘要',
        en: 'show the whole definition of memo_list_memos in the tools/list step (about 400 lines), not a summary',
      },
    },
    interactive: {
      type: 'boolean',
      help: {
        zh: '每一步之前暂停（Enter 继续，q 退出）',
        en: 'pause before each step (Enter continues, q quits)',
      },
    },
    json: {
      type: 'boolean',
      help: {
        zh: '不打印文字导览，改为输出一个记录每次交换的 JSON 文档',
        en: 'print one JSON document describing every exchange instead of the text tour',
      },
    },
    replay: {
      type: 'string',
      value: 'FILE',
      help: {
        zh: '不启动本项目的服务端，改为对着 pnpm replay FILE 回放的录制走一遍（HTTP 和 stdio 都是回放）',
        en: "run against pnpm replay FILE instead of the kit's servers (HTTP and stdio both replayed)",
      },
    },
  },
  epilogue: {
    zh: 'JSON 报告的结构见 packages/recording/schema/tour-report.schema.json。例如：\n  pnpm demo --json --pace fast > tour.json',
    en: 'The JSON report is described by packages/recording/schema/tour-report.schema.json. For example:\n  pnpm demo --json --pace fast > tour.json',
  },
  ctrlC: 'key',
} as const satisfies CommandSpec<OptionSpecs>;

export interface TourOptions {
  list: boolean;
  /** 1-based step number, or undefined for the whole tour. */
  step: number | undefined;
  lang: Lang;
  /** The kit's colour rule, already applied (--[no-]color, NO_COLOR, FORCE_COLOR, a terminal or not). */
  color: boolean;
  /** The palette's theme (--theme, KIT_THEME, COLORFGBG, else dark). */
  theme: Theme;
  pace: Pace;
  /** tools/list prints memo_list_memos whole instead of its summary. */
  full: boolean;
  interactive: boolean;
  json: boolean;
  /** A recording (or a --json report) that `pnpm replay` serves in place of the kit's servers. */
  replay?: string;
}

function isPace(value: string): value is Pace {
  return (PACES as readonly string[]).includes(value);
}

/** The tour's own checks on a parsed command line; throws UsageError with a message meant for the person typing. */
export function tourOptions(parsed: ParsedCommand<typeof spec.options>): TourOptions {
  const { values, lang } = parsed;
  const say = messages.in(lang);
  if (!isPace(values.pace)) throw new UsageError(say('badPace', { value: values.pace }));
  const step = chosenStep(values.step, steps.length, lang);
  if (values.json && values.interactive) throw new UsageError(say('jsonInteractive'));
  return {
    list: values.list,
    step,
    lang,
    color: parsed.colour,
    theme: parsed.theme,
    pace: values.pace,
    full: values.full,
    interactive: values.interactive,
    json: values.json,
    ...(values.replay === undefined ? {} : { replay: values.replay }),
  };
}

/**
 * The options a command line asks for, for callers inside this process (tests); `demo.ts` goes through the
 * toolkit's `command()`, which also answers --help and --version.
 */
export function parseTourArgs(argv: readonly string[], context: ParseContext = {}): TourOptions {
  const outcome = parseCommand(spec, argv, context);
  if (outcome.kind !== 'run') throw new UsageError(`--${outcome.kind} prints text; it runs no tour`);
  return tourOptions(outcome);
}
