// Lab 13: the kit's authorization server starts on loopback, then the learner's file as a host starts an HTTP
// server (PORT, AUTH_ISSUER, MCP_RESOURCE). A headless learner signs in at the AS for real tokens: one for this
// server, one for the Memos REST API (another audience); the Memos personal access token is the REST API's own.
// Every probe is a raw request, shown as sent and as answered.
import { startAuthServer, TEACHING_PASSWORD } from '@memos-kit/auth-server';
import { HeadlessOAuthProvider } from '@memos-kit/auth-server/headless';
import { portIsClosed } from '@memos-kit/process';
import { getHeader, rawHttp } from '@memos-kit/wire';
import { auth } from '@modelcontextprotocol/client';
import { getOAuthProtectedResourceMetadataUrl } from '@modelcontextprotocol/server';
import { decodeJwt, decodeProtectedHeader, generateKeyPair, SignJWT } from 'jose';
import { newId, seed, word } from '../src/build-track.ts';
import { absent, type CheckContext, fail, type LabCheck } from '../src/check.ts';
import {
  ANSWER_MS,
  freePort,
  type HttpServer,
  json,
  request,
  showRequest,
  showResponse,
  startHttp,
} from '../src/learner.ts';
import { notACopy, ownImports, ownProcess } from '../src/own-code.ts';

const SCOPE = 'memos:read';
const REST_SCOPE = 'memos.api';

interface Setup {
  server: HttpServer;
  issuer: string;
  resource: string;
  /** Where RFC 9728 puts this resource's metadata: `/.well-known/oauth-protected-resource/mcp`. */
  metadataUrl: string;
  /** A token whose audience is the REST API, minted by the same AS. */
  restResource: string;
}

const SETUP = 'lab13:setup';

function setup(context: CheckContext): Promise<Setup> {
  let ready = context.shared.get(SETUP) as Promise<Setup> | undefined;
  if (!ready) {
    ready = (async () => {
      const memos = await context.writable();
      const port = await freePort();
      const resource = `http://127.0.0.1:${port}/mcp`;
      const restResource = `${memos.url}/api/v1`;
      const as = await startAuthServer({
        resource,
        scopes: [SCOPE],
        defaultScope: SCOPE,
        otherResources: { [restResource]: [REST_SCOPE] },
        users: [{ username: 'learner' }],
        lang: 'en',
      });
      context.onClose(() => as.close());
      const server = await startHttp(context, port, { AUTH_ISSUER: as.issuer, MCP_RESOURCE: resource });
      const metadataUrl = getOAuthProtectedResourceMetadataUrl(new URL(resource));
      return { server, issuer: as.issuer, resource, metadataUrl, restResource };
    })();
    context.shared.set(SETUP, ready);
  }
  return ready;
}

/**
 * A token from the kit's AS, got as a client gets one: login, consent, code, token. The client reads the
 * resource's metadata from the check, not from the learner's server, so a token can be had whatever that serves.
 */
async function tokenFor(context: CheckContext, audience: 'mcp' | 'rest'): Promise<string> {
  const key = `lab13:token:${audience}`;
  let token = context.shared.get(key) as Promise<string> | undefined;
  if (!token) {
    token = (async () => {
      const { resource, issuer, restResource } = await setup(context);
      const provider = new HeadlessOAuthProvider({
        redirectUrl: 'http://127.0.0.1:8090/callback',
        username: 'learner',
        password: TEACHING_PASSWORD,
      });
      if (audience === 'rest') provider.validateResourceURL = async () => new URL(restResource);
      const metadata = { resource, authorization_servers: [issuer], scopes_supported: [SCOPE] };
      const fetchFn = (url: string | URL, init?: RequestInit) =>
        new URL(url).pathname.startsWith('/.well-known/oauth-protected-resource')
          ? Promise.resolve(Response.json(metadata))
          : fetch(url, init);
      const options = { serverUrl: resource, fetchFn, scope: audience === 'rest' ? REST_SCOPE : SCOPE };
      if ((await auth(provider, options)) !== 'REDIRECT') throw new Error('the AS did not ask to sign in');
      const params = provider.takeCallback();
      const granted = { authorizationCode: params.get('code') ?? '', iss: params.get('iss') ?? '' };
      if ((await auth(provider, { ...options, ...granted })) !== 'AUTHORIZED')
        throw new Error('the AS gave no token');
      return (await provider.tokens())?.access_token ?? '';
    })();
    context.shared.set(key, token);
  }
  return token;
}

/** The learner's server, listening: or the failure that says it is not. */
async function listening(context: CheckContext): Promise<Setup> {
  const ready = await setup(context);
  if (await portIsClosed(ready.server.port))
    fail('notListening', {
      vars: { port: ready.server.port, seconds: ANSWER_MS / 1000 },
      expected: `app.listen(${ready.server.port}, '127.0.0.1', …)`,
      got: ready.server.output().slice(-800) || absent('Nothing'),
    });
  return ready;
}

/**
 * The real token's header and claims, word for word, signed with a key the AS never had: only a server that
 * checks the signature against the AS's keys (jwks_uri) tells it from the real one. Decoding is not verifying.
 */
async function forged(token: string): Promise<string> {
  const header = decodeProtectedHeader(token);
  const { privateKey } = await generateKeyPair('ES256');
  return new SignJWT(decodeJwt(token)).setProtectedHeader({ ...header, alg: 'ES256' }).sign(privateKey);
}

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const shortened = (token: string) => (token.length > 24 ? `${token.slice(0, 20)}…` : token);

/** A tools/call that a refusing server must turn away with 401 invalid_token. */
async function refuses(context: CheckContext, token: string, message: string, what: string) {
  const { server, metadataUrl } = await listening(context);
  const call = request(newId(), 'tools/call', { name: 'list_memos', arguments: { pageSize: 1 } });
  const answer = await server.post(call, bearer(token));
  const challenge = getHeader(answer.headers, 'www-authenticate') ?? '';
  // Neither let in nor turned away: requireBearerAuth answers 401 only for OAuthError(InvalidToken), and
  // anything else the verifier throws (jose's own error, say) becomes 500 server_error, or 400/403.
  const threw = answer.status !== 401 && answer.status !== 200;
  if (answer.status !== 401 || !/^Bearer\b.*error="invalid_token"/i.test(challenge))
    fail(threw ? 'verifierThrew' : message, {
      vars: { what, status: answer.status },
      sent: showRequest(call, server.port, { Authorization: `Bearer ${shortened(token)}` }),
      expected: `HTTP/1.1 401\nWWW-Authenticate: Bearer error="invalid_token", …, resource_metadata="${metadataUrl}"`,
      got: showResponse(answer),
    });
}

export const checks: LabCheck[] = [
  ownImports,
  notACopy,
  {
    id: 'metadata',
    topic: 'metadata',
    run: async (context) => {
      const { server, metadataUrl, resource, issuer } = await listening(context);
      const target = new URL(metadataUrl).pathname;
      const answer = await rawHttp(server.base, {
        method: 'GET',
        target,
        headers: [['Host', `127.0.0.1:${server.port}`]],
        body: '',
      });
      const body = json(answer.body) as { resource?: unknown; authorization_servers?: unknown } | undefined;
      const servers = Array.isArray(body?.authorization_servers) ? body.authorization_servers : [];
      if (answer.status !== 200 || body?.resource !== resource || !servers.includes(issuer))
        fail('noMetadata', {
          vars: { path: target },
          sent: `GET ${target} HTTP/1.1\nHost: 127.0.0.1:${server.port}`,
          expected: `HTTP/1.1 200\nContent-Type: application/json\n\n{"resource":"${resource}","authorization_servers":["${issuer}"],…}`,
          got: showResponse(answer),
        });
    },
  },
  {
    id: 'challenge',
    topic: 'challenge',
    run: async (context) => {
      const { server, metadataUrl } = await listening(context);
      const call = request(newId(), 'tools/list');
      const answer = await server.post(call);
      const challenge = getHeader(answer.headers, 'www-authenticate') ?? '';
      const named = /resource_metadata="([^"]*)"/.exec(challenge)?.[1];
      if (answer.status !== 401 || !/^Bearer\b/i.test(challenge) || named !== metadataUrl)
        fail('noChallenge', {
          sent: showRequest(call, server.port),
          expected: `HTTP/1.1 401\nWWW-Authenticate: Bearer …resource_metadata="${metadataUrl}"`,
          got: showResponse(answer),
        });
    },
  },
  {
    id: 'valid',
    topic: 'verify',
    run: async (context) => {
      const { server } = await listening(context);
      const token = await tokenFor(context, 'mcp');
      const secret = word();
      const name = await seed(context, `${secret} behind a token`);
      const call = request(newId(), 'tools/call', {
        name: 'list_memos',
        arguments: { filter: `content.contains("${secret}")` },
      });
      const answer = await server.post(call, bearer(token));
      const memos = (json(answer.body)?.result?.structuredContent as { memos?: Array<{ name: string }> })
        ?.memos;
      if (answer.status !== 200 || JSON.stringify(memos?.map((memo) => memo.name)) !== JSON.stringify([name]))
        fail('validRefused', {
          vars: { name },
          sent: showRequest(call, server.port, { Authorization: `Bearer ${shortened(token)}` }),
          expected: `HTTP/1.1 200\nContent-Type: application/json\n\n{"result":{"structuredContent":{"memos":[{"name":"${name}",…}]},…}}`,
          got: showResponse(answer),
        });
    },
  },
  {
    id: 'audience',
    topic: 'verify',
    run: async (context) => {
      const { restResource } = await setup(context);
      await refuses(context, await tokenFor(context, 'rest'), 'otherAudience', restResource);
    },
  },
  {
    id: 'memosToken',
    topic: 'verify',
    run: async (context) => {
      const memos = await context.writable();
      await refuses(context, memos.users[0]?.tokens[0] ?? '', 'memosTokenAccepted', 'Memos');
    },
  },
  {
    id: 'forged',
    topic: 'verify',
    run: async (context) => {
      await refuses(context, await forged(await tokenFor(context, 'mcp')), 'forgedAccepted', 'ES256');
    },
  },
  ownProcess,
];
