// startAuthServer: oidc-provider on its own loopback port, behind a small Express app that serves the login
// and consent pages, sets the headers every page of an authorization server needs, and answers errors with a
// page instead of a stack trace.
import { createServer } from 'node:http';
import { listen } from '@memos-kit/process';
import { defaultLang } from '@memos-kit/terminal';
import express from 'express';
import Provider from 'oidc-provider';
import { configuration, cookieNames } from './configuration.ts';
import {
  type AuthServerOptions,
  checkResourceIndicator,
  isLoopbackHost,
  TEACHING_PASSWORD,
} from './options.ts';
import { pages } from './pages.ts';

export interface RunningAuthServer {
  /** `http://127.0.0.1:PORT` by default: no trailing slash, compared byte for byte (RFC 8414 §3.3, RFC 9207 §2.4). */
  issuer: string;
  /** The RFC 8414 metadata document's URL. */
  metadataUrl: string;
  port: number;
  /** The library's object, for listeners on its events (`grant.success`, `server_error`…). */
  provider: Provider;
  /** Stops accepting and ends every connection. */
  close(): Promise<void>;
}

export async function startAuthServer(options: AuthServerOptions): Promise<RunningAuthServer> {
  checkResourceIndicator(options.resource);
  for (const other of Object.keys(options.otherResources ?? {})) checkResourceIndicator(other);
  const host = options.host ?? '127.0.0.1';
  if (!isLoopbackHost(host) && options.issuer === undefined)
    throw new Error(`host ${host} is not loopback: give the issuer URL clients reach this server by`);

  // Listen first: the issuer names the port, and port 0 picks it.
  const listening = await listen(createServer(), { host, port: options.port ?? 0 });
  try {
    const issuer = options.issuer ?? listening.url;
    if (issuer.endsWith('/')) throw new Error(`issuer ${issuer} must not end with a slash`);
    const lang = options.lang ?? defaultLang();
    const provider = new Provider(
      issuer,
      await configuration(options, cookieNames(listening.port), {
        renderError: (...args) => ui.renderError(...args),
      }),
    );
    const ui = pages({
      provider,
      users: options.users,
      password: options.password ?? TEACHING_PASSWORD,
      resource: options.resource,
      lang,
    });

    const app = express();
    app.disable('x-powered-by');
    // Every page, the consent page first, refuses to be framed: a framed Allow button can be clickjacked
    // ([BP] §Confused Deputy Problem asks consent pages for anti-framing).
    app.use((_req, res, next) => {
      res.set('x-frame-options', 'DENY');
      res.set('content-security-policy', "frame-ancestors 'none'");
      next();
    });
    ui.mount(app);
    app.use(provider.callback());
    app.use(ui.errorHandler);
    listening.server.on('request', app);

    return {
      issuer,
      metadataUrl: `${issuer}/.well-known/oauth-authorization-server`,
      port: listening.port,
      provider,
      close: async () => {
        await listening.close();
      },
    };
  } catch (error) {
    await listening.close();
    throw error;
  }
}
