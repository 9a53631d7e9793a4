// The pages a learner clicks through: sign in, then allow or deny; and the page an error ends on. oidc-provider
// owns the protocol; these routes only show a form and report the answer with interactionFinished. Chinese
// first, English with `?lang=en` (kept in a cookie across the flow's redirects) or an English browser.
import { timingSafeEqual } from 'node:crypto';
import { bilingualMessages, isLang, type Lang } from '@memos-kit/terminal';
import express, { type ErrorRequestHandler, type Express, type Request, type Response } from 'express';
import type Provider from 'oidc-provider';
import type { Configuration } from 'oidc-provider';
import { isLoopbackHost, type SeededUser } from './options.ts';
import pairs from './pages.messages.json' with { type: 'json' };

const words = bilingualMessages(pairs);
type Key = keyof typeof pairs;

/** The language preference is the person's, not one server's: one cookie for every kit server on this host. */
const LANG_COOKIE = 'memos_kit_lang';

interface LangSources {
  query: unknown;
  cookie: string | undefined;
  acceptLanguage: string | undefined;
}

/** `?lang=` first, then the cookie it left, then the browser's first of zh or en, then the server's default. */
function pickLang({ query, cookie, acceptLanguage }: LangSources, fallback: Lang): Lang {
  if (isLang(query)) return query;
  const saved = /(?:^|;\s*)memos_kit_lang=(zh|en)\b/.exec(cookie ?? '')?.[1];
  if (isLang(saved)) return saved;
  const ranked = (acceptLanguage ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = Number(
        params
          .find((p) => p.trim().startsWith('q='))
          ?.trim()
          .slice(2) ?? 1,
      );
      return { lang: tag.toLowerCase().split('-')[0], q: Number.isNaN(q) ? 0 : q, index };
    })
    .filter((entry) => entry.q > 0 && isLang(entry.lang))
    .sort((a, b) => b.q - a.q || a.index - b.index);
  const first = ranked[0]?.lang;
  return isLang(first) ? first : fallback;
}

const html = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function document(lang: Lang, title: string, body: string): string {
  const say = words.in(lang);
  const other: Lang = lang === 'zh' ? 'en' : 'zh';
  return `<!doctype html>
<html lang="${lang === 'zh' ? 'zh-CN' : 'en'}"><head><meta charset="utf-8"><title>${html(title)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font:18px/1.6 system-ui,sans-serif;max-width:36rem;margin:2rem auto;padding:0 1rem}
label{display:block;margin:.5rem 0}input{font:inherit}button{font:inherit;margin:.5rem .5rem 0 0}
code{word-break:break-all}.note{background:#fff4d6;padding:.5rem}table{border-collapse:collapse}
td,th{padding:.1rem .8rem .1rem 0;text-align:left}footer{margin-top:2rem;color:#555;font-size:90%}</style>
</head><body>
<p><a href="?lang=${other}" hreflang="${other}" lang="${other}">${html(say('other_lang'))}</a></p>
${body}
<footer>${html(say('footer'))}</footer>
</body></html>`;
}

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

function scopeItems(lang: Lang, scopes: readonly string[]): string {
  return scopes
    .map((scope) => {
      const key = `scope.${scope}` as Key;
      const what = key in pairs ? ` — ${html(words.t(lang, key))}` : '';
      return `<li><code>${html(scope)}</code>${what}</li>`;
    })
    .join('');
}

export interface PagesOptions {
  provider: Provider;
  users: readonly SeededUser[];
  password: string;
  resource: string;
  lang: Lang;
}

export interface Pages {
  /** Mounts GET /interaction/:uid and its three form posts. */
  mount(app: Express): void;
  /** For oidc-provider: errors that cannot go back to the client (unknown client, bad redirect_uri). */
  renderError: NonNullable<Configuration['renderError']>;
  /** Last in the Express chain: no stack trace ever reaches a learner. */
  errorHandler: ErrorRequestHandler;
}

interface OAuthFailure {
  status?: number;
  statusCode?: number;
  error?: string;
  error_description?: string;
}

function errorBody(lang: Lang, status: number, error: string, description: string | undefined) {
  const say = words.in(lang);
  return document(
    lang,
    say('error_title'),
    `<h1>${html(say('error_title'))} (${status})</h1>
<p>${html(say('error_intro'))}</p>
<p><code>${html(error)}</code>${description ? `: ${html(description)}` : ''}</p>
<p>${html(say('error_next'))}</p>`,
  );
}

export function pages(options: PagesOptions): Pages {
  const { provider, users, password } = options;
  const known = new Set(users.map((user) => user.username));
  const langOf = (req: Request): Lang =>
    pickLang(
      { query: req.query.lang, cookie: req.get('cookie'), acceptLanguage: req.get('accept-language') },
      options.lang,
    );
  const form = express.urlencoded({ extended: false, limit: '2kb', parameterLimit: 10 });

  function respondPage(req: Request, res: Response, title: Key, body: string) {
    const lang = langOf(req);
    if (isLang(req.query.lang)) res.cookie(LANG_COOKIE, lang, { httpOnly: true, sameSite: 'lax', path: '/' });
    res
      .set('cache-control', 'no-store')
      .type('html')
      .send(document(lang, words.t(lang, title), body));
  }

  function loginPage(req: Request, uid: string, clientName: string): string {
    const say = words.in(langOf(req));
    const wrong =
      req.query.error === 'credentials' ? `<p role="alert">${html(say('wrong_credentials'))}</p>` : '';
    const rows = users
      .map(
        (user) =>
          `<tr><td><code>${html(user.username)}</code></td><td>${html(user.displayName ?? '')}</td></tr>`,
      )
      .join('');
    return `<h1>${html(say('login_heading'))}</h1>${wrong}
<p>${html(say('login_intro', { client: clientName }))}</p>
<form method="post" action="/interaction/${html(uid)}/login">
<label>${html(say('username'))} <input name="username" autocomplete="username" list="seeded-users" required autofocus></label>
<label>${html(say('password'))} <input name="password" type="password" autocomplete="current-password" required></label>
<button type="submit">${html(say('sign_in'))}</button></form>
<form method="post" action="/interaction/${html(uid)}/abort"><button type="submit">${html(say('cancel'))}</button></form>
<datalist id="seeded-users">${users.map((u) => `<option value="${html(u.username)}">`).join('')}</datalist>
<h2>${html(say('users_heading'))}</h2>
<table>${rows}</table>
<p><b>${html(say('shared_password', { password }))}</b></p>
<p class="note">${html(say('why_password'))}</p>`;
  }

  function consentPage(
    req: Request,
    uid: string,
    details: { clientName: string | undefined; clientId: string; user: string; redirectUri: string },
    missing: { resources: Record<string, string[]>; oidc: string[] },
  ): string {
    const lang = langOf(req);
    const say = words.in(lang);
    const redirect = URL.parse(details.redirectUri);
    const asked = Object.entries(missing.resources);
    const resources = (asked.length > 0 ? asked : [[options.resource, []] as [string, string[]]])
      .map(
        ([resource, scopes]) =>
          `<p>${html(say('token_for', { resource }))}</p><ul>${scopes.length > 0 ? scopeItems(lang, scopes) : `<li>${html(say('no_scope'))}</li>`}</ul>`,
      )
      .join('');
    const oidc =
      missing.oidc.length > 0 ? `<p>${html(say('also'))}</p><ul>${scopeItems(lang, missing.oidc)}</ul>` : '';
    const loopback =
      redirect && isLoopbackHost(redirect.hostname)
        ? `<p class="note" role="note">${html(say('loopback_warning'))}</p>`
        : '';
    return `<h1>${html(say('consent_heading'))}</h1>
<p>${html(say('signed_in_as', { user: details.user }))}</p>
<p><b>${html(details.clientName ?? say('unnamed_client'))}</b><br>${html(say('client_id'))}: <code>${html(details.clientId)}</code></p>
${resources}${oidc}
<p>${html(say('redirect', { host: redirect?.host ?? details.redirectUri, uri: details.redirectUri }))}</p>
${loopback}
<form method="post" action="/interaction/${html(uid)}/consent"><button type="submit" name="decision" value="allow">${html(say('allow'))}</button></form>
<form method="post" action="/interaction/${html(uid)}/abort"><button type="submit">${html(say('deny'))}</button></form>`;
  }

  function mount(app: Express) {
    app.get('/interaction/:uid', async (req, res, next) => {
      try {
        const { uid, prompt, params, session } = await provider.interactionDetails(req, res);
        const clientId = String(params.client_id);
        const client = await provider.Client.find(clientId);
        if (prompt.name === 'login') {
          respondPage(req, res, 'login_title', loginPage(req, uid, client?.clientName ?? clientId));
          return;
        }
        const details = prompt.details as {
          missingResourceScopes?: Record<string, string[]>;
          missingOIDCScope?: string[];
        };
        respondPage(
          req,
          res,
          'consent_title',
          consentPage(
            req,
            uid,
            {
              clientName: client?.clientName,
              clientId,
              user: String(session?.accountId),
              redirectUri: String(params.redirect_uri),
            },
            { resources: details.missingResourceScopes ?? {}, oidc: details.missingOIDCScope ?? [] },
          ),
        );
      } catch (error) {
        next(error);
      }
    });

    app.post('/interaction/:uid/login', form, async (req, res, next) => {
      try {
        const { uid, prompt } = await provider.interactionDetails(req, res);
        if (prompt.name !== 'login')
          throw Object.assign(new Error('not a login prompt'), { status: 400, error: 'invalid_request' });
        const username = String(req.body?.username ?? '');
        if (!known.has(username) || !sameSecret(String(req.body?.password ?? ''), password)) {
          res.redirect(303, `/interaction/${encodeURIComponent(uid)}?error=credentials`);
          return;
        }
        await provider.interactionFinished(
          req,
          res,
          { login: { accountId: username } },
          { mergeWithLastSubmission: false },
        );
      } catch (error) {
        next(error);
      }
    });

    app.post('/interaction/:uid/consent', form, async (req, res, next) => {
      try {
        const interaction = await provider.interactionDetails(req, res);
        const { prompt, params, session } = interaction;
        if (prompt.name !== 'consent' || !session)
          throw Object.assign(new Error('not a consent prompt'), { status: 400, error: 'invalid_request' });
        const missing = prompt.details as {
          missingOIDCScope?: string[];
          missingOIDCClaims?: string[];
          missingResourceScopes?: Record<string, string[]>;
        };
        const grant = interaction.grantId
          ? await provider.Grant.find(interaction.grantId)
          : new provider.Grant({ accountId: session.accountId, clientId: String(params.client_id) });
        if (!grant)
          throw Object.assign(new Error('the grant expired'), { status: 400, error: 'invalid_request' });
        if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
        if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
        for (const [indicator, scopes] of Object.entries(missing.missingResourceScopes ?? {}))
          grant.addResourceScope(indicator, scopes.join(' '));
        const grantId = await grant.save();
        await provider.interactionFinished(
          req,
          res,
          { consent: interaction.grantId ? {} : { grantId } },
          { mergeWithLastSubmission: true },
        );
      } catch (error) {
        next(error);
      }
    });

    app.post('/interaction/:uid/abort', async (req, res, next) => {
      try {
        await provider.interactionFinished(
          req,
          res,
          { error: 'access_denied', error_description: 'The user denied the request' },
          { mergeWithLastSubmission: false },
        );
      } catch (error) {
        next(error);
      }
    });
  }

  const renderError: Pages['renderError'] = (ctx, out) => {
    const lang = pickLang(
      { query: ctx.query.lang, cookie: ctx.get('cookie'), acceptLanguage: ctx.get('accept-language') },
      options.lang,
    );
    ctx.set('cache-control', 'no-store');
    if (ctx.accepts('html', 'json') === 'json') {
      ctx.body = { error: out.error, error_description: out.error_description };
      return;
    }
    ctx.type = 'html';
    ctx.body = errorBody(lang, ctx.status, out.error, out.error_description);
  };

  // Express's own final handler prints the stack trace outside production; a learner gets the error's name.
  const errorHandler: ErrorRequestHandler = (failure: OAuthFailure, req, res, _next) => {
    const status = failure.status ?? failure.statusCode ?? 500;
    const client = status >= 400 && status < 500;
    const error = client ? (failure.error ?? 'invalid_request') : 'server_error';
    const description = client ? failure.error_description : undefined;
    res.status(client ? status : 500).set('cache-control', 'no-store');
    if (req.accepts('html', 'json') === 'json') {
      res.json({ error, error_description: description });
      return;
    }
    res.type('html').send(errorBody(langOf(req), res.statusCode, error, description));
  };

  return { mount, renderError, errorHandler };
}
