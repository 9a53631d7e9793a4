// The adapter's two commands as data: `pnpm serve` spreads the REST server's options and adds its own,
// `pnpm mcp:stdio` takes the dataset and the adapter's options; the help of each is made from its table.
import { type ServeSettings, serveOptions, serveSettings } from '@memos-kit/memos-rest/cli';
import {
  bilingualMessages,
  type CommandSpec,
  type Lang,
  type OptionSpecs,
  type OptionValues,
  UsageError,
} from '@memos-kit/terminal';
import pairs from './cli-messages.json' with { type: 'json' };
import type { Pace } from './mcp/pace.ts';
import { DEFAULT_PROFILE, isProfile, type Profile } from './profile/index.ts';

/** What the adapter adds to any way of serving it: where REST lives, and how fast a call answers. */
const adapterOptions = {
  'memos-url': {
    type: 'string',
    value: 'URL',
    help: {
      zh: '改为调用这个与 Memos 兼容的 REST 服务（例如真正的 Memos v0.30.0），而不是内置的模拟服务',
      en: 'call this Memos-compatible REST server (a real Memos v0.30.0, say) instead of the built-in mock',
    },
  },
  pace: {
    type: 'string',
    value: 'off|article',
    help: {
      zh: 'article：要进度的调用在 1 秒时报告进度、3 秒时给出结果，与文章一致（默认 off）',
      en: 'article: a call asking for progress reports at 1 s and answers at 3 s, as in the article (default off)',
    },
  },
  profile: {
    type: 'string',
    value: 'article|full',
    help: {
      zh: 'article：只有工具，与文章一致（默认）；full：再加上资源、提示词、删除前确认（input_required）和 subscriptions/listen',
      en: 'article: tools only, as in the article (default); full: adds resources, prompts, a confirmation before destructive tools (input_required) and subscriptions/listen',
    },
  },
} as const satisfies OptionSpecs;

const options = { ...serveOptions, ...adapterOptions } as const satisfies OptionSpecs;

export const serveCommand = {
  name: 'pnpm serve',
  summary: {
    zh: '一个进程、一个端口：/api/v1 下是 Memos REST API，POST /mcp 是它的 MCP 适配器（2026-07-28）。',
    en: 'One process, one port: the Memos REST API under /api/v1 and its MCP adapter at POST /mcp (2026-07-28).',
  },
  options,
} satisfies CommandSpec<typeof options>;

const stdioOptions = {
  dataset: serveOptions.dataset,
  ...adapterOptions,
  token: {
    type: 'string',
    value: 'TOKEN',
    help: {
      zh: 'REST API 的 Bearer 令牌（默认取 $MEMOS_TOKEN；没有时，内置模拟服务用数据集第一个用户的令牌，--memos-url 则匿名）',
      en: "the REST API's bearer token (default $MEMOS_TOKEN; else the dataset host's token with the built-in mock, anonymous with --memos-url)",
    },
  },
  // `2>/dev/null` is how a POSIX shell hides stderr; cmd and PowerShell spell it otherwise, so the kit has a flag.
  quiet: {
    type: 'boolean',
    short: 'q',
    help: {
      zh: '不在 stderr 写日志，只留 stdout 上的 MCP 消息（启动失败的那一行仍会写出）',
      en: 'write no log to stderr, only the MCP messages on stdout (a failure to start is still reported)',
    },
  },
} as const satisfies OptionSpecs;

export const stdioCommand = {
  name: 'pnpm mcp:stdio',
  summary: {
    zh: '通过 MCP stdio 提供 Memos 工具（2026-07-28，也服务 2025-11-25 的客户端）。stdout 只传 MCP 消息，日志写到 stderr。',
    en: 'Serves the Memos tools over MCP stdio (2026-07-28; 2025-11-25 clients are served too). stdout carries MCP messages only; logs go to stderr.',
  },
  options: stdioOptions,
} satisfies CommandSpec<typeof stdioOptions>;

/** Every sentence both commands print, side by side per key, so a translator edits data, not code. */
export const cliWords = bilingualMessages(pairs);

export interface AdapterSettings {
  memosUrl?: string;
  pace: Pace;
  profile: Profile;
}

/** Checks the adapter's own options once the command line has been read; mistakes are usage errors. */
export function adapterSettings(values: OptionValues<typeof adapterOptions>, lang: Lang): AdapterSettings {
  const pace = values.pace ?? 'off';
  if (pace !== 'off' && pace !== 'article')
    throw new UsageError(cliWords.t(lang, 'badPace', { value: pace }));
  const profile = values.profile ?? DEFAULT_PROFILE;
  if (!isProfile(profile)) throw new UsageError(cliWords.t(lang, 'badProfile', { value: profile }));
  const memosUrl = values['memos-url'];
  if (memosUrl !== undefined && !URL.canParse(memosUrl))
    throw new UsageError(cliWords.t(lang, 'badUrl', { value: memosUrl }));
  return { ...(memosUrl === undefined ? {} : { memosUrl }), pace, profile };
}

/** The REST server's settings (host, port, dataset) and the adapter's, from `pnpm serve`'s command line. */
export type CliOptions = ServeSettings & AdapterSettings;

export function cliOptions(
  values: OptionValues<typeof options>,
  lang: Lang,
  env: NodeJS.ProcessEnv = process.env,
): CliOptions {
  return { ...serveSettings(values, lang, env), ...adapterSettings(values, lang) };
}

/** A start that failed (an unknown dataset, an unreachable --memos-url) as one line, keeping its cause. */
export function cannotStart(error: unknown, lang: Lang): Error {
  const reason = error instanceof Error ? error.message : String(error);
  return new Error(cliWords.t(lang, 'cannotStart', { reason }), {
    cause: error instanceof Error ? error.cause : undefined,
  });
}
