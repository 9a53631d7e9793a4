// Enough of a browser to click through the AS's pages from a test: cookies kept by name and path for one
// origin, redirects followed by hand so each hop can be seen, and the two forms the kit's pages show.

interface Cookie {
  name: string;
  value: string;
  path: string;
}

export interface Credentials {
  username: string;
  password: string;
  /** What to answer on the consent page (allow by default). */
  consent?: 'allow' | 'deny';
}

export class FormBrowser {
  private readonly cookies: Cookie[] = [];
  /** Every request made, as `METHOD /path`: the trail a class sees in the browser's address bar. */
  readonly trail: string[] = [];

  private store(response: Response, url: URL) {
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq);
      const pathAttribute = attributes.find((a) => a.toLowerCase().startsWith('path='));
      const path = pathAttribute ? pathAttribute.slice(5) : url.pathname.replace(/\/[^/]*$/, '') || '/';
      const gone = attributes.some((a) => /^max-age=0$/i.test(a) || /^expires=.*1970/i.test(a));
      const at = this.cookies.findIndex((c) => c.name === name && c.path === path);
      if (at !== -1) this.cookies.splice(at, 1);
      if (!gone) this.cookies.push({ name, value: pair.slice(eq + 1), path });
    }
  }

  private cookieHeader(url: URL): string {
    const within = (path: string) =>
      url.pathname === path || url.pathname.startsWith(path.endsWith('/') ? path : `${path}/`);
    return this.cookies
      .filter((c) => within(c.path))
      .map((c) => `${c.name}=${c.value}`)
      .join('; ');
  }

  /** One request, without following a redirect. */
  async request(url: URL, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    const cookie = this.cookieHeader(url);
    if (cookie) headers.set('cookie', cookie);
    this.trail.push(`${init.method ?? 'GET'} ${url.pathname}`);
    const response = await fetch(url, { ...init, headers, redirect: 'manual' });
    this.store(response, url);
    return response;
  }

  /**
   * Goes from an authorization URL to the redirect URI, as a learner would: signs in, answers the consent
   * page, follows every redirect. Stops at the first address that starts with `redirectUri` (nothing needs to
   * listen there) and returns it, with its `code`, `state` and `iss` (or `error`).
   */
  async authorize(authorizationUrl: URL, redirectUri: string, who: Credentials): Promise<URL> {
    let url = authorizationUrl;
    for (let hop = 0; hop < 16; hop++) {
      if (url.href.startsWith(redirectUri)) return url;
      const response = await this.request(url);
      if (response.status >= 300 && response.status < 400) {
        url = new URL(String(response.headers.get('location')), url);
        continue;
      }
      const body = await response.text();
      if (response.status !== 200)
        throw new Error(`the AS answered ${response.status} at ${url.pathname}: ${body.slice(0, 300)}`);
      const action = /<form method="post" action="([^"]+\/(?:login|consent))"/.exec(body)?.[1];
      if (!action) throw new Error(`no login or consent form at ${url.pathname}`);
      const target = new URL(action.replaceAll('&amp;', '&'), url);
      const deny = action.endsWith('/consent') && who.consent === 'deny';
      const fields: Record<string, string> = action.endsWith('/login')
        ? { username: who.username, password: who.password }
        : { decision: 'allow' };
      const post = await this.request(deny ? new URL(target.href.replace(/\/consent$/, '/abort')) : target, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(deny ? {} : fields).toString(),
      });
      if (post.status < 300 || post.status >= 400)
        throw new Error(
          `the form at ${target.pathname} answered ${post.status}: ${(await post.text()).slice(0, 300)}`,
        );
      url = new URL(String(post.headers.get('location')), target);
    }
    throw new Error('no redirect to the redirect URI after 16 hops');
  }
}
