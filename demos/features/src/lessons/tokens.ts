// `pnpm demo:features --lesson tokens`: the token that must not pass through. The same tool call twice, with
// a tap on the REST API behind the adapter: what the adapter receives and what it sends upstream, first as
// the article has it (the caller's Memos token goes through), then with `--auth oauth` (a token issued to
// /mcp stays there; the adapter calls Memos with its own credential). Then each token at the other's door.
import { createServer } from 'node:http';
import { HeadlessOAuthProvider } from '@memos-kit/auth-server/headless';
import { startServer } from '@memos-kit/memos-mcp';
import { createRestApp } from '@memos-kit/memos-rest';
import { closeOnSignals, listen } from '@memos-kit/process';
import type { Lang, Printer } from '@memos-kit/terminal';
import type { HttpHeaders, HttpMessage } from '@memos-kit/wire';
import { auth } from '@modelcontextprotocol/client';
import { showExchange } from '../exchange-view.ts';
import { messages } from '../messages.ts';
import { type Exchange, mcpMessage, restMessage, send } from '../requests.ts';

const HOST = '127.0.0.1';
/** The user of both runs, and the credential the adapter holds for her in the OAuth run. */
const USER = 'demo';
const MEMOS_TOKEN = 'example-token';

/** A message with its Authorization replaced (or removed, with undefined). */
function withAuthorization(message: HttpMessage, value: string | undefined): HttpMessage {
  const headers: HttpHeaders = message.headers.filter(([name]) => name.toLowerCase() !== 'authorization');
  if (value !== undefined) headers.splice(1, 0, ['Authorization', value]);
  return { ...message, headers };
}

/** A JWT is long: on a projector its first characters and its length say enough. */
const short = (token: string) => (token.length > 24 ? `${token.slice(0, 16)}…(${token.length})` : token);

export async function runTokensLesson(printer: Printer, lang: Lang): Promise<number> {
  const say = messages.in(lang);
  let failures = 0;
  const check = (condition: boolean, text: string) => {
    if (!condition) failures += 1;
    printer.verdict(condition, condition ? text : say('checkFailed', { what: text }));
  };
  // The REST API behind the adapter, in this process, with a tap that keeps every Authorization it receives.
  const upstream: string[] = [];
  const { app } = createRestApp({ dataset: 'workshop' });
  const rest = await listen(
    createServer((req, res) => {
      upstream.push(`${req.method} ${req.url}  Authorization: ${req.headers.authorization ?? '(none)'}`);
      app(req, res);
    }),
  );
  const stops: Array<() => Promise<unknown>> = [() => rest.close()];
  const release = closeOnSignals(async () => {
    for (const stop of stops) await stop();
  });
  const call = mcpMessage(HOST, 1, 'tools/call', {
    name: 'memo_get_memo',
    arguments: { memo: 'memos/demo-secret' },
  });
  const showUpstream = () => {
    printer.note(say('tokensUpstream'));
    for (const line of upstream) printer.wire(`    ${line}`);
  };
  try {
    printer.title(say('tokensTitle'));
    printer.note(say('tokensIntro', { url: rest.url }));

    // 1. As in the article: /mcp takes the Memos token and hands it on.
    printer.heading(say('tokensForwarding'));
    const plain = await startServer({ port: 0, memosUrl: rest.url });
    stops.unshift(() => plain.close());
    upstream.length = 0;
    showExchange(printer, await send(plain.url, withAuthorization(call, `Bearer ${MEMOS_TOKEN}`)));
    showUpstream();
    check(
      upstream.length === 1 && upstream[0]?.endsWith(`Bearer ${MEMOS_TOKEN}`) === true,
      say('tokensForwarded'),
    );
    printer.note(say('tokensForwardingWhy'));

    // 2. --auth oauth: a token for /mcp, and the adapter's own credential upstream.
    printer.heading(say('tokensOAuth'));
    const guarded = await startServer({
      port: 0,
      memosUrl: rest.url,
      oauth: { port: 0, upstreamTokens: { [USER]: MEMOS_TOKEN }, lang },
    });
    stops.unshift(() => guarded.close());
    const learner = new HeadlessOAuthProvider({
      redirectUrl: 'http://127.0.0.1:8090/callback',
      username: USER,
      password: guarded.oauth?.password ?? '',
    });
    const serverUrl = guarded.mcpUrl;
    await auth(learner, { serverUrl });
    const granted = learner.takeCallback();
    await auth(learner, {
      serverUrl,
      authorizationCode: granted.get('code') ?? '',
      iss: granted.get('iss') ?? '',
    });
    const token = (await learner.tokens())?.access_token ?? '';
    const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'));
    printer.note(say('tokensGot', { user: USER, issuer: guarded.oauth?.issuer ?? '' }));
    printer.wire(
      `    ${JSON.stringify({ iss: claims.iss, aud: claims.aud, sub: claims.sub, scope: claims.scope })}`,
    );
    upstream.length = 0;
    const sent = withAuthorization(call, `Bearer ${token}`);
    const answer = await send(guarded.url, sent);
    showExchange(printer, { ...answer, request: withAuthorization(sent, `Bearer ${short(token)}`) });
    showUpstream();
    check(
      answer.response.status === 200 &&
        upstream.length === 1 &&
        upstream[0]?.endsWith(`Bearer ${MEMOS_TOKEN}`) === true &&
        !upstream.join('\n').includes(token),
      say('tokensOwnCredential'),
    );

    // 3. Each token at the other's door.
    printer.heading(say('tokensDoors'));
    upstream.length = 0;
    const patAtMcp: Exchange = await send(guarded.url, withAuthorization(call, `Bearer ${MEMOS_TOKEN}`));
    showExchange(printer, patAtMcp);
    check(patAtMcp.response.status === 401 && upstream.length === 0, say('tokensPatRefused'));
    const jwtAtRest = await send(
      rest.url,
      withAuthorization(restMessage(HOST, 'GET', '/api/v1/memos/demo-secret'), `Bearer ${token}`),
    );
    showExchange(printer, {
      ...jwtAtRest,
      request: withAuthorization(jwtAtRest.request, `Bearer ${short(token)}`),
    });
    check(jwtAtRest.response.status === 401, say('tokensJwtRefused'));
    printer.note(say('tokensWhy'));
  } finally {
    release();
    for (const stop of stops) await stop();
  }
  return failures;
}
