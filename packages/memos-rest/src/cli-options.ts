// The command-line face of this package (`@memos-kit/memos-rest/cli`): the options every `serve` command
// shares, as data, and the pieces of the start-up banner. A bigger server (the MCP adapter serves /mcp from
// the same process) spreads `serveOptions` into its own command and builds its banner from the same pieces,
// so nothing here is a string another package has to cut apart.
import { existsSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import {
  bilingualMessages,
  type CommandSpec,
  type Lang,
  type OptionSpecs,
  type OptionValues,
  type Paint,
  table,
  UsageError,
} from '@memos-kit/terminal';
import { DEFAULT_HOST, DEFAULT_PORT } from './address.ts';
import pairs from './cli-messages.json' with { type: 'json' };
import { DEFAULT_DATASET, SHIPPED_DATASETS } from './dataset.ts';
import { DIALECTS, type Dialect } from './http.ts';
import type { MemoStore } from './store.ts';

/** The options of every `serve` command: where to listen and which dataset to start from. */
export const serveOptions = {
  port: {
    type: 'string',
    short: 'p',
    value: 'N',
    help: {
      zh: `监听的端口（默认 ${DEFAULT_PORT}；0 表示任选一个空闲端口）`,
      en: `port to listen on (default ${DEFAULT_PORT}; 0 picks a free one)`,
    },
  },
  host: {
    type: 'string',
    value: 'ADDRESS',
    help: {
      zh: `绑定的地址（默认 ${DEFAULT_HOST}，只有本机能访问）`,
      en: `address to bind (default ${DEFAULT_HOST}, loopback only)`,
    },
  },
  dataset: {
    type: 'string',
    short: 'd',
    value: 'NAME|FILE.json',
    help: {
      zh: `起始数据：内置数据集 ${SHIPPED_DATASETS.join('、')}（默认 ${DEFAULT_DATASET}），或你自己的 JSON 文件`,
      en: `the data to start from: ${SHIPPED_DATASETS.join(', ')} (default ${DEFAULT_DATASET}) or your own JSON file`,
    },
  },
} as const satisfies OptionSpecs;

/** Only this package's own `serve` speaks Memos' dialect: a stand-in for a real instance is REST alone. */
const restOptions = {
  ...serveOptions,
  dialect: {
    type: 'string',
    value: 'article|memos',
    help: {
      zh: 'memos：像真正的 Memos v0.30.0 一样回答（没有 OpenAPI 路由，没有 HAL，列表总带 nextPageToken），用来代替真实实例测试 --memos-url（默认 article）',
      en: 'memos: answer as a real Memos v0.30.0 does (no OpenAPI route, no HAL, nextPageToken on every list), a stand-in for testing --memos-url (default article)',
    },
  },
} as const satisfies OptionSpecs;

/** This package's own `serve` (REST only); `pnpm serve` at the root adds the MCP adapter. */
export const restServeCommand = {
  name: 'pnpm --filter @memos-kit/memos-rest serve',
  summary: {
    zh: 'Memos v0.30.0 REST API 的模拟服务（只有 REST；根目录的 pnpm serve 还带 MCP 适配器）。',
    en: 'The mock Memos v0.30.0 REST API (REST only; pnpm serve at the root adds the MCP adapter).',
  },
  options: restOptions,
  ctrlC: 'key',
} satisfies CommandSpec<typeof restOptions>;

/** `--dialect`, checked. */
export function dialectSetting(value: string | undefined, lang: Lang): Dialect {
  const dialect = value ?? 'article';
  if (!isDialect(dialect)) throw new UsageError(words.t(lang, 'badDialect', { value: dialect }));
  return dialect;
}

const isDialect = (value: string): value is Dialect => DIALECTS.some((dialect) => dialect === value);

export interface ServeSettings {
  host: string;
  port: number;
  dataset: string;
}

// The banner's and the errors' words, side by side per key, so a translator edits data, not code.
const words = bilingualMessages(pairs);

/** The banner's words in one language, for a server that composes its own banner from these pieces. */
export const bannerWords = (lang: Lang) => words.in(lang);

/** Checks and completes the shared options once the command line has been read; mistakes are usage errors. */
export function serveSettings(
  values: OptionValues<typeof serveOptions>,
  lang: Lang,
  env: NodeJS.ProcessEnv = process.env,
): ServeSettings {
  const portText = values.port ?? String(DEFAULT_PORT);
  const port = Number(portText);
  if (!/^\d+$/.test(portText) || port > 65535)
    throw new UsageError(words.t(lang, 'badPort', { value: portText }));
  return {
    host: values.host ?? DEFAULT_HOST,
    port,
    dataset: datasetArgument(values.dataset ?? DEFAULT_DATASET, env),
  };
}

/**
 * A failed start in one line a person can act on: a listen error names the address (a taken port suggests
 * port 0); any other error (an unknown dataset) is passed on as it is.
 */
export function listenProblem(error: unknown, { host, port }: ServeSettings, lang: Lang): unknown {
  if (!(error instanceof Error && 'syscall' in error && error.syscall === 'listen')) return error;
  const taken = error instanceof Error && 'code' in error && error.code === 'EADDRINUSE';
  const reason = error instanceof Error ? error.message : String(error);
  return new Error(words.t(lang, taken ? 'portTaken' : 'cannotListen', { host, port, reason }));
}

/**
 * A shipped dataset name stays as it is; a file path is made absolute against the directory the user ran
 * `pnpm serve` in (pnpm runs root scripts from the workspace root and keeps the original in INIT_CWD).
 * A bare word that is no file there (a mistyped dataset name) stays as typed, so the error names it.
 */
function datasetArgument(dataset: string, env: NodeJS.ProcessEnv): string {
  if ((SHIPPED_DATASETS as readonly string[]).includes(dataset) || isAbsolute(dataset)) return dataset;
  const path = resolve(env.INIT_CWD ?? process.cwd(), dataset);
  const looksLikeName = !/[/\\]/.test(dataset) && !dataset.endsWith('.json');
  return looksLikeName && !existsSync(path) ? dataset : path;
}

/** Who can sign in: what the banner shows of a user (a store's `UserRow` is one). */
export interface BannerUser {
  username: string;
  role: string;
  displayName: string;
  tokens: readonly string[];
}

/** A token the dataset really hands out, for the banner's example request: the host's first, else anyone's. */
export function sampleToken(users: readonly BannerUser[]): string | undefined {
  return users.find((user) => user.tokens.length > 0)?.tokens[0];
}

/** `curl` of the article's first request, signed in with a token from the dataset when it has one. */
export function tryRequest(restUrl: string, users: readonly BannerUser[]): string {
  const token = sampleToken(users);
  // Double quotes: sh, cmd and PowerShell all read them the same way (single quotes fail in cmd).
  const header = token === undefined ? '' : `-H "Authorization: Bearer ${token}" `;
  return `curl ${header}"${restUrl}/memos?pageSize=1"`;
}

/** The table of every token and the user it signs in as, indented under its heading. */
export function tokenTable(
  users: readonly BannerUser[],
  paint: Paint,
  lang: Lang,
  indent = '    ',
): string[] {
  const say = words.in(lang);
  const rows = [
    [say('tokenColumn'), say('userColumn'), say('roleColumn'), say('nameColumn')].map((cell) =>
      paint('dim', cell),
    ),
    ...users.map((user) => [
      paint('green', user.tokens.join(', ') || say('noToken')),
      `users/${user.username}`,
      user.role,
      user.displayName,
    ]),
  ];
  return table(rows).map((line) => `${indent}${line}`);
}

export interface BannerInput {
  url: string;
  dataset: string;
  dialect?: Dialect;
  store: MemoStore;
  paint: Paint;
  lang: Lang;
}

/** What a dataset holds, in a few words: "4 users, 5 memos, 2 comments". */
export function datasetCounts(store: Pick<MemoStore, 'users' | 'memos'>, lang: Lang): string {
  const say = words.in(lang);
  const topLevel = store.memos.filter((memo) => memo.parentId === undefined).length;
  const count = (n: number, one: 'user' | 'memo' | 'comment', many: 'users' | 'memos' | 'comments') =>
    say(n === 1 ? one : many, { count: n });
  return [
    count(store.users.length, 'user', 'users'),
    count(topLevel, 'memo', 'memos'),
    count(store.memos.length - topLevel, 'comment', 'comments'),
  ].join(say('listSeparator'));
}

/** What the REST-only server serves and which tokens sign in as whom. */
export function formatBanner({ url, dataset, dialect = 'article', store, paint, lang }: BannerInput): string {
  const say = words.in(lang);
  const counts = datasetCounts(store, lang);
  const endpoints = table([
    ['REST API', paint('cyan', `${url}/api/v1`)],
    dialect === 'memos'
      ? ['OpenAPI', paint('dim', say('noOpenApi'))]
      : ['OpenAPI', paint('cyan', `${url}/api/v1/openapi.json`)],
  ]);
  return [
    say('listening', { title: paint('bold', 'Memos v0.30.0 mock'), url: paint('cyan', url) }),
    ...endpoints.map((line) => `  ${line}`),
    '',
    ...table([[say('dataset'), `${paint('bold', dataset)}: ${counts}`]]).map((line) => `  ${line}`),
    ...(store.description ? [`  ${paint('dim', store.description)}`] : []),
    '',
    `  ${say('tokens')}`,
    ...tokenTable(store.users, paint, lang),
    '',
    `  ${say('try')}`,
    `    ${tryRequest(`${url}/api/v1`, store.users)}`,
    `  ${paint('dim', say('stop'))}`,
  ].join('\n');
}
