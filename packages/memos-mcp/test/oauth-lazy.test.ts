// The default start never loads the authorization server: its package, the one importer of oidc-provider (and
// its Koa) in the kit, is imported by `--auth oauth` alone, so `pnpm serve` without it starts as before.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type RunningAdapter, startServer } from '../src/index.ts';
import { mcpRequest } from './support/mcp-http.ts';

const imported = vi.hoisted(() => ({ count: 0 }));
vi.mock('@memos-kit/auth-server', async (importOriginal) => {
  imported.count += 1;
  return importOriginal();
});

let server: RunningAdapter | undefined;
const indexOf = async (running: RunningAdapter) =>
  (await (await fetch(`${running.url}/`)).json()) as { curl: { mcp: string } };
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('the authorization server is loaded on demand', () => {
  it('not by a default start, whose /mcp takes the caller’s token as before', async () => {
    server = await startServer({ port: 0, dataset: 'workshop' });
    expect(server.oauth).toBeUndefined();
    const response = await fetch(`${server.url}/.well-known/oauth-protected-resource/mcp`);
    expect(response.status).toBe(404);
    const list = mcpRequest('tools/list');
    const mcp = await fetch(server.mcpUrl, { method: 'POST', headers: list.headers, body: list.body });
    expect(mcp.status).toBe(200);
    expect((await indexOf(server)).curl.mcp).toContain('Authorization: Bearer example-token');
    expect(imported.count).toBe(0);
  });

  it('by --auth oauth', async () => {
    const page = 'http://127.0.0.1:5173';
    server = await startServer({ port: 0, dataset: 'workshop', oauth: { port: 0 }, corsOrigins: [page] });
    expect(imported.count).toBe(1);
    // A page on the CORS list reads the challenge: the browser shows it WWW-Authenticate.
    const challenge = await fetch(server.mcpUrl, {
      method: 'POST',
      headers: { origin: page, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(challenge.status).toBe(401);
    expect(challenge.headers.get('access-control-allow-origin')).toBe(page);
    expect(challenge.headers.get('access-control-expose-headers')).toContain('WWW-Authenticate');
    // The index page's MCP line no longer carries a Memos token, which /mcp would refuse.
    expect((await indexOf(server)).curl.mcp).not.toContain('Authorization');
  }, 30_000);
});
