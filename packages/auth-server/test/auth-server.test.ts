// The authorization server by itself: what it advertises, what it refuses, and the pages a learner sees. Raw
// HTTP, the way a client sends it, against one server for the file.
import { createHash, randomBytes } from 'node:crypto';
import { loadDataset } from '@memos-kit/memos-rest';
import { listeningAddresses, portIsClosed } from '@memos-kit/process';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FormBrowser } from '../src/headless/index.ts';
import {
  CONFORMANCE_CLIENT_ID,
  type RunningAuthServer,
  startAuthServer,
  TEACHING_PASSWORD,
} from '../src/index.ts';

const RESOURCE = 'http://127.0.0.1:5230/mcp';
const MEMOS_API = 'http://127.0.0.1:5230/api/v1';
const REDIRECT = 'http://127.0.0.1:3999/callback';
const users = loadDataset('workshop').users;

let as: RunningAuthServer;
beforeAll(async () => {
  as = await startAuthServer({
    resource: RESOURCE,
    scopes: ['memos:read', 'memos:write'],
    defaultScope: 'memos:read',
    otherResources: { [MEMOS_API]: ['memos.api'] },
    users,
    cimdHosts: { 'client.memos-kit.test': 'http://127.0.0.1:9' },
  });
});
afterAll(() => as?.close());

function pkce() {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

function authorizeUrl(params: Record<string, string>): URL {
  const url = new URL(`${as.issuer}/auth`);
  url.search = new URLSearchParams({
    response_type: 'code',
    redirect_uri: REDIRECT,
    state: 'st',
    ...params,
  }).toString();
  return url;
}

/** Where the AS sends the browser straight away, without a page in between (an error, say). */
async function redirectOf(url: URL): Promise<URLSearchParams> {
  const response = await fetch(url, { redirect: 'manual' });
  expect(response.status).toBeGreaterThanOrEqual(300);
  expect(response.status).toBeLessThan(400);
  return new URL(String(response.headers.get('location'))).searchParams;
}

function register(metadata: Record<string, unknown>) {
  return fetch(`${as.issuer}/reg`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(metadata),
  });
}

function tokenRequest(params: Record<string, string>) {
  return fetch(`${as.issuer}/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(params),
  });
}

/** The conformance runner's flow: the pre-registered public client, no scope, no resource. */
async function codeFlow(extra: Record<string, string> = {}, who = 'demo') {
  const { verifier, challenge } = pkce();
  const url = authorizeUrl({
    client_id: CONFORMANCE_CLIENT_ID,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    ...extra,
  });
  const landed = await new FormBrowser().authorize(url, REDIRECT, {
    username: who,
    password: TEACHING_PASSWORD,
  });
  return { params: landed.searchParams, verifier };
}

describe('what the AS advertises', () => {
  it('serves the same RFC 8414 metadata at both well-known URLs, with the settings MCP asks for', async () => {
    expect(as.issuer).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const oauth = await (await fetch(`${as.issuer}/.well-known/oauth-authorization-server`)).json();
    const openid = await (await fetch(`${as.issuer}/.well-known/openid-configuration`)).json();
    expect(openid).toEqual(oauth);
    expect(oauth).toMatchObject({
      issuer: as.issuer,
      authorization_endpoint: `${as.issuer}/auth`,
      token_endpoint: `${as.issuer}/token`,
      registration_endpoint: `${as.issuer}/reg`,
      jwks_uri: `${as.issuer}/jwks`,
      response_types_supported: ['code'],
      code_challenge_methods_supported: ['S256'],
      authorization_response_iss_parameter_supported: true,
      client_id_metadata_document_supported: true,
      grant_types_supported: ['authorization_code', 'refresh_token'],
      scopes_supported: ['openid', 'offline_access', 'memos:read', 'memos:write', 'memos.api'],
    });
    expect(oauth.token_endpoint_auth_methods_supported).toContain('none');
    for (const leftover of [
      'userinfo_endpoint',
      'end_session_endpoint',
      'pushed_authorization_request_endpoint',
    ])
      expect(oauth).not.toHaveProperty(leftover);
  });

  it('publishes one ES256 key of its own', async () => {
    const { keys } = await (await fetch(`${as.issuer}/jwks`)).json();
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig' });
    expect(keys[0]).not.toHaveProperty('d');
  });
});

describe('the code flow, as the conformance runner sends it', () => {
  it('puts iss in the authorization response and issues an at+jwt for the MCP resource with the default scope', async () => {
    const { params, verifier } = await codeFlow();
    expect(params.get('iss')).toBe(as.issuer);
    expect(params.get('state')).toBe('st');
    const response = await tokenRequest({
      grant_type: 'authorization_code',
      code: String(params.get('code')),
      redirect_uri: REDIRECT,
      code_verifier: verifier,
      client_id: CONFORMANCE_CLIENT_ID,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toMatch(/no-store/);
    const body = await response.json();
    expect(body).toMatchObject({ token_type: 'Bearer', scope: 'memos:read' });
    expect(decodeProtectedHeader(body.access_token)).toMatchObject({ typ: 'at+jwt', alg: 'ES256' });
    // No resource in the request, and still no audience-less token.
    expect(decodeJwt(body.access_token)).toMatchObject({
      aud: RESOURCE,
      iss: as.issuer,
      sub: 'demo',
      scope: 'memos:read',
    });
  });

  it('matches the runner’s loopback redirect URI on any port (RFC 8252 §7.3), and no other address', async () => {
    const start = (redirect: string) =>
      fetch(
        authorizeUrl({
          client_id: CONFORMANCE_CLIENT_ID,
          code_challenge: pkce().challenge,
          code_challenge_method: 'S256',
          redirect_uri: redirect,
        }),
        { redirect: 'manual', headers: { accept: 'application/json' } },
      );
    // On to the login page: the redirect URI was accepted.
    const accepted = await start('http://127.0.0.1:4123/callback');
    expect(accepted.headers.get('location')).toMatch(/^\/interaction\//);
    // Another path or host is refused on the spot, never redirected to (RFC 6749 §4.1.2.1).
    for (const other of ['http://127.0.0.1:4123/elsewhere', 'http://localhost:4123/callback']) {
      const refused = await start(other);
      expect(refused.status, other).toBe(400);
      expect(await refused.json()).toMatchObject({ error: 'invalid_redirect_uri' });
    }
  });

  it('requires PKCE with S256, and says so with iss in the error response', async () => {
    const missing = await redirectOf(authorizeUrl({ client_id: CONFORMANCE_CLIENT_ID }));
    expect(missing.get('error')).toBe('invalid_request');
    expect(missing.get('iss')).toBe(as.issuer);
    const plain = await redirectOf(
      authorizeUrl({
        client_id: CONFORMANCE_CLIENT_ID,
        code_challenge: 'a'.repeat(43),
        code_challenge_method: 'plain',
      }),
    );
    expect(plain.get('error')).toBe('invalid_request');
  });

  it('refuses a resource it does not serve', async () => {
    const refused = await redirectOf(
      authorizeUrl({
        client_id: CONFORMANCE_CLIENT_ID,
        code_challenge: pkce().challenge,
        code_challenge_method: 'S256',
        resource: 'http://127.0.0.1:5230/mcp/',
      }),
    );
    expect(refused.get('error')).toBe('invalid_target');
  });

  it('answers a denied consent with access_denied and iss', async () => {
    const { challenge } = pkce();
    const landed = await new FormBrowser().authorize(
      authorizeUrl({
        client_id: CONFORMANCE_CLIENT_ID,
        code_challenge: challenge,
        code_challenge_method: 'S256',
      }),
      REDIRECT,
      { username: 'bob', password: TEACHING_PASSWORD, consent: 'deny' },
    );
    expect(landed.searchParams.get('error')).toBe('access_denied');
    expect(landed.searchParams.get('iss')).toBe(as.issuer);
  });
});

describe('refresh tokens', () => {
  it('rotates a public client’s refresh token at every use and refuses the old one', async () => {
    const client = await (
      await register({
        client_name: 'refresh test',
        redirect_uris: [REDIRECT],
        application_type: 'native',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
      })
    ).json();
    const { verifier, challenge } = pkce();
    const landed = await new FormBrowser().authorize(
      authorizeUrl({
        client_id: client.client_id,
        code_challenge: challenge,
        code_challenge_method: 'S256',
        scope: 'memos:read offline_access',
        prompt: 'consent',
      }),
      REDIRECT,
      { username: 'alice', password: TEACHING_PASSWORD },
    );
    const first = await (
      await tokenRequest({
        grant_type: 'authorization_code',
        code: String(landed.searchParams.get('code')),
        redirect_uri: REDIRECT,
        code_verifier: verifier,
        client_id: client.client_id,
      })
    ).json();
    expect(first.refresh_token).toEqual(expect.any(String));
    const refresh = (token: string) =>
      tokenRequest({ grant_type: 'refresh_token', refresh_token: token, client_id: client.client_id });
    const second = await (await refresh(first.refresh_token)).json();
    expect(second.refresh_token).toEqual(expect.any(String));
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(decodeJwt(second.access_token).aud).toBe(RESOURCE);
    const reused = await refresh(first.refresh_token);
    expect(reused.status).toBe(400);
    expect(await reused.json()).toMatchObject({ error: 'invalid_grant' });
  });
});

describe('client registration', () => {
  it('accepts DCR with loopback or https redirect URIs and drops a registered scope', async () => {
    const response = await register({
      client_name: 'dcr test',
      redirect_uris: [REDIRECT, 'https://app.example/cb'],
      application_type: 'web',
      token_endpoint_auth_method: 'none',
      scope: 'memos:read',
    });
    expect(response.status).toBe(201);
    const client = await response.json();
    // Held to no scope list of its own, a client can step up later (the SDK registers with its first scope).
    expect(client).not.toHaveProperty('scope');
  });

  it('refuses an http redirect URI off loopback and a custom scheme ([SEC] §Communication Security)', async () => {
    for (const uri of ['http://example.com/callback', 'com.example.app:/callback']) {
      const response = await register({
        redirect_uris: [uri],
        application_type: uri.startsWith('http') ? 'web' : 'native',
      });
      expect(response.status, uri).toBe(400);
      expect(await response.json()).toMatchObject({ error: 'invalid_redirect_uri' });
    }
  });

  it('fetches no metadata document from an https host outside its list', async () => {
    const page = await fetch(
      authorizeUrl({
        client_id: 'https://elsewhere.example/client.json',
        code_challenge: pkce().challenge,
        code_challenge_method: 'S256',
      }),
      { headers: { accept: 'application/json' } },
    );
    expect(page.status).toBe(400);
    expect(await page.json()).toMatchObject({ error: 'invalid_client' });
  });

  it('maps a CIMD host only to loopback', async () => {
    await expect(
      startAuthServer({
        resource: RESOURCE,
        scopes: [],
        users,
        cimdHosts: { 'client.memos-kit.test': 'http://10.0.0.1' },
      }),
    ).rejects.toThrow(/loopback/);
  });
});

describe('the pages a learner clicks through', () => {
  async function loginPage(headers: Record<string, string> = {}, query = '') {
    const browser = new FormBrowser();
    const start = await browser.request(
      authorizeUrl({
        client_id: CONFORMANCE_CLIENT_ID,
        code_challenge: pkce().challenge,
        code_challenge_method: 'S256',
      }),
    );
    const location = new URL(String(start.headers.get('location')), as.issuer);
    const page = await browser.request(new URL(`${location.pathname}${query}`, as.issuer), { headers });
    return { browser, location, page, html: await page.text() };
  }

  it('speaks Chinese by default and lists every dataset user with the one teaching password, saying why', async () => {
    const { page, html } = await loginPage();
    expect(page.status).toBe(200);
    expect(html).toContain('<html lang="zh-CN">');
    expect(html).toContain('登录 Memos 教具');
    for (const user of users) expect(html).toContain(`<code>${user.username}</code>`);
    expect(html).toContain('韩梅梅');
    expect(html).toContain(`每个用户的密码都是 ${TEACHING_PASSWORD}。`);
    expect(html).toContain('为什么把密码写在页面上');
  });

  it('speaks English to an English browser, and ?lang= switches and is kept for the rest of the flow', async () => {
    expect((await loginPage({ 'accept-language': 'en-US,en;q=0.9,zh;q=0.5' })).html).toContain(
      'Sign in to the Memos kit',
    );
    expect((await loginPage({ 'accept-language': 'fr, zh-CN;q=0.8, en;q=0.5' })).html).toContain(
      '登录 Memos 教具',
    );
    const { browser, location, page, html } = await loginPage({}, '?lang=en');
    expect(html).toContain('<html lang="en">');
    expect(html).toContain(`Every user has the same password: ${TEACHING_PASSWORD}.`);
    expect(page.headers.getSetCookie().join('\n')).toMatch(/memos_kit_lang=en/);
    // The next page of the flow has no ?lang=, and an English-less browser: the cookie keeps English.
    const next = await browser.request(new URL(location.pathname, as.issuer), {
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(await next.text()).toContain('Sign in to the Memos kit');
  });

  it('refuses to be framed, is not cached, and names its cookies for the kit and this port', async () => {
    const { browser, page } = await loginPage();
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    expect(page.headers.get('content-security-policy')).toBe("frame-ancestors 'none'");
    expect(page.headers.get('cache-control')).toBe('no-store');
    const start = await browser.request(
      authorizeUrl({
        client_id: CONFORMANCE_CLIENT_ID,
        code_challenge: pkce().challenge,
        code_challenge_method: 'S256',
      }),
    );
    const names = start.headers.getSetCookie().map((cookie) => cookie.split('=')[0]);
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) expect(name).toMatch(new RegExp(`^memos_kit_${as.port}_`));
  });

  it('sends a wrong password back to the form with a message, and no one else signs in', async () => {
    const { browser, location } = await loginPage();
    const post = await browser.request(new URL(`${location.pathname}/login`, as.issuer), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username: 'alice', password: 'wrong' }),
    });
    expect(post.status).toBe(303);
    const back = await browser.request(new URL(String(post.headers.get('location')), as.issuer));
    expect(await back.text()).toContain('用户名或密码不对。');
  });

  it('shows the consent page the client, the resource with its scopes, and a warning for a loopback redirect', async () => {
    const { browser, location } = await loginPage();
    const signedIn = await browser.request(new URL(`${location.pathname}/login`, as.issuer), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username: 'meimei', password: TEACHING_PASSWORD }),
    });
    let url = new URL(String(signedIn.headers.get('location')), as.issuer);
    let response = await browser.request(url);
    while (response.status === 303) {
      url = new URL(String(response.headers.get('location')), as.issuer);
      response = await browser.request(url);
    }
    const html = await response.text();
    expect(html).toContain('允许这个客户端访问吗？');
    expect(html).toContain('你已登录为 meimei。');
    expect(html).toContain(CONFORMANCE_CLIENT_ID);
    expect(html).toContain(`它会得到一个只能用在 ${RESOURCE} 的令牌`);
    expect(html).toContain('<code>memos:read</code>');
    expect(html).toContain('127.0.0.1:3999');
    expect(html).toContain('这个地址在你自己的电脑上');
  });

  it('answers a broken form post with a page or JSON, never a stack trace', async () => {
    for (const accept of ['text/html', 'application/json']) {
      const response = await fetch(`${as.issuer}/interaction/nothing-here/login`, {
        method: 'POST',
        headers: { accept, 'content-type': 'application/x-www-form-urlencoded' },
        body: 'username=demo',
      });
      expect(response.status).toBe(400);
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      const text = await response.text();
      expect(text).not.toMatch(/\n\s+at /);
      if (accept === 'application/json') expect(JSON.parse(text)).toMatchObject({ error: 'invalid_request' });
      else expect(text).toContain('请求被拒绝');
    }
  });
});

describe('where it listens', () => {
  it('listens on 127.0.0.1 alone, and close() stops it', async () => {
    const addresses = listeningAddresses(as.port);
    if (addresses !== null) expect(addresses).toEqual(['127.0.0.1']);
    const another = await startAuthServer({ resource: RESOURCE, scopes: [], users });
    await another.close();
    expect(await portIsClosed(another.port)).toBe(true);
  });

  it('binds loopback unless given an address and the issuer clients reach it by', async () => {
    await expect(startAuthServer({ resource: RESOURCE, scopes: [], users, host: '0.0.0.0' })).rejects.toThrow(
      /issuer/,
    );
  });

  it('refuses a resource that could not be matched byte for byte', async () => {
    for (const resource of ['http://127.0.0.1:5230/mcp/', 'http://127.0.0.1:5230/mcp#x', 'mcp'])
      await expect(startAuthServer({ resource, scopes: [], users })).rejects.toThrow(/resource/);
  });
});
