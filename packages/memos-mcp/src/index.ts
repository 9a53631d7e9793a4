import { createServer } from 'node:http';
import { hostname, networkInterfaces } from 'node:os';
import { DEFAULT_HOST, DEFAULT_PORT, loadDataset, type MemoStore } from '@memos-kit/memos-rest';
import { type Listening, listen } from '@memos-kit/process';
import type { Lang } from '@memos-kit/terminal';
import { type Adapter, type AdapterOptions, createAdapter } from './app.ts';
import { toolsBeyondAllowlist } from './catalog/index.ts';
import { DEFAULT_AUTH_PORT } from './http/endpoint-auth.ts';
import { DEFAULT_ALLOWED_HOSTNAMES } from './http/request-guards.ts';
import type { Pace, PaceTimeline } from './mcp/pace.ts';

export { type Adapter, type AdapterOptions, createAdapter } from './app.ts';
export * from './catalog/index.ts';
export { MAX_REQUEST_BODY_BYTES, type ResponseHook } from './http/mcp-endpoint.ts';
export { DEFAULT_ALLOWED_HOSTNAMES } from './http/request-guards.ts';
export { READ_SCOPE, WRITE_SCOPE } from './http/scope-guard.ts';
export { INSTRUCTIONS, SERVER_INFO } from './mcp/create-server.ts';
export { ARTICLE_TIMELINE, type Pace, type PaceTimeline } from './mcp/pace.ts';
export { DEFAULT_PROFILE, FULL_CAPABILITIES, PROFILES, type Profile } from './profile/index.ts';
export { ERROR_TEXTS, type ErrorText } from './tools/error-text.ts';

export interface StartServerOptions extends Omit<AdapterOptions, 'dataset' | 'pace'> {
  host?: string;
  port?: number;
  dataset?: string;
  /** `article` for the article's 1 s / 3 s, or any timeline (demos and tests use short ones). */
  pace?: Pace | PaceTimeline;
  /** More names the MCP endpoint answers to in `Host` and `Origin` (`--allowed-host`, a reverse proxy's). */
  allowedHosts?: string[];
  /** The address clients use, behind a reverse proxy (`--public-url`): its host name is allowed too. */
  publicUrl?: string;
  /** OAuth for /mcp (`--auth oauth`); without it the caller's own token goes to the REST API, as in the article. */
  oauth?: OAuthServeOptions;
}

export interface OAuthServeOptions {
  /** The authorization server's port on 127.0.0.1 (`--auth-port`, 5231 by default; 0 picks one). */
  port?: number;
  /**
   * Username → the credential the adapter sends the REST API for that user (`--upstream-tokens`). By default
   * each dataset user's first token; with `memosUrl` only these users exist.
   */
  upstreamTokens?: Readonly<Record<string, string>>;
  /** The origin clients reach /mcp at, when it is not where the server listens (a recorder in front). */
  origin?: string;
  /**
   * Other MCP servers' resource URIs the AS also issues tokens for (`--auth-resource`): a learner's own server
   * (lab 13), which verifies them itself. The adapter's /mcp still takes only tokens issued to it.
   */
  otherResources?: readonly string[];
  /** The login and consent pages' default language. */
  lang?: Lang;
}

export interface RunningAdapter {
  /** `http://127.0.0.1:PORT`: REST lives under `${url}/api/v1`. */
  url: string;
  /** `${url}/mcp` */
  mcpUrl: string;
  /** The catalog's tool names, in `tools/list` order. */
  tools: string[];
  /** Who can sign in, and with which bearer token (the in-process mock only). */
  users: Array<{ username: string; role: string; displayName: string; tokens: string[] }>;
  /** The in-process mock's data, for a banner that says what is in it (absent with `memosUrl`). */
  store?: MemoStore;
  /** Which contract the tools come from (see `Adapter.contract`). */
  contract: Adapter['contract'];
  /** Tools beyond Memos' allowlist (only with `allOperations`), and which of those may destroy data. */
  beyondAllowlist: { name: string; destructive: boolean }[];
  /** With `memosUrl`: who the start-up probe signed in as, if anyone. */
  upstreamUser?: string;
  /** Every name the MCP endpoint accepts in `Host` and `Origin`. */
  allowedHostnames: string[];
  /** With `oauth`: the authorization server, who can sign in there, and with which password. */
  oauth?: {
    issuer: string;
    resource: string;
    metadataUrl: string;
    users: string[];
    password: string;
    /** The other MCP servers the AS issues tokens for (`--auth-resource`). */
    otherResources: string[];
  };
  /**
   * Stops accepting, lets requests in flight finish for up to `graceMs` (0, the default: end them now),
   * then closes the adapter.
   */
  close(options?: { graceMs?: number }): Promise<void>;
}

/**
 * One process, one port: the Memos REST API under /api/v1 and its MCP adapter at POST /mcp
 * (127.0.0.1 and the workshop dataset unless told otherwise; port 0 picks a free port).
 */
export async function startServer(options: StartServerOptions = {}): Promise<RunningAdapter> {
  const host = options.host ?? DEFAULT_HOST;
  // The DNS-rebinding guard stays on: only the names a teacher adds on purpose join the defaults.
  const extra = [
    ...(options.allowedHosts ?? []),
    ...(options.publicUrl ? [new URL(options.publicUrl).hostname] : []),
  ].map((name) => name.toLowerCase());
  const base = options.allowedHostnames ?? allowedHostnamesFor(host) ?? DEFAULT_ALLOWED_HOSTNAMES;
  const allowedHostnames = [...new Set([...base, ...extra])];
  if (options.oauth) return startWithOAuth(options, options.oauth, host, allowedHostnames);
  const adapter = await createAdapter({ ...options, allowedHostnames });
  const running = await listen(adapter.app, { host, port: options.port ?? DEFAULT_PORT });
  return servingAdapter(adapter, running, allowedHostnames);
}

/**
 * `--auth oauth`: the port is bound first, because the resource URI the AS and every token name contains it;
 * then the AS starts (a dynamic import: the default start never loads it), and only then are requests served.
 */
async function startWithOAuth(
  options: StartServerOptions,
  oauth: OAuthServeOptions,
  host: string,
  allowedHostnames: string[],
): Promise<RunningAdapter> {
  const running = await listen(createServer(), { host, port: options.port ?? DEFAULT_PORT });
  const stops: Array<() => Promise<unknown>> = [() => running.close()];
  try {
    const origin = (oauth.origin ?? options.publicUrl ?? running.url).replace(/\/$/, '');
    const { users, upstream, dataset } = oauthUsers(options, oauth);
    const { startOAuth } = await import('./auth/oauth.ts');
    const started = await startOAuth({
      resource: `${origin}/mcp`,
      restApi: `${(options.memosUrl ?? origin).replace(/\/$/, '')}/api/v1`,
      port: oauth.port ?? DEFAULT_AUTH_PORT,
      otherResources: oauth.otherResources ?? [],
      users,
      upstream,
      ...(oauth.lang ? { lang: oauth.lang } : {}),
      ...(options.log ? { log: options.log } : {}),
    });
    stops.unshift(() => started.close());
    const adapter = await createAdapter({
      ...options,
      ...(dataset ? { dataset } : {}),
      allowedHostnames,
      auth: started.auth,
    });
    running.server.on('request', adapter.app);
    const result = servingAdapter(adapter, running, allowedHostnames);
    return {
      ...result,
      oauth: {
        issuer: started.issuer,
        resource: `${origin}/mcp`,
        metadataUrl: started.metadataUrl,
        users: users.map((user) => user.username),
        password: started.password,
        otherResources: [...(oauth.otherResources ?? [])],
      },
      close: async (closing) => {
        await result.close(closing);
        await started.close();
      },
    };
  } catch (error) {
    for (const stop of stops) await stop();
    throw error;
  }
}

/**
 * Who can sign in at the AS, and the credential the adapter holds for each at the REST API: the dataset's
 * users and their first tokens, overridden or (with `memosUrl`, where there is no dataset) given by
 * `upstreamTokens`.
 */
function oauthUsers(options: StartServerOptions, oauth: OAuthServeOptions) {
  const given = Object.entries(oauth.upstreamTokens ?? {});
  const dataset = options.memosUrl ? undefined : loadDataset(options.dataset);
  const upstream = new Map<string, string>();
  const users = new Map<string, { username: string; displayName?: string }>();
  for (const user of dataset?.users ?? []) {
    users.set(user.username, { username: user.username, displayName: user.displayName });
    const token = user.tokens?.[0];
    if (token !== undefined) upstream.set(user.username, token);
  }
  for (const [username, token] of given) {
    if (!users.has(username)) users.set(username, { username });
    upstream.set(username, token);
  }
  if (users.size === 0)
    throw new Error(
      options.memosUrl
        ? '--auth oauth with --memos-url needs --upstream-tokens: nobody could sign in'
        : 'the dataset has no users: nobody could sign in',
    );
  return { users: [...users.values()], upstream, dataset };
}

function servingAdapter(adapter: Adapter, running: Listening, allowedHostnames: string[]): RunningAdapter {
  return {
    url: running.url,
    mcpUrl: `${running.url}/mcp`,
    tools: adapter.catalog.map((entry) => entry.tool.name),
    users: (adapter.store?.users ?? []).map(({ username, role, displayName, tokens }) => ({
      username,
      role,
      displayName,
      tokens: [...tokens],
    })),
    ...(adapter.store ? { store: adapter.store } : {}),
    contract: adapter.contract,
    beyondAllowlist: toolsBeyondAllowlist(adapter.catalog),
    ...(adapter.upstreamUser ? { upstreamUser: adapter.upstreamUser } : {}),
    allowedHostnames,
    close: async ({ graceMs = 0 } = {}) => {
      // The port closes first, so a request in flight still finds the adapter while it drains.
      await running.close({ graceMs });
      await adapter.close();
    },
  };
}

/**
 * The names the MCP endpoint accepts in Host and Origin when bound to `host` (undefined: the defaults).
 * Bound to a named address (a classroom LAN IP), it also accepts that name; bound to every interface,
 * it accepts this machine's own addresses and host name, which is what students will type.
 */
export function allowedHostnamesFor(host: string): string[] | undefined {
  if (host === '0.0.0.0' || host === '::') return [...DEFAULT_ALLOWED_HOSTNAMES, ...localHostnames()];
  if (DEFAULT_ALLOWED_HOSTNAMES.includes(host)) return undefined;
  return [...DEFAULT_ALLOWED_HOSTNAMES, hostnameOf(host)];
}

const hostnameOf = (address: string) => (address.includes(':') ? `[${address}]` : address);

/** This machine's addresses on every interface, and its host name: what a classroom LAN reaches it by. */
function localHostnames(): string[] {
  const addresses = Object.values(networkInterfaces())
    .flat()
    .filter((entry) => entry !== undefined)
    .map((entry) => hostnameOf(entry.address.split('%')[0] ?? entry.address));
  return [...new Set([...addresses, hostname().toLowerCase()])];
}
