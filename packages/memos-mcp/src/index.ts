import { hostname, networkInterfaces } from 'node:os';
import { DEFAULT_HOST, DEFAULT_PORT, type MemoStore } from '@memos-kit/memos-rest';
import { listen } from '@memos-kit/process';
import { type Adapter, type AdapterOptions, createAdapter } from './app.ts';
import { toolsBeyondAllowlist } from './catalog/index.ts';
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
  const adapter = await createAdapter({ ...options, allowedHostnames });
  const running = await listen(adapter.app, { host, port: options.port ?? DEFAULT_PORT });
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
