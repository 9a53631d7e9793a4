// The official MCP conformance suite's `authorization` command against the kit's AS:
// `pnpm --filter @memos-kit/auth-server conformance`. The suite checks an authorization server, not a
// protected MCP server: its metadata, then one authorization code grant with the pre-registered public client.
// It prints the authorization URL and waits for a person; here the headless learner signs in and allows, and
// the redirect goes to the suite's callback server once that server says it listens.
import * as fs from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startNode } from '@memos-kit/process';
import { FormBrowser } from '../src/headless/index.ts';
import { CONFORMANCE_CLIENT_ID, startAuthServer, TEACHING_PASSWORD } from '../src/index.ts';

const require = createRequire(import.meta.url);

/** The suite's bundle imports `fs.globSync`, which Node has from 22 on (the kit requires 22.19 or later). */
export const SUITE_RUNS_HERE = typeof (fs as { globSync?: unknown }).globSync === 'function';

export interface AuthorizationSuiteOptions {
  issuer: string;
  /** Sent as `--resource`, so the runner asks for the MCP resource in both requests. */
  resource: string;
  /** Where the runner's callback server listens (its redirect URI is http://127.0.0.1:PORT/callback). */
  callbackPort: number;
  /** The dataset user the learner signs in as. */
  username?: string;
  timeoutMs?: number;
}

export interface SuiteRun {
  code: number | null;
  output: string;
}

export async function runAuthorizationSuite(options: AuthorizationSuiteOptions): Promise<SuiteRun> {
  const cli = require.resolve('@modelcontextprotocol/conformance/dist/index.js');
  const outDir = await mkdtemp(join(tmpdir(), 'auth-server-conformance-'));
  const suite = startNode(
    [
      cli,
      'authorization',
      '--url',
      options.issuer,
      '--client-id',
      CONFORMANCE_CLIENT_ID,
      '--port',
      String(options.callbackPort),
      '--resource',
      options.resource,
      '-o',
      outDir,
    ],
    { env: { NO_COLOR: '1' } },
  );
  const timeoutMs = options.timeoutMs ?? 60_000;
  try {
    const printed = await suite.waitFor((text) => authorizationUrlIn(text) !== undefined, { timeoutMs });
    const url = new URL(String(authorizationUrlIn(printed)));
    const redirectUri = `http://127.0.0.1:${options.callbackPort}/callback`;
    const landed = await new FormBrowser().authorize(url, redirectUri, {
      username: options.username ?? 'demo',
      password: TEACHING_PASSWORD,
    });
    // The runner prints the URL before its callback server listens: deliver the redirect only after it says so.
    await suite.waitFor(/Callback server started/, { timeoutMs });
    const delivered = await fetch(landed, { signal: AbortSignal.timeout(10_000) });
    await delivered.arrayBuffer();
    const exit = await Promise.race([
      suite.exited,
      new Promise<never>((_, reject) =>
        setTimeout(
          () => reject(new Error(`the suite did not end within ${timeoutMs} ms`)),
          timeoutMs,
        ).unref(),
      ),
    ]);
    return { code: exit.code, output: suite.stdout() + suite.stderr() };
  } finally {
    await suite.stop();
    await rm(outDir, { recursive: true, force: true });
  }
}

/** The authorization URL the runner prints on a line of its own, once it has one. */
function authorizationUrlIn(text: string): string | undefined {
  return /^(https?:\/\/\S+\/auth\?\S+)$/m.exec(text)?.[1];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (!SUITE_RUNS_HERE) {
    console.error(
      `The conformance suite needs Node 22.19 or later, as the kit does; this is ${process.version}.`,
    );
    process.exit(1);
  }
  const { loadDataset } = await import('@memos-kit/memos-rest');
  const resource = 'http://127.0.0.1:5230/mcp';
  const as = await startAuthServer({
    resource,
    scopes: ['memos:read', 'memos:write'],
    defaultScope: 'memos:read',
    users: loadDataset('workshop').users,
  });
  try {
    const run = await runAuthorizationSuite({ issuer: as.issuer, resource, callbackPort: 3999 });
    process.stdout.write(run.output);
    process.exitCode = run.code ?? 1;
  } finally {
    await as.close();
  }
}
