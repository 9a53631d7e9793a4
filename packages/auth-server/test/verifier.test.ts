// The verifier against tokens the kit's AS never issues but an attacker or a careless AS could: no audience,
// two audiences, an id token's type, another algorithm, a missing claim. Signed here with a key this test
// publishes itself, so each token fails for the one reason it is built to fail for.
import { createServer } from 'node:http';
import { type Listening, listen } from '@memos-kit/process';
import { OAuthError } from '@modelcontextprotocol/server';
import { exportJWK, generateKeyPair, type JWTPayload, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jwtAccessTokenVerifier } from '../src/resource/index.ts';

const ISSUER = 'http://127.0.0.1:5231';
const RESOURCE = 'http://127.0.0.1:5230/mcp';

let jwks: Listening;
let es256: CryptoKey;
let es384: CryptoKey;
const reasons: string[] = [];

beforeAll(async () => {
  const pair = await generateKeyPair('ES256', { extractable: true });
  es256 = pair.privateKey;
  // A second key the JWKS publishes, for another algorithm: only the verifier's own rule refuses it.
  const other = await generateKeyPair('ES384', { extractable: true });
  es384 = other.privateKey;
  const publicJwks = [
    { ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'ES256', use: 'sig' },
    { ...(await exportJWK(other.publicKey)), kid: 'k2', alg: 'ES384', use: 'sig' },
  ];
  jwks = await listen(
    createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ keys: publicJwks }));
    }),
  );
});
afterAll(() => jwks?.close());

const verifier = () =>
  jwtAccessTokenVerifier({
    issuer: ISSUER,
    jwksUri: `${jwks.url}/jwks`,
    resource: RESOURCE,
    onReject: (reason) => reasons.push(reason),
  });

const good: JWTPayload = { sub: 'alice', client_id: 'c1', scope: 'memos:read', jti: 'j1' };

function sign(
  payload: JWTPayload,
  header: { typ?: string; alg?: string } = {},
  audience: string | string[] | null = RESOURCE,
) {
  const jwt = new SignJWT(payload)
    .setProtectedHeader({
      alg: header.alg ?? 'ES256',
      typ: header.typ ?? 'at+jwt',
      kid: header.alg === 'ES384' ? 'k2' : 'k1',
    })
    .setIssuer(ISSUER)
    .setIssuedAt()
    .setExpirationTime('10m');
  if (audience !== null) jwt.setAudience(audience);
  return jwt.sign(header.alg === 'ES384' ? es384 : es256);
}

async function refusal(token: string): Promise<string> {
  const start = reasons.length;
  await expect(verifier().verifyAccessToken(token)).rejects.toBeInstanceOf(OAuthError);
  return reasons.slice(start).join('\n');
}

describe('the JWT access-token verifier', () => {
  it('accepts a token for this resource and reports the resource from its aud', async () => {
    const info = await verifier().verifyAccessToken(await sign(good));
    expect(info).toMatchObject({ clientId: 'c1', scopes: ['memos:read'], extra: { sub: 'alice' } });
    expect(String(info.resource)).toBe(RESOURCE);
    expect(info.expiresAt).toBeGreaterThan(Date.now() / 1000);
  });

  it('refuses a token that names no audience', async () => {
    expect(await refusal(await sign(good, {}, null))).toMatch(/"aud" claim/);
  });

  it('refuses a token for this resource and another one besides', async () => {
    expect(await refusal(await sign(good, {}, [RESOURCE, 'http://127.0.0.1:5230/api/v1']))).toMatch(
      /2 audiences/,
    );
  });

  it('refuses an id token (typ JWT) signed with the same key', async () => {
    expect(await refusal(await sign(good, { typ: 'JWT' }))).toMatch(/"typ"/);
  });

  it('refuses any algorithm but ES256, even with a key the JWKS publishes', async () => {
    expect(await refusal(await sign(good, { alg: 'ES384' }))).toMatch(
      /"alg" \(Algorithm\) Header Parameter value not allowed/,
    );
  });

  it('refuses a token without client_id', async () => {
    const { client_id: _gone, ...rest } = good;
    expect(await refusal(await sign(rest))).toMatch(/client_id/);
  });

  it('refuses a token from another issuer', async () => {
    const token = await new SignJWT(good)
      .setProtectedHeader({ alg: 'ES256', typ: 'at+jwt', kid: 'k1' })
      .setIssuer('http://127.0.0.1:9999')
      .setAudience(RESOURCE)
      .setIssuedAt()
      .setExpirationTime('10m')
      .sign(es256);
    expect(await refusal(token)).toMatch(/"iss" claim/);
  });
});
