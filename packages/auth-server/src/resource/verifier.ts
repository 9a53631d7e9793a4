// Checks the AS's JWT access tokens (RFC 9068) locally, against its published keys: no call to the AS per
// request. What makes a token good here is that this server is its audience; everything else follows.
import {
  type AuthInfo,
  OAuthError,
  OAuthErrorCode,
  type OAuthTokenVerifier,
} from '@modelcontextprotocol/server';
import { createRemoteJWKSet, errors, type JWTVerifyGetKey, jwtVerify } from 'jose';

export interface JwtVerifierOptions {
  /** The AS's issuer, compared byte for byte with the token's `iss`. */
  issuer: string;
  /** Where the AS publishes its signing keys (`jwks_uri` of its metadata). */
  jwksUri: string;
  /** This server's canonical URI: the one audience accepted. */
  resource: string;
  /** The verifier's "now", so a test can move past a token's expiry without waiting. */
  now?: () => Date;
  /** Why a token was refused (`JWTClaimValidationFailed: unexpected "aud" claim value`): for a server log only. */
  onReject?: (reason: string) => void;
}

/** The one description every refused token gets: which check failed helps an attacker more than a client. */
export const INVALID_TOKEN_DESCRIPTION = 'The access token is not valid for this server';

export function jwtAccessTokenVerifier(options: JwtVerifierOptions): OAuthTokenVerifier {
  const keys: JWTVerifyGetKey = createRemoteJWKSet(new URL(options.jwksUri), { timeoutDuration: 2_000 });
  const refuse = (reason: string): never => {
    options.onReject?.(reason);
    throw new OAuthError(OAuthErrorCode.InvalidToken, INVALID_TOKEN_DESCRIPTION);
  };
  return {
    async verifyAccessToken(token) {
      let payload: Record<string, unknown> = {};
      try {
        ({ payload } = await jwtVerify(token, keys, {
          issuer: options.issuer,
          audience: options.resource,
          // RFC 9068 §4: the header's typ tells an access token from an id token signed with the same key.
          typ: 'at+jwt',
          // The AS signs with ES256 only; naming it refuses "none" and algorithm confusion.
          algorithms: ['ES256'],
          requiredClaims: ['exp', 'iat', 'jti', 'sub', 'client_id'],
          ...(options.now ? { currentDate: options.now() } : {}),
        }));
      } catch (error) {
        // The keys could not be fetched: the server's problem, not the token's (the SDK answers 500).
        if (error instanceof errors.JWKSTimeout || !(error instanceof errors.JOSEError)) throw error;
        refuse(`${error.name}: ${error.message}`);
      }
      // A token for several audiences could be replayed by one of them at another ([SEC] §Token Audience
      // Binding and Validation): only a token for this server alone passes.
      const audience = Array.isArray(payload.aud) ? payload.aud : [payload.aud];
      if (audience.length !== 1) refuse(`the token names ${audience.length} audiences`);
      return {
        token,
        clientId: String(payload.client_id),
        scopes: typeof payload.scope === 'string' ? payload.scope.split(' ').filter(Boolean) : [],
        expiresAt: Number(payload.exp),
        // From the token, never from configuration: the SDK's expectedResource check compares what the AS
        // wrote with this server, and would compare the server with itself otherwise.
        resource: new URL(String(audience[0])),
        extra: { sub: payload.sub },
      } satisfies AuthInfo;
    },
  };
}
