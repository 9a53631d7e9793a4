// The SDK client's way through OAuth, as a desktop host goes: connect, get the 401, let the provider (here the
// headless learner) discover, register, sign in and consent, finish with the code, and connect again.
import { HeadlessOAuthProvider } from '@memos-kit/auth-server/headless';
import { Client, StreamableHTTPClientTransport, UnauthorizedError } from '@modelcontextprotocol/client';

/** A learner who signs in as `username` with the teaching password; the redirect goes nowhere on loopback. */
export const learner = (username: string, password: string) =>
  new HeadlessOAuthProvider({ redirectUrl: 'http://127.0.0.1:8090/callback', username, password });

export const newClient = (name = 'oauth-test') =>
  new Client({ name, version: '1.0.0' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } });

/** Resolves once `done` has stopped for authorization (UnauthorizedError); anything else is thrown. */
export async function stoppedForAuthorization(done: Promise<unknown>): Promise<void> {
  const error = await done.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!(error instanceof UnauthorizedError))
    throw new Error(`expected the client to stop for authorization, got ${String(error)}`);
}

/** connect → 401 → the whole authorization → finishAuth → a client connected with the token. */
export async function connectWithOAuth(mcpUrl: URL, provider: HeadlessOAuthProvider, name?: string) {
  const first = new StreamableHTTPClientTransport(mcpUrl, { authProvider: provider });
  await stoppedForAuthorization(newClient(name).connect(first));
  await first.finishAuth(provider.takeCallback());
  const client = newClient(name);
  const transport = new StreamableHTTPClientTransport(mcpUrl, { authProvider: provider });
  await client.connect(transport);
  return { client, transport };
}
