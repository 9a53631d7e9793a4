// `pnpm serve`'s options and start-up banner, importable so a bigger server (the MCP adapter adds /mcp to the
// same process) can reuse both and only add its own endpoint lines.
import { existsSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { type ParseArgsConfig, parseArgs, styleText } from 'node:util';
import { DEFAULT_DATASET, SHIPPED_DATASETS } from './dataset.ts';
import type { MemoStore } from './store.ts';

export interface ServeOptions {
  host: string;
  port: number;
  dataset: string;
  color: boolean;
  help: boolean;
}

export const DEFAULT_HOST = '127.0.0.1';
export const DEFAULT_PORT = 5230;

export function serveUsage(command = 'pnpm serve'): string {
  return [
    `Usage: ${command} [--port ${DEFAULT_PORT}] [--host ${DEFAULT_HOST}] [--dataset ${DEFAULT_DATASET}] [--no-color]`,
    '',
    `  --port, -p     port to listen on (default ${DEFAULT_PORT}; 0 picks a free one)`,
    `  --host         address to bind (default ${DEFAULT_HOST}, loopback only)`,
    `  --dataset, -d  ${SHIPPED_DATASETS.join(' | ')} | path/to/dataset.json (default ${DEFAULT_DATASET})`,
    '  --no-color     plain output (NO_COLOR=1 does the same)',
  ].join('\n');
}

/** The options every `serve` command shares, in `node:util` parseArgs form, so a bigger server can add its own. */
export const SERVE_ARGS = {
  port: { type: 'string', short: 'p' },
  host: { type: 'string' },
  dataset: { type: 'string', short: 'd' },
  color: { type: 'boolean' },
  'no-color': { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const satisfies NonNullable<ParseArgsConfig['options']>;

/** Parses argv (without node and the script); throws an Error with a readable message on bad input. */
export function parseServeOptions(argv: string[], env: NodeJS.ProcessEnv = process.env): ServeOptions {
  const { values } = parseArgs({ args: argv, options: SERVE_ARGS, strict: true, allowPositionals: false });
  return serveOptionsFrom(values, env);
}

/** Checks and completes the shared options once parseArgs has read them. */
export function serveOptionsFrom(
  values: {
    port?: string;
    host?: string;
    dataset?: string;
    color?: boolean;
    'no-color'?: boolean;
    help?: boolean;
  },
  env: NodeJS.ProcessEnv = process.env,
): ServeOptions {
  const portText = values.port ?? String(DEFAULT_PORT);
  const port = Number(portText);
  if (!/^\d+$/.test(portText) || port > 65535)
    throw new Error(`--port must be a number from 0 to 65535, got "${portText}"`);
  const noColor = values['no-color'] === true || (env.NO_COLOR !== undefined && env.NO_COLOR !== '');
  return {
    host: values.host ?? DEFAULT_HOST,
    port,
    dataset: datasetArgument(values.dataset ?? DEFAULT_DATASET, env),
    color: values.color === true || !noColor,
    help: values.help === true,
  };
}

/**
 * A shipped dataset name stays as it is; a file path is made absolute against the directory the user ran
 * `pnpm serve` in (pnpm runs root scripts from the workspace root and keeps the original in INIT_CWD).
 * A bare word that is no file there (a mistyped dataset name) stays as typed, so the error names it.
 */
export function datasetArgument(dataset: string, env: NodeJS.ProcessEnv = process.env): string {
  if ((SHIPPED_DATASETS as readonly string[]).includes(dataset) || isAbsolute(dataset)) return dataset;
  const path = resolve(env.INIT_CWD ?? process.cwd(), dataset);
  const looksLikeName = !/[/\\]/.test(dataset) && !dataset.endsWith('.json');
  return looksLikeName && !existsSync(path) ? dataset : path;
}

export interface BannerInput {
  url: string;
  dataset: string;
  store: MemoStore;
  color: boolean;
  /** Extra "what it serves" lines, e.g. the MCP endpoint. */
  endpoints?: { label: string; url: string }[];
}

/** What the server serves and which tokens sign in as whom. */
export function formatBanner({ url, dataset, store, color, endpoints = [] }: BannerInput): string {
  const paint = (format: Parameters<typeof styleText>[0], text: string) =>
    color ? styleText(format, text, { validateStream: false }) : text;
  const rows = store.users.map((user) => ({
    token: user.tokens.join(', ') || '(none)',
    user: `users/${user.username}`,
    role: user.role,
    name: user.displayName,
  }));
  const width = (key: keyof (typeof rows)[number], title: string) =>
    Math.max(title.length, ...rows.map((row) => row[key].length));
  const widths = { token: width('token', 'token'), user: width('user', 'user'), role: width('role', 'role') };
  const line = (token: string, user: string, role: string, name: string) =>
    `    ${token.padEnd(widths.token)}  ${user.padEnd(widths.user)}  ${role.padEnd(widths.role)}  ${name}`;
  const topLevel = store.memos.filter((memo) => memo.parentId === undefined).length;
  const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;
  const allEndpoints = [
    { label: 'REST API', url: `${url}/api/v1` },
    { label: 'OpenAPI', url: `${url}/api/v1/openapi.json` },
    ...endpoints,
  ];
  const labelWidth = Math.max(...allEndpoints.map((e) => e.label.length));
  return [
    `${paint('bold', 'Memos v0.30.0 mock')} listening on ${paint('cyan', url)}`,
    ...allEndpoints.map((e) => `  ${e.label.padEnd(labelWidth)}  ${paint('cyan', e.url)}`),
    '',
    `  dataset  ${paint('bold', dataset)}: ${count(store.users.length, 'user')}, ${count(topLevel, 'memo')}, ${count(store.memos.length - topLevel, 'comment')}`,
    ...(store.description ? [`           ${paint('dim', store.description)}`] : []),
    '',
    '  Tokens (Authorization: Bearer <token>; no token = anonymous, sees PUBLIC memos only):',
    paint('dim', line('token', 'user', 'role', 'name')),
    ...rows.map((row) => line(paint('green', row.token.padEnd(widths.token)), row.user, row.role, row.name)),
    '',
    `  Try: curl -H 'Authorization: Bearer example-token' '${url}/api/v1/memos?pageSize=1'`,
    `  ${paint('dim', 'Ctrl-C stops the server.')}`,
  ].join('\n');
}

/** Ctrl-C or SIGTERM closes the server once (a second signal is left to Node) and says so. */
export function closeOnSignals(close: () => Promise<void>): void {
  const stop = () => {
    process.off('SIGINT', stop);
    process.off('SIGTERM', stop);
    void close().then(() => console.log('\nstopped'));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
