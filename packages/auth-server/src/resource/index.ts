// The resource-server side of MCP authorization, as web-standard pieces the /mcp endpoint calls before it reads
// a body: the Protected Resource Metadata document (RFC 9728), the 401 that points to it, the token check, and
// the 403 that asks for more scope. Never loads oidc-provider: any RFC 8414 AS that signs RFC 9068 tokens will do.
//
// The seam, as an HTTP endpoint uses it (test/support/protected-mcp.ts does exactly this):
// 1. Bind the MCP port first; the resource is `<public URL or http://127.0.0.1:PORT>/mcp`, one spelling used by
//    the AS, this module and the banner alike (localhost and 127.0.0.1 are different resources to a client).
// 2. Start the AS with that resource (a dynamic import, so the default path never loads oidc-provider), then
//    `createResourceServer({ resource, issuer, scopesSupported })`.
// 3. Per request: `metadataResponse(request)` first, for any method; then, on POST /mcp after the method, Host
//    and Origin guards and before the body is read, `authenticate({ headers })`: a Response is the answer (drain
//    the body as other refusals do), an AuthInfo goes to the SDK handler as `authInfo`.
// 4. After the body is parsed, an operation that needs more than the baseline answers `insufficientScope([...])`.
import {
  type AuthInfo,
  bearerAuthChallengeResponse,
  buildOAuthProtectedResourceMetadata,
  getOAuthProtectedResourceMetadataUrl,
  OAuthError,
  OAuthErrorCode,
  type OAuthMetadata,
  type OAuthProtectedResourceMetadata,
  type OAuthTokenVerifier,
  verifyBearerToken,
} from '@modelcontextprotocol/server';
import { INVALID_TOKEN_DESCRIPTION, jwtAccessTokenVerifier } from './verifier.ts';

export { type JwtVerifierOptions, jwtAccessTokenVerifier } from './verifier.ts';

export interface ResourceServerOptions {
  /** This server's canonical URI, exactly as the AS knows it (e.g. http://127.0.0.1:5230/mcp). */
  resource: string;
  /** The AS's issuer. Its RFC 8414 metadata is read once, at creation. */
  issuer: string;
  /**
   * The baseline scopes: advertised as `scopes_supported`, named in the 401's `scope`, and required of every
   * request unless `requiredScopes` says otherwise. Keep it minimal ([BP] §Scope Minimization).
   */
  scopesSupported: readonly string[];
  requiredScopes?: readonly string[];
  resourceName?: string;
  /** The verifier's clock (tests of expiry). */
  now?: () => Date;
  /** Why each refused token was refused: for a log, never for the client. */
  onReject?: (reason: string) => void;
}

export interface ResourceServer {
  resource: string;
  /** `…/.well-known/oauth-protected-resource/mcp`: the path-aware URL, as the 401 names it. */
  metadataUrl: string;
  /** The same URL's path, for a router. */
  metadataPath: string;
  metadata: OAuthProtectedResourceMetadata;
  authorizationServer: OAuthMetadata;
  verifier: OAuthTokenVerifier;
  /** Answers a request for the metadata document; `undefined` for any other path. */
  metadataResponse(request: Request): Response | undefined;
  /** Reads the `Authorization` header only: the caller, or the ready 401/403 to send back. */
  authenticate(request: Pick<Request, 'headers'>): Promise<AuthInfo | Response>;
  /** The step-up answer: 403 `insufficient_scope` naming the scopes the operation needs. */
  insufficientScope(scopes: readonly string[], description?: string): Response;
}

/** Where RFC 8414 puts the metadata of an issuer: the well-known segment goes before the issuer's path. */
function authorizationServerMetadataUrl(issuer: string): URL {
  const url = new URL(issuer);
  const path = url.pathname === '/' ? '' : url.pathname;
  return new URL(`/.well-known/oauth-authorization-server${path}`, url.origin);
}

async function readAuthorizationServerMetadata(issuer: string): Promise<OAuthMetadata> {
  const url = authorizationServerMetadataUrl(issuer);
  const response = await fetch(url, { signal: AbortSignal.timeout(5_000) });
  if (!response.ok)
    throw new Error(`the authorization server's metadata at ${url} answered ${response.status}`);
  const metadata = (await response.json()) as OAuthMetadata;
  // RFC 8414 §3.3: metadata naming another issuer must not be used ([ASD] §Authorization Server Metadata Discovery).
  if (metadata.issuer !== issuer)
    throw new Error(`the metadata at ${url} names the issuer ${metadata.issuer}, not ${issuer}`);
  if (typeof metadata.jwks_uri !== 'string') throw new Error(`the metadata at ${url} has no jwks_uri`);
  return metadata;
}

const quoted = (value: string) => `"${value.replaceAll(/[\\"]/g, '\\$&')}"`;

export async function createResourceServer(options: ResourceServerOptions): Promise<ResourceServer> {
  const { resource } = options;
  const resourceUrl = new URL(resource);
  // [AUTH] §Refresh Tokens: servers SHOULD NOT put offline_access in PRM or in a challenge.
  if (options.scopesSupported.includes('offline_access'))
    throw new Error(
      'scopesSupported must not name offline_access: the client and the AS decide on refresh tokens',
    );
  const authorizationServer = await readAuthorizationServerMetadata(options.issuer);
  const verifier = jwtAccessTokenVerifier({
    issuer: options.issuer,
    jwksUri: String(authorizationServer.jwks_uri),
    resource,
    ...(options.now ? { now: options.now } : {}),
    ...(options.onReject ? { onReject: options.onReject } : {}),
  });
  const metadataUrl = getOAuthProtectedResourceMetadataUrl(resourceUrl);
  const metadataPath = new URL(metadataUrl).pathname;
  // The SDK's builder checks the issuer (https, or loopback http) at start. Its `resource` is the URL's href,
  // which is the canonical URI as long as it has a path (a bare origin would gain a slash).
  const metadata: OAuthProtectedResourceMetadata = {
    ...buildOAuthProtectedResourceMetadata({
      oauthMetadata: authorizationServer,
      resourceServerUrl: resourceUrl,
      scopesSupported: [...options.scopesSupported],
      ...(options.resourceName ? { resourceName: options.resourceName } : {}),
    }),
    // Tokens go in the Authorization header, never the query ([AUTH] §Token Requirements; RFC 9728 §2).
    bearer_methods_supported: ['header'],
  };
  if (metadata.resource !== resource)
    throw new Error(`resource ${resource} is not in canonical form (${metadata.resource})`);
  const requiredScopes = [...(options.requiredScopes ?? options.scopesSupported)];
  const challenge = { requiredScopes, resourceMetadataUrl: metadataUrl };
  const body = JSON.stringify(metadata);

  function metadataResponse(request: Request): Response | undefined {
    if (new URL(request.url).pathname !== metadataPath) return undefined;
    // Public and read by browser-based clients too.
    const cors = { 'access-control-allow-origin': '*' };
    if (request.method === 'OPTIONS')
      return new Response(null, {
        status: 204,
        headers: {
          ...cors,
          'access-control-allow-methods': 'GET, HEAD, OPTIONS',
          'access-control-max-age': '600',
        },
      });
    if (request.method !== 'GET' && request.method !== 'HEAD')
      return Response.json(
        {
          error: 'method_not_allowed',
          error_description: `${request.method} is not allowed; read this document with GET`,
        },
        { status: 405, headers: { ...cors, allow: 'GET, HEAD, OPTIONS' } },
      );
    return new Response(request.method === 'HEAD' ? null : body, {
      status: 200,
      headers: { ...cors, 'content-type': 'application/json' },
    });
  }

  async function authenticate(request: Pick<Request, 'headers'>): Promise<AuthInfo | Response> {
    const authorization = request.headers.get('authorization');
    // RFC 6750 §3.1: a request without credentials, or with another scheme than Bearer, gets a challenge
    // without an error code. Only a Bearer token that fails gets error="invalid_token".
    if (authorization === null || !/^bearer(\s|$)/i.test(authorization.trim())) {
      const scope = requiredScopes.length > 0 ? `, scope=${quoted(requiredScopes.join(' '))}` : '';
      return Response.json(
        {
          error_description:
            'This endpoint needs an OAuth access token (Authorization: Bearer …): resource_metadata in WWW-Authenticate says where to get one.',
        },
        {
          status: 401,
          headers: { 'www-authenticate': `Bearer resource_metadata=${quoted(metadataUrl)}${scope}` },
        },
      );
    }
    try {
      return await verifyBearerToken(authorization, {
        verifier,
        ...challenge,
        expectedResource: resourceUrl,
      });
    } catch (error) {
      // The verifier logged its own refusals; these are the SDK's (no expiry, another resource, bad header).
      if (error instanceof OAuthError && error.message !== INVALID_TOKEN_DESCRIPTION)
        options.onReject?.(error.message);
      return bearerAuthChallengeResponse(error, challenge);
    }
  }

  function insufficientScope(scopes: readonly string[], description = 'Insufficient scope'): Response {
    return bearerAuthChallengeResponse(new OAuthError(OAuthErrorCode.InsufficientScope, description), {
      requiredScopes: [...scopes],
      resourceMetadataUrl: metadataUrl,
    });
  }

  return {
    resource,
    metadataUrl,
    metadataPath,
    metadata,
    authorizationServer,
    verifier,
    metadataResponse,
    authenticate,
    insufficientScope,
  };
}
