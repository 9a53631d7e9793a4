/// <reference path="./memory-adapter.d.ts" />
// oidc-provider's configuration for the kit: an OAuth 2.1 authorization server for one MCP resource (and the
// few others a lesson names), with the settings MCP 2026-07-28 asks for and the ones found missing by running it.
import { randomBytes } from 'node:crypto';
import { exportJWK, generateKeyPair } from 'jose';
import { type ClientMetadata, type Configuration, errors } from 'oidc-provider';
// The library's own in-memory store, one per provider, passed explicitly so it does not warn at every start.
import { createMemoryAdapter } from 'oidc-provider/lib/adapters/memory_adapter.js';
import { cimdFetch, cimdPolicy } from './cimd.ts';
import { type AuthServerOptions, conformanceClient, isLoopbackHost } from './options.ts';
import type { Pages } from './pages.ts';

/** Lifetimes in seconds. Each is set, so the library prints no NOTICE about a default the first time it is used. */
const TTL = {
  AuthorizationCode: 60,
  IdToken: 600,
  Interaction: 600,
  Session: 3600,
  // A teaching day: a refresh token (and the grant behind it) outlives a lesson, not the week.
  RefreshToken: 8 * 3600,
  Grant: 8 * 3600,
};

export interface Cookies {
  session: string;
  interaction: string;
  resume: string;
}

/**
 * Browsers keep cookies per host, not per port: two kit servers on 127.0.0.1 would overwrite each other's
 * session. The kit's prefix and the port keep each server's cookies apart and say whose they are.
 */
export function cookieNames(port: number): Cookies {
  const prefix = `memos_kit_${port}`;
  return { session: `${prefix}_session`, interaction: `${prefix}_interaction`, resume: `${prefix}_resume` };
}

export async function configuration(
  options: AuthServerOptions,
  cookies: Cookies,
  pages: Pick<Pages, 'renderError'>,
): Promise<Configuration> {
  // Keys live as long as this server: a restart makes every token and client invalid, which a class wants.
  const { privateKey } = await generateKeyPair('ES256', { extractable: true });
  const signingKey = {
    ...(await exportJWK(privateKey)),
    kid: randomBytes(6).toString('hex'),
    alg: 'ES256',
    use: 'sig',
  };
  const resourceScopes = new Map<string, readonly string[]>([
    [options.resource, options.scopes],
    ...Object.entries(options.otherResources ?? {}),
  ]);
  const usernames = new Set(options.users.map((user) => user.username));
  const accessTokenTtl = options.accessTokenTtl ?? 600;

  return {
    adapter: createMemoryAdapter(15),
    clients: [conformanceClient, ...(options.clients ?? [])] as ClientMetadata[],
    jwks: { keys: [signingKey] },
    cookies: { names: cookies, keys: [randomBytes(32).toString('base64url')] },
    // The library is an OpenID provider too; id tokens, if a client asks for one, use the same EC key.
    enabledJWA: { idTokenSigningAlgValues: ['ES256'] },
    clientDefaults: { id_token_signed_response_alg: 'ES256' },
    scopes: ['openid', 'offline_access', ...new Set([...resourceScopes.values()].flat())],
    // OAuth 2.1 has no implicit grant: only the code flow is offered.
    responseTypes: ['code'],
    // PKCE for every client, confidential ones too (OAuth 2.1 §4.1.1; MCP [SEC] §Authorization Code Protection).
    pkce: { required: () => true },
    // A public client's refresh token is replaced at every use, and a reused one revokes the grant
    // ([SEC] §Token Theft: the AS "MUST rotate refresh tokens" for public clients; OAuth 2.1 §4.3.1).
    rotateRefreshToken: true,
    async findAccount(_ctx, sub) {
      if (!usernames.has(sub)) return undefined;
      return { accountId: sub, claims: async () => ({ sub }) };
    },
    features: {
      devInteractions: { enabled: false },
      // Tokens bound to a DPoP key could not be checked by the kit's verifier, which takes Bearer tokens only.
      dPoP: { enabled: false },
      // OpenID leftovers an MCP client never calls; off, so the metadata a class reads is about OAuth.
      userinfo: { enabled: false },
      rpInitiatedLogout: { enabled: false },
      pushedAuthorizationRequests: { enabled: false },
      revocation: { enabled: true },
      // RFC 7591; deprecated by MCP 2026-07-28 but still allowed ([REG] §Dynamic Client Registration).
      registration: { enabled: true },
      resourceIndicators: {
        enabled: true,
        // A request that names no resource still gets a token for the MCP server, never an audience-less one.
        defaultResource: () => options.resource,
        useGrantedResource: () => true,
        getResourceServerInfo(_ctx, resourceIndicator) {
          const scopes = resourceScopes.get(resourceIndicator);
          if (!scopes) throw new errors.InvalidTarget();
          return {
            scope: scopes.join(' '),
            audience: resourceIndicator,
            // RFC 9068 JWT access tokens (typ at+jwt), so a resource server checks them with the JWKS alone.
            accessTokenFormat: 'jwt',
            accessTokenTTL: accessTokenTtl,
            jwt: { sign: { alg: 'ES256' } },
          };
        },
      },
      clientIdMetadataDocument: { enabled: true, ack: 'draft-02', ...cimdPolicy(options.cimdHosts ?? {}) },
    },
    fetch: cimdFetch(options.cimdHosts ?? {}),
    // oidc-provider answers a request without scope with access_denied, after the user signed in and
    // allowed it. The conformance runner sends none, and RFC 6749 §3.3 allows a default instead. Validators
    // of extraParams run on every authorization request, after the scope checks, so this fills it in.
    extraParams: {
      scope(ctx, value) {
        if (!value && options.defaultScope && ctx.oidc.params) ctx.oidc.params.scope = options.defaultScope;
      },
    },
    extraClientMetadata: {
      properties: ['scope', 'redirect_uris'],
      validator(ctx, key, value, metadata) {
        // The SDK's client sends its first scope in the registration request, and oidc-provider would hold
        // the client to it: a later step-up would fail with invalid_scope. Scope policy is per resource.
        if (ctx && key === 'scope') delete metadata.scope;
        // oidc-provider lets a web client use any http redirect URI, a native one a custom scheme; MCP allows
        // only https or loopback ([SEC] §Communication Security). For static, DCR and CIMD clients alike.
        if (key === 'redirect_uris') {
          for (const uri of (value as string[] | undefined) ?? []) {
            const url = URL.parse(uri);
            const allowed =
              url?.protocol === 'https:' || (url?.protocol === 'http:' && isLoopbackHost(url.hostname));
            if (!allowed)
              throw new errors.InvalidClientMetadata(
                'redirect_uris must use https or a loopback http address',
              );
          }
        }
      },
    },
    renderError: pages.renderError,
    ttl: { ...TTL, AccessToken: accessTokenTtl },
  };
}
