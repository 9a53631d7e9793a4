// `--auth oauth` in process: /mcp as an OAuth resource server with the kit's AS beside it, fronting a REST API
// that records every Authorization header it receives, so the test sees what crosses to Memos and what does not.
import { createServer } from 'node:http';
import { TEACHING_PASSWORD } from '@memos-kit/auth-server';
import type { HeadlessOAuthProvider } from '@memos-kit/auth-server/headless';
import { createRestApp } from '@memos-kit/memos-rest';
import { type Listening, listen } from '@memos-kit/process';
import { auth, StreamableHTTPClientTransport, UnauthorizedError } from '@modelcontextprotocol/client';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type RunningAdapter, startServer } from '../src/index.ts';
import { mcpRequest } from './support/mcp-http.ts';
import { connectWithOAuth, learner as learnerWith, newClient } from './support/oauth-client.ts';

/** What the adapter holds for each user at the REST API: not the dataset's tokens, so a copy would show. */
const UPSTREAM = { demo: 'example-token', alice: 'alice-token' };

let rest: Listening;
let server: RunningAdapter;
const upstreamSaw: string[] = [];
const log: string[] = [];

beforeAll(async () => {
  const { app } = createRestApp({ dataset: 'workshop' });
  const recorder = express().use((req, _res, next) => {
    upstreamSaw.push(req.headers.authorization ?? '(none)');
    next();
  }, app);
  rest = await listen(createServer(recorder));
  server = await startServer({
    port: 0,
    memosUrl: rest.url,
    oauth: { port: 0, upstreamTokens: UPSTREAM, lang: 'en' },
    log: (line) => log.push(line),
  });
}, 30_000);
afterAll(async () => {
  await server?.close();
  await rest?.close();
});

/** A JWT's claims, read without checking anything: what a token says, for the test to compare. */
const claimsOf = (token: string): Record<string, unknown> =>
  JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'));

const learner = (username: string) => learnerWith(username, TEACHING_PASSWORD);

async function connectAs(provider: HeadlessOAuthProvider) {
  return (await connectWithOAuth(new URL(server.mcpUrl), provider)).client;
}

/** A token the learner gets for `resource` (the server's own unless told), through login and consent. */
async function tokenFor(provider: HeadlessOAuthProvider, scope?: string): Promise<string> {
  const serverUrl = server.mcpUrl;
  expect(await auth(provider, { serverUrl, ...(scope ? { scope } : {}) })).toBe('REDIRECT');
  const params = provider.takeCallback();
  const granted = { authorizationCode: params.get('code') ?? '', iss: params.get('iss') ?? '' };
  expect(await auth(provider, { serverUrl, ...granted, ...(scope ? { scope } : {}) })).toBe('AUTHORIZED');
  return (await provider.tokens())?.access_token ?? '';
}

function callTool(name: string, token: string | undefined, args: Record<string, unknown> = {}) {
  const { body, headers } = mcpRequest('tools/call', { name, arguments: args });
  const { Authorization: _, ...rest } = headers;
  return fetch(server.mcpUrl, {
    method: 'POST',
    headers: token === undefined ? rest : { ...rest, Authorization: `Bearer ${token}` },
    body,
  });
}

describe('pnpm serve --auth oauth', () => {
  it('serves the Protected Resource Metadata naming the AS, and a bare 401 pointing to it', async () => {
    expect(server.oauth).toMatchObject({ resource: server.mcpUrl, users: ['demo', 'alice'] });
    const metadataUrl = server.oauth?.metadataUrl ?? '';
    expect(metadataUrl).toBe(`${server.url}/.well-known/oauth-protected-resource/mcp`);
    const metadata = await fetch(metadataUrl);
    expect(await metadata.json()).toMatchObject({
      resource: server.mcpUrl,
      authorization_servers: [server.oauth?.issuer],
      scopes_supported: ['memos:read'],
    });
    const refused = await callTool('memo_list_memos', undefined);
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toBe(
      `Bearer resource_metadata="${metadataUrl}", scope="memos:read"`,
    );
  });

  it('authenticates before it reads a body: a request without a token and with broken JSON gets the 401', async () => {
    const response = await fetch(server.mcpUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: '{"jsonrpc": "2.0", broken',
    });
    expect(response.status).toBe(401);
  });

  it('lets the SDK client through the whole flow, and calls REST with its own credential, never the token', async () => {
    const provider = learner('alice');
    const client = await connectAs(provider);
    // Discovery, registration and the code with PKCE happened on the way: the SDK asked with S256 for /mcp.
    const asked = provider.authorizationRequests[0]?.searchParams;
    expect(asked?.get('code_challenge_method')).toBe('S256');
    expect(asked?.get('resource')).toBe(server.mcpUrl);
    const token = (await provider.tokens())?.access_token ?? '';
    expect(claimsOf(token)).toMatchObject({ aud: server.mcpUrl, sub: 'alice', iss: server.oauth?.issuer });
    upstreamSaw.length = 0;
    const result = await client.callTool({ name: 'memo_list_memos', arguments: {} });
    expect(result.isError).toBeFalsy();
    expect(upstreamSaw).toEqual([`Bearer ${UPSTREAM.alice}`]);
    expect(upstreamSaw.join('\n')).not.toContain(token);
    await client.close();
  }, 30_000);

  it('asks for memos:write by a 403 before a tool that is not read-only, and the SDK steps up', async () => {
    const provider = learner('alice');
    const token = await tokenFor(provider);
    expect(claimsOf(token).scope).toBe('memos:read');
    upstreamSaw.length = 0;
    const refused = await callTool('memo_delete_memo', token, { memo: 'memos/archived-idea' });
    expect(refused.status).toBe(403);
    expect(refused.headers.get('www-authenticate')).toMatch(
      /^Bearer error="insufficient_scope", .*scope="memos:write", resource_metadata="/,
    );
    // Refused before the REST API heard of it; a read-only tool passes with the same token.
    expect(upstreamSaw).toEqual([]);
    expect((await callTool('memo_list_memos', token)).status).toBe(200);

    // The SDK client reads the 403, asks the AS again for the union of the scopes, and retries.
    const url = new URL(server.mcpUrl);
    const first = new StreamableHTTPClientTransport(url, { authProvider: provider });
    const client = newClient();
    await client.connect(first);
    await expect(
      client.callTool({ name: 'memo_delete_memo', arguments: { memo: 'memos/archived-idea' } }),
    ).rejects.toBeInstanceOf(UnauthorizedError);
    expect(provider.authorizationRequests.at(-1)?.searchParams.get('scope')).toMatch(
      /memos:read.*memos:write/,
    );
    await first.finishAuth(provider.takeCallback());
    const stepped = newClient();
    await stepped.connect(new StreamableHTTPClientTransport(url, { authProvider: provider }));
    upstreamSaw.length = 0;
    const result = await stepped.callTool({
      name: 'memo_delete_memo',
      arguments: { memo: 'memos/archived-idea' },
    });
    expect(result.isError).toBeFalsy();
    expect(upstreamSaw).toEqual([`Bearer ${UPSTREAM.alice}`]);
    await stepped.close();
  }, 30_000);

  describe('refuses at /mcp, with 401 invalid_token', () => {
    const refusedWith = async (token: string) => {
      const response = await callTool('memo_list_memos', token);
      return { status: response.status, challenge: response.headers.get('www-authenticate') ?? '' };
    };

    it('a token the same AS issued for the REST API (another audience)', async () => {
      const provider = learner('alice');
      provider.validateResourceURL = async () => new URL(`${rest.url}/api/v1`);
      const token = await tokenFor(provider, 'memos.api');
      expect(claimsOf(token)).toMatchObject({ aud: `${rest.url}/api/v1` });
      const refused = await refusedWith(token);
      expect(refused.status).toBe(401);
      expect(refused.challenge).toMatch(/^Bearer error="invalid_token"/);
      expect(log.join('\n')).toMatch(/token refused: .*"aud" claim/);
    });

    it('an expired token', async () => {
      const token = await tokenFor(learner('demo'));
      expect((await refusedWith(token)).status).toBe(200);
      const exp = Number(claimsOf(token).exp) * 1000;
      vi.useFakeTimers({ toFake: ['Date'], now: exp + 1000 });
      try {
        const refused = await refusedWith(token);
        expect(refused.status).toBe(401);
        expect(refused.challenge).toMatch(/^Bearer error="invalid_token"/);
      } finally {
        vi.useRealTimers();
      }
      expect(log.join('\n')).toMatch(/token refused: .*"exp" claim/);
    });

    it('a Memos personal access token, which the REST API beside it takes', async () => {
      const refused = await refusedWith(UPSTREAM.alice);
      expect(refused.status).toBe(401);
      expect(refused.challenge).toMatch(/^Bearer error="invalid_token"/);
      const direct = await fetch(`${rest.url}/api/v1/memos`, {
        headers: { authorization: `Bearer ${UPSTREAM.alice}` },
      });
      expect(direct.status).toBe(200);
    });
  });
});
