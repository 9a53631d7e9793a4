// `pnpm serve --auth oauth`: the kit's authorization server beside the adapter, and the resource-server side
// of /mcp. Loaded by a dynamic import in that mode only, so a default start never loads oidc-provider.
import { type SeededUser, startAuthServer, TEACHING_PASSWORD } from '@memos-kit/auth-server';
import { createResourceServer } from '@memos-kit/auth-server/resource';
import type { Lang } from '@memos-kit/terminal';
import { type EndpointAuth, subjectOf } from '../http/endpoint-auth.ts';

/** Every call needs this one ([BP] §Scope Minimization: the baseline is all PRM and the 401 name). */
const READ_SCOPE = 'memos:read';
/** A tool that is not read-only asks for this one by a 403 step-up when the token lacks it. */
const WRITE_SCOPE = 'memos:write';
/** The scope of a token for the REST API itself: the AS mints those too, to show they do not open /mcp. */
const REST_API_SCOPE = 'memos.api';

export interface OAuthStartOptions {
  /** The canonical URI of /mcp, exactly as clients reach it (the RFC 8707 resource). */
  resource: string;
  /** The REST API's URL beside it: a second resource, whose tokens /mcp refuses. */
  restApi: string;
  /** The authorization server's port on 127.0.0.1 (0 picks one). */
  port: number;
  /** Other MCP servers the AS issues tokens for, with the scopes /mcp's tokens carry; /mcp refuses them. */
  otherResources?: readonly string[];
  users: readonly SeededUser[];
  /** Username → the credential the adapter itself holds for that user at the REST API (a Memos token). */
  upstream: ReadonlyMap<string, string>;
  lang?: Lang;
  log?: (line: string) => void;
}

export interface RunningOAuth {
  auth: EndpointAuth;
  issuer: string;
  /** Where the Protected Resource Metadata of /mcp is (RFC 9728). */
  metadataUrl: string;
  /** The one teaching password every seeded user signs in with. */
  password: string;
  close(): Promise<void>;
}

export async function startOAuth(options: OAuthStartOptions): Promise<RunningOAuth> {
  const server = await startAuthServer({
    port: options.port,
    resource: options.resource,
    scopes: [READ_SCOPE, WRITE_SCOPE],
    defaultScope: READ_SCOPE,
    otherResources: {
      ...Object.fromEntries((options.otherResources ?? []).map((uri) => [uri, [READ_SCOPE, WRITE_SCOPE]])),
      [options.restApi]: [REST_API_SCOPE],
    },
    users: options.users,
    ...(options.lang ? { lang: options.lang } : {}),
  });
  try {
    const rs = await createResourceServer({
      resource: options.resource,
      issuer: server.issuer,
      scopesSupported: [READ_SCOPE],
      resourceName: 'Memos MCP adapter',
      onReject: (reason) => options.log?.(`oauth: token refused: ${reason}`),
    });
    const auth: EndpointAuth = {
      metadataPath: rs.metadataPath,
      metadataResponse: (request) => rs.metadataResponse(request),
      authenticate: (request) => rs.authenticate(request),
      insufficientScope: (scopes, description) => rs.insufficientScope(scopes, description),
      writeScope: WRITE_SCOPE,
      upstreamAuthorization(caller) {
        const user = subjectOf(caller);
        const token = user === undefined ? undefined : options.upstream.get(user);
        if (token === undefined)
          options.log?.(`oauth: no upstream credential for ${user}: calling anonymously`);
        return token === undefined ? undefined : `Bearer ${token}`;
      },
    };
    return {
      auth,
      issuer: server.issuer,
      metadataUrl: rs.metadataUrl,
      password: TEACHING_PASSWORD,
      close: () => server.close(),
    };
  } catch (error) {
    await server.close();
    throw error;
  }
}
