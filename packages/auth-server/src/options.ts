// What a caller gives startAuthServer, and the values it falls back to.
import type { Lang } from '@memos-kit/terminal';
import type { ClientMetadata } from 'oidc-provider';

/** A person who can sign in: a user of the kit's dataset (`loadDataset(…).users` fits as it is). */
export interface SeededUser {
  username: string;
  displayName?: string | undefined;
}

export interface AuthServerOptions {
  /** 0 (the default) picks a free port; the issuer is known once the server listens. */
  port?: number;
  /** 127.0.0.1 by default. Any other address also needs `issuer`, the URL clients reach it by. */
  host?: string;
  /** The issuer, when it is not `http://<host>:<port>` (e.g. a proxy in front). No trailing slash. */
  issuer?: string;
  /** The MCP endpoint's canonical URI (RFC 8707 resource), e.g. http://127.0.0.1:5230/mcp. */
  resource: string;
  /** The scopes tokens for `resource` may carry, e.g. ['memos:read', 'memos:write']. */
  scopes: readonly string[];
  /** Granted when an authorization request names no scope at all (RFC 6749 §3.3's "pre-defined default value"). */
  defaultScope?: string;
  /** Other resource servers this AS mints tokens for (e.g. the Memos REST API), with their scopes. */
  otherResources?: Readonly<Record<string, readonly string[]>>;
  users: readonly SeededUser[];
  /** The one teaching password every seeded user signs in with; shown on the login page. */
  password?: string;
  /** Clients registered in advance, besides the conformance runner's (always there). */
  clients?: readonly ClientMetadata[];
  /**
   * Client ID Metadata Documents on a closed network: an https host of client_id URLs → the loopback origin
   * that serves their documents (e.g. { 'client.memos-kit.test': 'http://127.0.0.1:5299' }). Only these hosts
   * are fetched: a domain trust policy.
   */
  cimdHosts?: Readonly<Record<string, string>>;
  /** The pages' language when neither `?lang=` nor the browser's Accept-Language decides: Chinese by default. */
  lang?: Lang;
  /** Access-token lifetime in seconds (600 by default). */
  accessTokenTtl?: number;
}

/** The password of every seeded user: the dataset has none, and a class must be able to sign in as anyone. */
export const TEACHING_PASSWORD = 'memos';

/**
 * The pre-registered public client the conformance suite's `authorization` command uses (`--client-id`).
 * Native, so its loopback redirect URI matches on any port (RFC 8252 §7.3), whatever `--port` the runner takes.
 */
export const CONFORMANCE_CLIENT_ID = 'conformance-runner';

export const conformanceClient: ClientMetadata = {
  client_id: CONFORMANCE_CLIENT_ID,
  client_name: 'MCP conformance runner',
  application_type: 'native',
  redirect_uris: ['http://127.0.0.1:3000/callback'],
  token_endpoint_auth_method: 'none',
  grant_types: ['authorization_code'],
  response_types: ['code'],
};

// `[::1]` as a URL spells it, `::1` as an address to listen on.
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

export function isLoopbackHost(hostname: string): boolean {
  return LOOPBACK_HOSTS.has(hostname);
}

/**
 * A resource indicator is matched byte for byte everywhere (the AS, the token's aud, the verifier), so it is
 * checked once at start: absolute, http(s), no fragment (RFC 8707 §2), no trailing slash ([AUTH] §Canonical
 * Server URI: "SHOULD consistently use the form without the trailing slash").
 */
export function checkResourceIndicator(value: string): string {
  const url = URL.parse(value);
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:'))
    throw new Error(`resource ${JSON.stringify(value)} must be an absolute http(s) URL`);
  if (value.includes('#')) throw new Error(`resource ${value} must not have a fragment`);
  if (value.endsWith('/')) throw new Error(`resource ${value} must not end with a slash`);
  return value;
}
