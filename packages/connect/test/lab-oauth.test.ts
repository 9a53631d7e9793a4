// Lab 13 from an AI host, end to end, as `pnpm connect <host> --lab 13` tells a learner: run the pnpm serve line
// it prints (the kit's authorization server, told to issue tokens for the learner's server too), start the lab's
// server with the line it prints (here the lab's solution, in the starter's place), and let a client that has
// never seen either get a token through the SDK's OAuth flow and call a tool. Only the ports differ from what a
// learner types: the machine is shared, so pnpm serve and its AS take free ones, and the env follows them.
import { createServer } from 'node:net';
import { join } from 'node:path';
import { TEACHING_PASSWORD } from '@memos-kit/auth-server';
import { HeadlessOAuthProvider } from '@memos-kit/auth-server/headless';
import { DEFAULT_AUTH_PORT } from '@memos-kit/memos-mcp/cli';
import { type RunningEntry, runEntry, startNode } from '@memos-kit/process';
import { Client, StreamableHTTPClientTransport, UnauthorizedError } from '@modelcontextprotocol/client';
import { afterAll, describe, expect, it } from 'vitest';
import { KIT_ROOT, nodeScript } from '../src/server.ts';

const CLI = new URL('../src/cli.ts', import.meta.url);
const running: RunningEntry[] = [];
afterAll(async () => {
  for (const child of running.reverse()) await child.stop();
});

interface Printed {
  serve: string;
  entry: { url: string };
  start: { command: string; args: string[]; env: Record<string, string> };
}

/** A port nothing listens on now, for the lab server. */
const freePort = async () => {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
};

describe('pnpm connect <host> --lab 13', () => {
  it('prints a pnpm serve line whose AS gives a host a token for the lab server, which then calls a tool', async () => {
    const port = await freePort();
    const run = await runEntry(CLI, { args: ['cline', '--lab', '13', '--port', String(port), '--json'] });
    expect(run.code, run.stderr).toBe(0);
    const printed = JSON.parse(run.stdout) as Printed;
    const url = `http://127.0.0.1:${port}/mcp`;
    expect(printed.entry.url).toBe(url);
    expect(printed.serve).toBe(`pnpm serve --auth oauth --auth-resource ${url}`);
    // The issuer the start line names is the one pnpm serve --auth oauth uses unless told another --auth-port.
    expect(printed.start.env.AUTH_ISSUER).toBe(`http://127.0.0.1:${DEFAULT_AUTH_PORT}`);
    expect(printed.start.env.MCP_RESOURCE).toBe(url);

    // pnpm serve as the root script starts it, with the options the printed line gives.
    const serveArgs = printed.serve.split(' ').slice(2);
    const serve = startNode(
      [...nodeScript('serve'), ...serveArgs, '--port', '0', '--auth-port', '0', '--lang', 'en'],
      { cwd: KIT_ROOT },
    );
    running.push(serve);
    const banner = (
      await serve.waitFor(/never the token the caller sent to \/mcp/, { timeoutMs: 45_000 })
    ).replace(/\s+/g, ' ');
    const memosUrl = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(banner)?.[1] ?? '';
    const issuer = /OAuth (http:\/\/127\.0\.0\.1:\d+) \(the authorization server/.exec(banner)?.[1] ?? '';
    expect(issuer).not.toBe('');
    expect(banner).toContain(`also issues tokens for these MCP servers (--auth-resource): ${url}`);

    // The lab's solution in the starter's place, started as the printed line starts the learner's file.
    const starter = join(KIT_ROOT, 'labs', '13-bearer-auth', 'starter', 'server.ts');
    expect(printed.start.args.at(-1)).toBe(starter);
    const solution = join(KIT_ROOT, 'labs', '13-bearer-auth', 'solution', 'server.ts');
    const lab = startNode([...printed.start.args.slice(0, -1), solution], {
      execPath: printed.start.command,
      env: { ...printed.start.env, MEMOS_URL: memosUrl, AUTH_ISSUER: issuer },
      cwd: KIT_ROOT,
    });
    running.push(lab);
    await lab.waitFor(/memos-lite: POST/, { stream: 'stderr', timeoutMs: 45_000 });

    // A host's first try gets the 401; the SDK finds the AS from the lab server's metadata, signs in, consents.
    const provider = new HeadlessOAuthProvider({
      redirectUrl: 'http://127.0.0.1:8090/callback',
      username: 'alice',
      password: TEACHING_PASSWORD,
    });
    const first = new StreamableHTTPClientTransport(new URL(url), { authProvider: provider });
    await expect(newClient().connect(first)).rejects.toBeInstanceOf(UnauthorizedError);
    expect(provider.authorizationRequests[0]?.origin).toBe(issuer);
    await first.finishAuth(provider.takeCallback());
    const client = newClient();
    await client.connect(new StreamableHTTPClientTransport(new URL(url), { authProvider: provider }));
    try {
      const result = await client.callTool({ name: 'list_memos', arguments: { pageSize: 3 } });
      expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
      const { memos } = result.structuredContent as { memos: unknown[] };
      expect(memos.length).toBeGreaterThan(0);
    } finally {
      await client.close();
    }
  }, 120_000);
});

const newClient = () => new Client({ name: 'lab-13-host', version: '1.0.0' });
