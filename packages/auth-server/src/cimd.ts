// Client ID Metadata Documents on a closed loopback network. A CIMD client_id is an https URL the AS fetches
// ([REG] §Client ID Metadata Documents). oidc-provider sends every outbound fetch through a dispatcher that
// refuses loopback and private addresses (SSRF), and the kit has no network. So the kit names https hosts
// whose documents a loopback origin serves; the AS still fetches each document over HTTP, where a recorder can
// show it, and the client_id stays the https URL byte for byte, as the document's own client_id must.
import type { Configuration } from 'oidc-provider';
import { isLoopbackHost } from './options.ts';

type Fetch = NonNullable<Configuration['fetch']>;
type CimdFeature = NonNullable<NonNullable<Configuration['features']>['clientIdMetadataDocument']>;

/** Checks the mapping at start: only an https host may be mapped, and only to a loopback http(s) origin. */
function loopbackOrigins(hosts: Readonly<Record<string, string>>): Map<string, string> {
  const origins = new Map<string, string>();
  for (const [host, origin] of Object.entries(hosts)) {
    const target = URL.parse(origin);
    if (!target || !['http:', 'https:'].includes(target.protocol) || !isLoopbackHost(target.hostname))
      throw new Error(`cimdHosts: ${host} must map to a loopback origin, not ${origin}`);
    origins.set(host.toLowerCase(), target.origin);
  }
  return origins;
}

/**
 * The AS's fetch: a document of a mapped host comes from its loopback origin, without the SSRF guard for that
 * one request (the kit means to reach loopback there, and nowhere else). Every other URL goes through the
 * library's guarded fetch as it is.
 */
export function cimdFetch(hosts: Readonly<Record<string, string>>): Fetch {
  const origins = loopbackOrigins(hosts);
  return (input, init) => {
    const target = new URL(input instanceof Request ? input.url : input);
    const origin = target.protocol === 'https:' ? origins.get(target.host) : undefined;
    if (origin === undefined) return fetch(input, init);
    const { dispatcher: _guard, ...rest } = (init ?? {}) as RequestInit & { dispatcher?: unknown };
    return fetch(new URL(`${target.pathname}${target.search}`, origin), rest);
  };
}

/**
 * Which documents the AS fetches and which clients it accepts: a domain trust policy ([SEC] §Client ID
 * Metadata Document Security → Trust Policies), and MCP's required client_name, which draft-02 (what the
 * library implements) does not require ([REG] §Implementation Requirements: `client_id`, `client_name`,
 * `redirect_uris`).
 */
export function cimdPolicy(
  hosts: Readonly<Record<string, string>>,
): Pick<CimdFeature, 'allowFetch' | 'allowClient'> {
  const origins = loopbackOrigins(hosts);
  return {
    allowFetch: (_ctx, clientId) => origins.has(new URL(clientId).host),
    allowClient: (_ctx, client) => typeof client.clientName === 'string' && client.clientName.trim() !== '',
  };
}
