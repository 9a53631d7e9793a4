// The adapter's two commands as data: `pnpm serve` spreads the REST server's options and adds its own,
// `pnpm mcp:stdio` takes the dataset and the adapter's options; the help of each is made from its table.

import { readFileSync } from 'node:fs';
import { networkInterfaces } from 'node:os';
import { isAbsolute, resolve } from 'node:path';
import { type ServeSettings, serveOptions, serveSettings } from '@memos-kit/memos-rest/cli';
import {
  bilingualMessages,
  type CommandSpec,
  type Lang,
  type OptionSpec,
  type OptionSpecs,
  type OptionValues,
  type Paint,
  UsageError,
} from '@memos-kit/terminal';
import type { ContractSummary } from './app.ts';
import { DESCRIPTION_SOURCES, type DescriptionSource } from './catalog/kit-descriptions.ts';
import { classOptions } from './class/options.ts';
import pairs from './cli-messages.json' with { type: 'json' };
import { originOf } from './http/cors.ts';
import { DEFAULT_AUTH_PORT } from './http/endpoint-auth.ts';
import type { Pace } from './mcp/pace.ts';
import { DEFAULT_PROFILE, isProfile, type Profile } from './profile/profile.ts';
import { ERROR_TEXTS, type ErrorText } from './tools/error-text.ts';

/**
 * `--pace`, with the default the help names and the parser fills in from one value: `pnpm mcp:stdio` answers at
 * once unless asked, the playground takes the article's pace so its SSE call shows progress arriving.
 */
export function paceOption(byDefault: Pace) {
  return {
    ...paceSpec({ zh: `默认 ${byDefault}`, en: `default ${byDefault}` }),
    default: byDefault,
  } as const;
}

function paceSpec(byDefault: { zh: string; en: string }) {
  return {
    type: 'string',
    value: 'off|article',
    help: {
      zh: `article：要进度的调用在 1 秒时报告进度、3 秒时给出结果，与文章一致；off：立刻回答（${byDefault.zh}）`,
      en: `article: a call asking for progress reports at 1 s and answers at 3 s, as in the article; off: answers at once (${byDefault.en})`,
    },
  } as const satisfies OptionSpec;
}

/**
 * `pnpm serve`'s `--pace` has no parser default: `--class` takes the article's pace unless `--pace` is given, so
 * a class sees on its own server what the playground and the plan show (progress at 1 s, the result at 3 s).
 */
const servePace = {
  pace: paceSpec({ zh: '默认 off；用 --class 时默认 article', en: 'default off; article with --class' }),
} as const satisfies OptionSpecs;

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
  openapi: {
    type: 'string',
    value: 'FILE|URL',
    help: {
      zh: '用这份 OpenAPI 文档（YAML 或 JSON，例如 Memos 源码里的 proto/gen/openapi.yaml）代替套件自带的 v0.30.0 契约；需要 --memos-url',
      en: "use this OpenAPI document (YAML or JSON, e.g. Memos' own proto/gen/openapi.yaml) instead of the kit's v0.30.0 contract; needs --memos-url",
    },
  },
  'all-operations': {
    type: 'boolean',
    help: {
      zh: '危险：文档里的每个操作都成为工具，而不只是 Memos 的 20 个（登录、删用户、生成令牌……）；启动时会警告，写操作标为 destructive',
      en: "dangerous: every operation of the document becomes a tool, not only Memos' 20 (sign-in, deleting users, minting tokens…); warns at start and marks writes destructive",
    },
  },
  'error-text': {
    type: 'string',
    value: 'memos|article',
    help: {
      zh: 'REST 失败时工具错误的写法：memos 带状态（404 Not Found: memo not found，默认），article 只有消息（文章 id 5 的写法）',
      en: "how a REST failure reads in a tool error: memos gives the status (404 Not Found: memo not found, default), article the message alone (the article's id 5)",
    },
  },
  descriptions: {
    type: 'string',
    value: 'memos|kit',
    help: {
      zh: '工具的描述：memos 是 Memos v0.30.0 自己的原文（默认）；kit 换上本套件的覆盖层 kit-descriptions，写明谁能调用、列表的顺序、哪些参数被忽略',
      en: "the tools' descriptions: memos is Memos v0.30.0's own text (default); kit lays the kit's overlay, kit-descriptions, over it: who may call a tool, the order of a list, which arguments are ignored",
    },
  },
  pace: paceOption('off'),
  profile: {
    type: 'string',
    value: 'article|full',
    help: {
      zh: 'article：只有工具，与文章一致（默认）；full：再加上资源、提示词、删除前确认（input_required）和 subscriptions/listen',
      en: 'article: tools only, as in the article (default); full: adds resources, prompts, a confirmation before destructive tools (input_required) and subscriptions/listen',
    },
  },
  record: {
    type: 'string',
    value: 'FILE.jsonl',
    help: {
      zh: '把每一次交换逐帧写进这个文件（每帧一行 JSON，令牌已遮盖），之后可以用 pnpm replay 回放',
      en: 'write every exchange to this file, one JSON line per frame (tokens masked), for pnpm replay to serve back',
    },
  },
} as const satisfies OptionSpecs;

/** Only HTTP has a Host header to guard: the names a reverse proxy or a public address adds. */
const hostOptions = {
  'allowed-host': {
    type: 'string',
    multiple: true,
    value: 'NAME',
    help: {
      zh: '/mcp 还接受这个 Host/Origin 主机名（可重复；例如反向代理后的 memos.school.edu）；其他主机仍然 403',
      en: 'also accept this host name in Host/Origin at /mcp (repeatable; e.g. memos.school.edu behind a reverse proxy); every other host still gets 403',
    },
  },
  'public-url': {
    type: 'string',
    value: 'URL',
    help: {
      zh: '客户端访问 MCP 用的地址（反向代理之后，例如 https://memos.school.edu）；它的主机名被接受，横幅也显示它',
      en: 'the address clients reach MCP at (behind a reverse proxy, e.g. https://memos.school.edu); its host name is accepted and the banner shows it',
    },
  },
} as const satisfies OptionSpecs;

/** Only `pnpm serve` speaks HTTP, so only it has a CORS list (the docs playground calls it from the browser). */
const corsOption = {
  'cors-origin': {
    type: 'string',
    multiple: true,
    value: 'URL',
    help: {
      zh: '允许这个网页来源在浏览器里调用 /api/v1 和 /mcp（CORS），例如 http://127.0.0.1:5173；可重复；从不是 *',
      en: 'let a web page from this origin call /api/v1 and /mcp in a browser (CORS), e.g. http://127.0.0.1:5173; repeatable; never *',
    },
  },
} as const satisfies OptionSpecs;

/** OAuth for /mcp: only HTTP has one ([AUTH] §Protocol Requirements: stdio takes its credentials from the environment). */
const authOptions = {
  auth: {
    type: 'string',
    value: 'memos|oauth',
    default: 'memos',
    help: {
      zh: 'memos：/mcp 和 REST 一样收 Memos 的令牌，并原样转发给 REST（文章的做法，默认）；oauth：/mcp 成为 OAuth 资源服务端，旁边启动本套件的授权服务端，只收发给 /mcp 的令牌，调用 REST 时用适配器自己为该用户保存的令牌',
      en: "memos: /mcp takes Memos tokens as REST does and forwards them to REST as they are (the article's way, default); oauth: /mcp becomes an OAuth resource server with the kit's authorization server beside it, takes only tokens issued for /mcp, and calls REST with the adapter's own token for that user",
    },
  },
  'auth-port': {
    type: 'string',
    value: 'PORT',
    help: {
      zh: `--auth oauth 时授权服务端在 127.0.0.1 上的端口（默认 ${DEFAULT_AUTH_PORT}；0 表示任选一个空闲端口）`,
      en: `with --auth oauth, the authorization server's port on 127.0.0.1 (default ${DEFAULT_AUTH_PORT}; 0 picks a free one)`,
    },
  },
  'auth-resource': {
    type: 'string',
    multiple: true,
    value: 'URL',
    help: {
      zh: '--auth oauth 时授权服务端也为这个 MCP 服务端签发令牌：写它的 MCP 地址，例如练习 13 的 http://127.0.0.1:5240/mcp（本机的 http 地址或 https 地址；可重复）',
      en: "with --auth oauth, the authorization server also issues tokens for this MCP server: give its MCP URL, e.g. lab 13's http://127.0.0.1:5240/mcp (a loopback http URL or an https one; repeatable)",
    },
  },
  'upstream-tokens': {
    type: 'string',
    value: 'FILE.json',
    help: {
      zh: '--auth oauth 时适配器调用 REST 用的凭据：{"用户名": "令牌"}（默认取数据集里每个用户的第一个令牌；配合 --memos-url 时必填）',
      en: 'with --auth oauth, the credentials the adapter calls REST with: {"username": "token"} (default: each dataset user\'s first token; required with --memos-url)',
    },
  },
} as const satisfies OptionSpecs;

const options = {
  ...serveOptions,
  ...adapterOptions,
  ...servePace,
  ...hostOptions,
  ...corsOption,
  ...classOptions,
  ...authOptions,
} as const satisfies OptionSpecs;

export const serveCommand = {
  name: 'pnpm serve',
  summary: {
    zh: '一个进程、一个端口：/api/v1 下是 Memos REST API，POST /mcp 是它的 MCP 适配器（2026-07-28）。',
    en: 'One process, one port: the Memos REST API under /api/v1 and its MCP adapter at POST /mcp (2026-07-28).',
  },
  options,
  ctrlC: 'key',
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

/** The AS's port unless `--auth-port` says otherwise: `pnpm connect --lab` names its issuer from it. */
export { DEFAULT_AUTH_PORT };

/** Every sentence both commands print, side by side per key, so a translator edits data, not code. */
export const cliWords = bilingualMessages(pairs);

export interface AdapterSettings {
  memosUrl?: string;
  openapi?: string;
  allOperations: boolean;
  errorText: ErrorText;
  descriptions: DescriptionSource;
  pace: Pace;
  profile: Profile;
}

/** Checks the adapter's own options once the command line has been read; mistakes are usage errors. */
/** The banner's pace row, the same in `pnpm serve`'s and in a class's. */
export function paceRow(pace: Pace, paint: Paint, lang: Lang): string[] {
  const say = cliWords.in(lang);
  return [say('pace'), `${paint('bold', pace)}${pace === 'article' ? paint('dim', say('paceArticle')) : ''}`];
}

/** `--pace`, checked: another command that serves the adapter (the playground) reads it the same way. */
export function paceSetting(value: string, lang: Lang): Pace {
  if (value !== 'off' && value !== 'article') throw new UsageError(cliWords.t(lang, 'badPace', { value }));
  return value;
}

export function adapterSettings(
  values: Omit<OptionValues<typeof adapterOptions>, 'pace'> & { pace?: string | undefined },
  lang: Lang,
): AdapterSettings {
  const pace = paceSetting(values.pace ?? 'off', lang);
  const profile = values.profile ?? DEFAULT_PROFILE;
  if (!isProfile(profile)) throw new UsageError(cliWords.t(lang, 'badProfile', { value: profile }));
  const memosUrl = values['memos-url'];
  if (memosUrl !== undefined && !isHttpUrl(memosUrl))
    throw new UsageError(cliWords.t(lang, 'badUrl', { value: memosUrl }));
  const openapi = values.openapi;
  if (openapi !== undefined && memosUrl === undefined)
    throw new UsageError(cliWords.t(lang, 'openapiNeedsUrl'));
  const errorText = values['error-text'] ?? 'memos';
  if (!isErrorText(errorText)) throw new UsageError(cliWords.t(lang, 'badErrorText', { value: errorText }));
  const descriptions = values.descriptions ?? 'memos';
  if (!isDescriptionSource(descriptions))
    throw new UsageError(cliWords.t(lang, 'badDescriptions', { value: descriptions }));
  return {
    ...(memosUrl === undefined ? {} : { memosUrl }),
    ...(openapi === undefined ? {} : { openapi: fromUserCwd(openapi) }),
    allOperations: values['all-operations'],
    errorText,
    descriptions,
    pace,
    profile,
  };
}

const isErrorText = (value: string): value is ErrorText => ERROR_TEXTS.some((text) => text === value);
const isDescriptionSource = (value: string): value is DescriptionSource =>
  DESCRIPTION_SOURCES.some((source) => source === value);
const isHttpUrl = (value: string) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol);

/** A file path as the user typed it, from the directory they ran pnpm in (pnpm keeps it in INIT_CWD). */
function fromUserCwd(location: string): string {
  if (/^https?:\/\//i.test(location) || isAbsolute(location)) return location;
  return resolve(process.env.INIT_CWD ?? process.cwd(), location);
}

export interface HostSettings {
  allowedHosts: string[];
  publicUrl?: string;
}

/** `--allowed-host` names (no scheme, port or path: the guard compares host names) and `--public-url`. */
export function hostSettings(values: OptionValues<typeof hostOptions>, lang: Lang): HostSettings {
  const allowedHosts = values['allowed-host'] ?? [];
  for (const name of allowedHosts) {
    if (!/^(\[[0-9a-f:.]+\]|[a-z0-9]([a-z0-9.-]*[a-z0-9])?)$/i.test(name))
      throw new UsageError(cliWords.t(lang, 'badHost', { value: name }));
  }
  const publicUrl = values['public-url'];
  if (publicUrl !== undefined && !isHttpUrl(publicUrl))
    throw new UsageError(cliWords.t(lang, 'badPublicUrl', { value: publicUrl }));
  return { allowedHosts, ...(publicUrl === undefined ? {} : { publicUrl }) };
}

export interface AuthSettings {
  /** Present with `--auth oauth`. */
  oauth?: { port: number; upstreamTokens?: Record<string, string>; otherResources?: string[] };
}

/** `--auth`, `--auth-port`, `--auth-resource` and `--upstream-tokens`, checked; OAuth runs on loopback only. */
export function authSettings(
  values: OptionValues<typeof authOptions>,
  { host, publicUrl }: { host: string; publicUrl?: string | undefined },
  lang: Lang,
): AuthSettings {
  const mode = values.auth;
  if (mode !== 'memos' && mode !== 'oauth')
    throw new UsageError(cliWords.t(lang, 'badAuth', { value: mode }));
  if (mode === 'memos') {
    for (const name of ['auth-port', 'auth-resource', 'upstream-tokens'] as const)
      if (values[name] !== undefined)
        throw new UsageError(cliWords.t(lang, 'needsOAuth', { option: `--${name}` }));
    return {};
  }
  // The AS, its login page and its issuer live on 127.0.0.1: a client elsewhere could not reach them.
  if (!isLoopbackAddress(host) || publicUrl !== undefined)
    throw new UsageError(cliWords.t(lang, 'oauthLoopbackOnly'));
  const portText = values['auth-port'] ?? String(DEFAULT_AUTH_PORT);
  const port = Number(portText);
  if (!/^\d+$/.test(portText) || port > 65535)
    throw new UsageError(cliWords.t(lang, 'badAuthPort', { value: portText }));
  const file = values['upstream-tokens'];
  const otherResources = (values['auth-resource'] ?? []).map((value) => otherResource(value, lang));
  return {
    oauth: {
      port,
      ...(file === undefined ? {} : { upstreamTokens: readUpstreamTokens(file, lang) }),
      ...(otherResources.length === 0 ? {} : { otherResources }),
    },
  };
}

/**
 * An `--auth-resource`: another MCP server's canonical URI, which the AS and that server's verifier compare
 * byte for byte (RFC 8707 §2: absolute, no fragment; [AUTH] §Canonical Server URI: no trailing slash). Plain
 * http only on loopback, as the AS itself ([SEC] §Communication Security): a token must not cross a network
 * in the clear.
 */
function otherResource(value: string, lang: Lang): string {
  const url = URL.parse(value);
  const fits =
    url !== null &&
    (url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackAddress(url.hostname))) &&
    !value.includes('#') &&
    !value.endsWith('/');
  if (!fits) throw new UsageError(cliWords.t(lang, 'badAuthResource', { value }));
  return value;
}

const isLoopbackAddress = (host: string) => ['127.0.0.1', 'localhost', '::1', '[::1]'].includes(host);

/** `{"alice": "alice-token"}`: every value a non-empty string. */
function readUpstreamTokens(file: string, lang: Lang): Record<string, string> {
  const path = fromUserCwd(file);
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new UsageError(
      cliWords.t(lang, 'badUpstreamTokens', {
        file,
        reason: error instanceof Error ? error.message : String(error),
      }),
    );
  }
  const entries =
    typeof value === 'object' && value !== null && !Array.isArray(value) ? Object.entries(value) : [];
  if (entries.length === 0 || !entries.every(([, token]) => typeof token === 'string' && token !== ''))
    throw new UsageError(
      cliWords.t(lang, 'badUpstreamTokens', { file, reason: cliWords.t(lang, 'upstreamTokensShape') }),
    );
  return Object.fromEntries(entries) as Record<string, string>;
}

/** The REST server's settings (host, port, dataset) and the adapter's, from `pnpm serve`'s command line. */
export type CliOptions = ServeSettings &
  AdapterSettings &
  HostSettings &
  AuthSettings & { corsOrigins: string[] };

export function cliOptions(
  values: OptionValues<typeof options>,
  lang: Lang,
  env: NodeJS.ProcessEnv = process.env,
): CliOptions {
  const corsOrigins = (values['cors-origin'] ?? []).map((value) => {
    const origin = originOf(value);
    if (origin === undefined) throw new UsageError(cliWords.t(lang, 'badOrigin', { value }));
    return origin;
  });
  const serve = serveSettings(values, lang, env);
  const hosts = hostSettings(values, lang);
  // The resource every token names holds the port clients use: the recorder's, which port 0 leaves unknown.
  if (values.auth === 'oauth' && values.record !== undefined && serve.port === 0)
    throw new UsageError(cliWords.t(lang, 'oauthRecordPort'));
  const adapter = adapterSettings(values, lang);
  return {
    ...serve,
    ...adapter,
    ...(values.class !== undefined && values.pace === undefined ? { pace: 'article' as const } : {}),
    ...hosts,
    ...authSettings(values, { host: serve.host, publicUrl: hosts.publicUrl }, lang),
    corsOrigins,
  };
}

/** This machine's IPv4 LAN addresses: the ones students can reach it at, and the ones `--host` can name. */
export function lanAddresses(): string[] {
  return Object.values(networkInterfaces())
    .flat()
    .filter((entry) => entry !== undefined && !entry.internal && entry.family === 'IPv4')
    .map((entry) => entry?.address ?? '');
}

/**
 * `--host` naming an address this machine does not have (a plan's example address, last week's Wi-Fi): a
 * usage error that says which addresses it has now, instead of the raw `listen EADDRNOTAVAIL`.
 */
export function hostNotHere(error: unknown, host: string, lang: Lang): UsageError | undefined {
  const missing = error instanceof Error && 'code' in error && error.code === 'EADDRNOTAVAIL';
  if (!missing) return undefined;
  const addresses = lanAddresses();
  return new UsageError(
    addresses.length === 0
      ? cliWords.t(lang, 'hostNotHereNoLan', { host })
      : cliWords.t(lang, 'hostNotHere', { host, addresses: addresses.join('  ') }),
  );
}

/** A start that failed (an unknown dataset, an unreachable --memos-url) as one line, keeping its cause. */
export function cannotStart(error: unknown, lang: Lang): Error {
  const reason = error instanceof Error ? error.message : String(error);
  return new Error(cliWords.t(lang, 'cannotStart', { reason }), {
    cause: error instanceof Error ? error.cause : undefined,
  });
}

/** Which contract the tools were made from (the serve banner's row, the stdio log's line). */
export function contractLine(contract: ContractSummary, lang: Lang): string {
  const say = cliWords.in(lang);
  const { origin, shipped, operations } = contract;
  return shipped ? say('contractShipped', { operations }) : say('contractFile', { origin, operations });
}

/** The warning `--all-operations` prints, naming the destructive tools. */
export function allOperationsWarning(
  beyond: ReadonlyArray<{ name: string; destructive: boolean }>,
  lang: Lang,
): string {
  const destructive = beyond.filter((tool) => tool.destructive).map((tool) => tool.name);
  return cliWords.t(lang, 'allOperationsWarning', {
    count: beyond.length,
    destructive: destructive.length,
    names: destructive.join(', ') || '-',
  });
}
