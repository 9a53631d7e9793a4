// The whole flow on loopback: the SDK's client against a minimal SDK MCP server protected by the resource-server
// pieces, with the kit's AS issuing the tokens and a headless learner clicking through its pages. One AS and
// one MCP server for the file.
import { loadDataset } from '@memos-kit/memos-rest';
import type { Listening } from '@memos-kit/process';
import { auth, Client, StreamableHTTPClientTransport, UnauthorizedError } from '@modelcontextprotocol/client';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HeadlessOAuthProvider } from '../src/headless/index.ts';
import { type RunningAuthServer, startAuthServer, TEACHING_PASSWORD } from '../src/index.ts';
import { createResourceServer, type ResourceServer } from '../src/resource/index.ts';
import { type CimdHost, startCimdHost } from './support/cimd-host.ts';
import { listenForMcp, serveProtectedMcp } from './support/protected-mcp.ts';

const REDIRECT = 'http://127.0.0.1:8090/callback'; // nothing listens: the headless browser stops there
const CIMD_HOST = 'client.memos-kit.test';
const CIMD_PATH = '/oauth/headless-learner.json';
const CIMD_URL = `https://${CIMD_HOST}${CIMD_PATH}`;
const NAMELESS_PATH = '/oauth/nameless.json';
const users = loadDataset('workshop').users;

let mcp: Listening;
let cimd: CimdHost;
let as: RunningAuthServer;
let rs: ResourceServer;
let memosApi: string;
let clockSkewMs = 0;
const rejections: string[] = [];

beforeAll(async () => {
  cimd = await startCimdHost({
    [CIMD_PATH]: {
      client_id: CIMD_URL,
      client_name: 'Memos kit headless learner (CIMD)',
      redirect_uris: [REDIRECT],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
      application_type: 'native',
    },
    // draft-02 lets a document leave client_name out; MCP does not ([REG] §Implementation Requirements).
    [NAMELESS_PATH]: {
      client_id: `https://${CIMD_HOST}${NAMELESS_PATH}`,
      redirect_uris: [REDIRECT],
      token_endpoint_auth_method: 'none',
      application_type: 'native',
    },
  });
  const { listening, resource } = await listenForMcp();
  mcp = listening;
  // The Memos REST API beside /mcp, as `pnpm serve` has it: another resource the same AS mints tokens for.
  memosApi = `${listening.url}/api/v1`;
  as = await startAuthServer({
    resource,
    scopes: ['memos:read', 'memos:write'],
    defaultScope: 'memos:read',
    otherResources: { [memosApi]: ['memos.api'] },
    users,
    cimdHosts: { [CIMD_HOST]: cimd.listening.url },
  });
  rs = await createResourceServer({
    resource,
    issuer: as.issuer,
    scopesSupported: ['memos:read'],
    now: () => new Date(Date.now() + clockSkewMs),
    onReject: (reason) => rejections.push(reason),
  });
  serveProtectedMcp(mcp, rs);
});

afterAll(async () => {
  await mcp?.close();
  await as?.close();
  await cimd?.listening.close();
});

const learner = (username: string, extra: { clientMetadataUrl?: string } = {}) =>
  new HeadlessOAuthProvider({ redirectUrl: REDIRECT, username, password: TEACHING_PASSWORD, ...extra });

const newClient = () =>
  new Client(
    { name: 'flow-test', version: '0.0.0' },
    { versionNegotiation: { mode: { pin: '2026-07-28' } } },
  );

/** connect → 401 → discovery, registration, login and consent → finishAuth → connect again with the token. */
async function connectWithOAuth(provider: HeadlessOAuthProvider) {
  const first = new StreamableHTTPClientTransport(new URL(rs.resource), { authProvider: provider });
  await expect(newClient().connect(first)).rejects.toBeInstanceOf(UnauthorizedError);
  await first.finishAuth(provider.takeCallback());
  const client = newClient();
  const transport = new StreamableHTTPClientTransport(new URL(rs.resource), { authProvider: provider });
  await client.connect(transport);
  return { client, transport };
}

async function accessToken(provider: HeadlessOAuthProvider): Promise<string> {
  const tokens = await provider.tokens();
  if (!tokens) throw new Error('no tokens saved');
  return tokens.access_token;
}

function post(headers: Record<string, string>) {
  return fetch(rs.resource, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: '{}',
  });
}

describe('the 401 and the Protected Resource Metadata', () => {
  it('answers a request without credentials with a bare challenge (RFC 6750 §3.1) naming the metadata and the scope', async () => {
    for (const headers of [{}, { authorization: 'Basic ZGVtbzptZW1vcw==' }] as Record<string, string>[]) {
      const response = await post(headers);
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toBe(
        `Bearer resource_metadata="${rs.metadataUrl}", scope="memos:read"`,
      );
      expect(await response.json()).toEqual({
        error_description: expect.stringContaining('resource_metadata'),
      });
    }
  });

  it('answers a Bearer token it cannot accept with error="invalid_token"', async () => {
    const response = await post({ authorization: 'Bearer not-a-token' });
    expect(response.status).toBe(401);
    const challenge = String(response.headers.get('www-authenticate'));
    expect(challenge).toMatch(/^Bearer error="invalid_token", /);
    expect(challenge).toContain(`scope="memos:read", resource_metadata="${rs.metadataUrl}"`);
    expect(await response.json()).toMatchObject({ error: 'invalid_token' });
  });

  it('serves the metadata at the path-aware well-known URL for /mcp, and only there', async () => {
    expect(rs.metadataUrl).toBe(`${mcp.url}/.well-known/oauth-protected-resource/mcp`);
    const response = await fetch(rs.metadataUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(await response.json()).toEqual({
      resource: rs.resource,
      authorization_servers: [as.issuer],
      scopes_supported: ['memos:read'],
      bearer_methods_supported: ['header'],
    });
    // No copy of the AS's metadata on the MCP origin: clients find the AS through this document.
    expect((await fetch(`${mcp.url}/.well-known/oauth-authorization-server`)).status).toBe(404);
    const wrongMethod = await fetch(rs.metadataUrl, { method: 'POST' });
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
  });

  it('refuses to advertise offline_access, which the spec leaves to the client and the AS', async () => {
    await expect(
      createResourceServer({
        resource: rs.resource,
        issuer: as.issuer,
        scopesSupported: ['memos:read', 'offline_access'],
      }),
    ).rejects.toThrow(/offline_access/);
  });

  it('refuses an AS whose metadata names another issuer (RFC 8414 §3.3)', async () => {
    await expect(
      createResourceServer({
        resource: rs.resource,
        issuer: `${as.issuer}/`,
        scopesSupported: ['memos:read'],
      }),
    ).rejects.toThrow(/names the issuer/);
  });
});

describe('the whole flow with the SDK client', () => {
  it('DCR: discovery from the 401, registration, code with PKCE, token, then tools/call', async () => {
    const provider = learner('alice');
    const { client } = await connectWithOAuth(provider);
    const result = await client.callTool({ name: 'memo_list_memos', arguments: {} });
    expect(result.content).toEqual([{ type: 'text', text: 'memos of alice' }]);

    const request = provider.authorizationRequests[0];
    expect(request?.searchParams.get('code_challenge_method')).toBe('S256');
    expect(request?.searchParams.get('resource')).toBe(rs.resource);
    expect(request?.searchParams.get('scope')?.split(' ')).toContain('memos:read');
    const token = await accessToken(provider);
    expect(decodeProtectedHeader(token)).toMatchObject({ typ: 'at+jwt', alg: 'ES256' });
    const claims = decodeJwt(token);
    expect(claims).toMatchObject({ iss: as.issuer, aud: rs.resource, sub: 'alice' });
    expect(String(claims.client_id)).not.toMatch(/^https:/);
    // The learner's trail: authorize, sign in, consent, back to the client.
    expect(provider.browser.trail.filter((step) => step.startsWith('POST'))).toEqual([
      expect.stringMatching(/^POST \/interaction\/[^/]+\/login$/),
      expect.stringMatching(/^POST \/interaction\/[^/]+\/consent$/),
    ]);
    await client.close();
  });

  it('CIMD: the client_id is an https URL whose document the AS fetches over HTTP', async () => {
    const before = cimd.fetched.length;
    const provider = learner('meimei', { clientMetadataUrl: CIMD_URL });
    const { client } = await connectWithOAuth(provider);
    const result = await client.callTool({ name: 'memo_list_memos', arguments: {} });
    expect(result.content).toEqual([{ type: 'text', text: 'memos of meimei' }]);
    expect(provider.authorizationRequests[0]?.searchParams.get('client_id')).toBe(CIMD_URL);
    expect(decodeJwt(await accessToken(provider)).client_id).toBe(CIMD_URL);
    expect(cimd.fetched.slice(before)).toContain(CIMD_PATH);
    await client.close();
  });

  it('CIMD: a document without client_name is fetched and refused', async () => {
    const before = cimd.fetched.length;
    const provider = learner('demo', { clientMetadataUrl: `https://${CIMD_HOST}${NAMELESS_PATH}` });
    const first = new StreamableHTTPClientTransport(new URL(rs.resource), { authProvider: provider });
    await expect(newClient().connect(first)).rejects.toThrow(/the AS answered 400 at \/auth/);
    expect(cimd.fetched.slice(before)).toContain(NAMELESS_PATH);
    const asJson = await fetch(String(provider.authorizationRequests[0]), {
      headers: { accept: 'application/json' },
    });
    expect(await asJson.json()).toMatchObject({ error: 'invalid_client' });
  });

  it('step-up: a 403 insufficient_scope, then a new authorization with the union of the scopes', async () => {
    const provider = learner('bob');
    const { client, transport } = await connectWithOAuth(provider);
    let stepped = false;
    try {
      await client.callTool({ name: 'memo_delete_memo', arguments: { name: 'memos/1' } });
    } catch (error) {
      expect(error).toBeInstanceOf(UnauthorizedError);
      stepped = true;
      await transport.finishAuth(provider.takeCallback());
    }
    expect(stepped).toBe(true);
    expect(provider.authorizationRequests.at(-1)?.searchParams.get('scope')?.split(' ').sort()).toEqual(
      expect.arrayContaining(['memos:read', 'memos:write']),
    );
    const again = newClient();
    await again.connect(new StreamableHTTPClientTransport(new URL(rs.resource), { authProvider: provider }));
    const result = await again.callTool({ name: 'memo_delete_memo', arguments: { name: 'memos/1' } });
    expect(result.content).toEqual([{ type: 'text', text: 'deleted memos/1' }]);
    expect(decodeJwt(await accessToken(provider)).scope).toBe('memos:read memos:write');
    await again.close();
    await client.close();
  });

  it('names the scope the operation needs in the 403, as the step-up answer of the library does', async () => {
    const response = rs.insufficientScope(['memos:write']);
    expect(response.status).toBe(403);
    expect(response.headers.get('www-authenticate')).toBe(
      `Bearer error="insufficient_scope", error_description="Insufficient scope", scope="memos:write", resource_metadata="${rs.metadataUrl}"`,
    );
  });
});

describe('tokens the MCP endpoint refuses', () => {
  async function refusedWith(token: string) {
    const start = rejections.length;
    const response = await post({ authorization: `Bearer ${token}` });
    return {
      status: response.status,
      challenge: response.headers.get('www-authenticate'),
      reasons: rejections.slice(start),
    };
  }

  async function tokenFor(provider: HeadlessOAuthProvider, scope?: string) {
    const serverUrl = rs.resource;
    expect(await auth(provider, { serverUrl, ...(scope ? { scope } : {}) })).toBe('REDIRECT');
    const params = provider.takeCallback();
    const code = params.get('code') ?? '';
    const iss = params.get('iss') ?? '';
    expect(
      await auth(provider, { serverUrl, authorizationCode: code, iss, ...(scope ? { scope } : {}) }),
    ).toBe('AUTHORIZED');
    return accessToken(provider);
  }

  it('a token the same AS issued for the Memos REST API (another audience)', async () => {
    const provider = learner('alice');
    provider.validateResourceURL = async () => new URL(memosApi);
    const token = await tokenFor(provider, 'memos.api');
    expect(decodeJwt(token)).toMatchObject({ aud: memosApi, iss: as.issuer });
    const refused = await refusedWith(token);
    expect(refused.status).toBe(401);
    expect(refused.challenge).toMatch(/^Bearer error="invalid_token"/);
    expect(refused.reasons.join('\n')).toMatch(/"aud" claim/);
  });

  it('an expired token, past its exp on the verifier’s clock', async () => {
    const provider = learner('demo');
    const token = await tokenFor(provider);
    expect((await post({ authorization: `Bearer ${token}` })).status).not.toBe(401);
    clockSkewMs = (Number(decodeJwt(token).exp) - Math.floor(Date.now() / 1000) + 1) * 1000;
    try {
      const refused = await refusedWith(token);
      expect(refused.status).toBe(401);
      expect(refused.reasons.join('\n')).toMatch(/"exp" claim/);
    } finally {
      clockSkewMs = 0;
    }
  });

  it('the Memos personal access token example-token', async () => {
    const refused = await refusedWith('example-token');
    expect(refused.status).toBe(401);
    expect(refused.challenge).toMatch(/^Bearer error="invalid_token"/);
    expect(refused.reasons.join('\n')).toMatch(/JWS/);
  });

  it('a token from a second AS, even one issued for this very resource', async () => {
    const other = await startAuthServer({ resource: rs.resource, scopes: ['memos:read'], users });
    try {
      const provider = learner('demo');
      // The discovery state points the client at the other AS instead of the one the metadata names.
      provider.saveDiscoveryState({ authorizationServerUrl: other.issuer });
      const token = await tokenFor(provider);
      expect(decodeJwt(token)).toMatchObject({ iss: other.issuer, aud: rs.resource });
      const refused = await refusedWith(token);
      expect(refused.status).toBe(401);
      // Its key is not among this AS's keys, whatever the claims say.
      expect(refused.reasons.join('\n')).toMatch(/^JWKSNoMatchingKey/m);
    } finally {
      await other.close();
    }
  });
});
