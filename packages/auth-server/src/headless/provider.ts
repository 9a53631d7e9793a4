// An OAuthClientProvider for tests and scripted demos: where a desktop client opens a browser, this one clicks
// through the AS's own pages with a FormBrowser and keeps the redirect it lands on. Everything stays in memory.
import { randomBytes } from 'node:crypto';
import type {
  OAuthClientInformationContext,
  OAuthClientMetadata,
  OAuthClientProvider,
  OAuthDiscoveryState,
  StoredOAuthClientInformation,
  StoredOAuthTokens,
} from '@modelcontextprotocol/client';
import { type Credentials, FormBrowser } from './browser.ts';

export interface HeadlessProviderOptions extends Credentials {
  /** A loopback URL nothing has to listen on: the browser stops there. */
  redirectUrl: string;
  /** With it, and an AS that advertises CIMD, this https URL is the client_id ([REG] §Client ID Metadata Documents). */
  clientMetadataUrl?: string;
  clientName?: string;
}

export class HeadlessOAuthProvider implements OAuthClientProvider {
  readonly clientMetadataUrl?: string;
  readonly browser = new FormBrowser();
  /** Every authorization URL the SDK sent the "browser" to, oldest first. */
  readonly authorizationRequests: URL[] = [];
  /** Where the last authorization ended: the redirect URI with `code`, `state` and `iss` (or `error`). */
  landed?: URL;
  /** Tests set this to ask for a token for another resource than the server's. */
  validateResourceURL?: (serverUrl: string | URL, resource?: string) => Promise<URL | undefined>;

  // Client information and tokens are kept per AS issuer: a credential never moves to another AS
  // ([REG] §Authorization Server Binding).
  private readonly clients = new Map<string, StoredOAuthClientInformation>();
  private readonly tokenSets = new Map<string, StoredOAuthTokens>();
  private latestTokens?: StoredOAuthTokens;
  private verifier?: string;
  private discovery?: OAuthDiscoveryState;
  private sentState?: string;

  constructor(private readonly options: HeadlessProviderOptions) {
    if (options.clientMetadataUrl !== undefined) this.clientMetadataUrl = options.clientMetadataUrl;
  }

  get redirectUrl(): string {
    return this.options.redirectUrl;
  }

  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: this.options.clientName ?? 'Memos kit headless learner',
      redirect_uris: [this.options.redirectUrl],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
      // A loopback redirect on a port of the moment ([REG] §Application Type and Redirect URI Constraints).
      application_type: 'native',
    };
  }

  state(): string {
    this.sentState = randomBytes(16).toString('base64url');
    return this.sentState;
  }

  clientInformation(ctx?: OAuthClientInformationContext) {
    return ctx ? this.clients.get(ctx.issuer) : undefined;
  }
  saveClientInformation(info: StoredOAuthClientInformation, ctx?: OAuthClientInformationContext) {
    if (ctx) this.clients.set(ctx.issuer, info);
  }
  tokens(ctx?: OAuthClientInformationContext) {
    return ctx ? this.tokenSets.get(ctx.issuer) : this.latestTokens;
  }
  saveTokens(tokens: StoredOAuthTokens, ctx?: OAuthClientInformationContext) {
    if (ctx) this.tokenSets.set(ctx.issuer, tokens);
    this.latestTokens = tokens;
  }
  saveCodeVerifier(verifier: string) {
    this.verifier = verifier;
  }
  codeVerifier(): string {
    if (this.verifier === undefined) throw new Error('no PKCE verifier saved');
    return this.verifier;
  }
  saveDiscoveryState(state: OAuthDiscoveryState) {
    this.discovery = state;
  }
  discoveryState() {
    return this.discovery;
  }
  invalidateCredentials(scope: 'all' | 'client' | 'tokens' | 'verifier' | 'discovery') {
    if (scope === 'all' || scope === 'client') this.clients.clear();
    if (scope === 'all' || scope === 'tokens') {
      this.tokenSets.clear();
      this.latestTokens = undefined;
    }
    if (scope === 'all' || scope === 'verifier') this.verifier = undefined;
    if (scope === 'all' || scope === 'discovery') this.discovery = undefined;
  }

  /** Plays the learner: signs in, answers the consent page, and stops at the redirect URI. */
  async redirectToAuthorization(authorizationUrl: URL) {
    this.authorizationRequests.push(authorizationUrl);
    this.landed = undefined;
    this.landed = await this.browser.authorize(authorizationUrl, this.options.redirectUrl, this.options);
  }

  /**
   * The authorization response, once its `state` is the one sent: the SDK does not compare it, the client
   * must (RFC 6749 §10.12). Pass it to `transport.finishAuth`.
   */
  takeCallback(): URLSearchParams {
    const params = this.landed?.searchParams;
    if (!params) throw new Error('no authorization response captured');
    if (params.getAll('state').length !== 1 || params.get('state') !== this.sentState)
      throw new Error('the authorization response carries another state');
    this.landed = undefined;
    return params;
  }
}
