import { fileURLToPath } from 'node:url';
import { type RunningEntry, startEntry } from '@memos-kit/process';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CURATED_OPERATION_IDS, toolNameFromOperationId } from '../src/index.ts';
import { call, exerciseWrites, expectSameAsRest, modernClient } from './support/exercise.ts';
import { stdioArgs } from './support/stdio-process.ts';
import { readCases } from './support/tool-table.ts';

/**
 * `pnpm serve --memos-url` and `pnpm mcp:stdio --memos-url` in front of a stand-in for a real Memos
 * v0.30.0: the REST mock in Memos' dialect (no /api/v1/openapi.json, Memos' paging and error bodies) in its own
 * process. Both commands run as a student starts them; each must start on the kit's contract, list exactly
 * Memos' 20 tools, run every one of them, and forward the caller's credential.
 */
const REST_PROCESS = fileURLToPath(new URL('./support/rest-process.ts', import.meta.url));
const SERVE_ENTRY = fileURLToPath(new URL('../src/cli.ts', import.meta.url));
const MEMOS_NAMES = CURATED_OPERATION_IDS.map(toolNameFromOperationId).sort();

const children: RunningEntry[] = [];
let standIn = '';
let adapterUrl = '';
let banner = '';

beforeAll(async () => {
  const rest = startEntry(REST_PROCESS, { args: ['workshop', 'memos'] });
  children.push(rest);
  standIn = (await rest.waitFor(/\n/)).split('\n')[0] ?? '';
  const serve = startEntry(SERVE_ENTRY, {
    args: ['--memos-url', standIn, '--port', '0', '--lang', 'en'],
    env: { NO_COLOR: '1' },
  });
  children.push(serve);
  banner = await serve.waitFor(/only Memos' 20 tools are exposed.*\n/);
  adapterUrl = /listening on (http:\/\/\S+)/.exec(banner)?.[1] ?? '';
}, 60_000);
afterAll(async () => {
  await Promise.all(children.map((child) => child.stop({ graceMs: 5000 })));
});

describe('fronting a stand-in for Memos v0.30.0', () => {
  it('the stand-in serves no OpenAPI route, so the banner names the kit’s contract', async () => {
    expect((await fetch(`${standIn}/api/v1/openapi.json`)).status).toBe(404);
    expect(banner).toContain("the kit's Memos v0.30.0 contract (20 operations");
    expect(banner).toContain(`Memos answered at ${standIn}`);
  });

  it('over HTTP: exactly the 20 tools, every one round-trips, and the caller’s token is forwarded', async () => {
    const client = modernClient();
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${adapterUrl}/mcp`), {
        requestInit: { headers: { Authorization: 'Bearer example-token' } },
      }),
    );
    try {
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name).sort()).toEqual(MEMOS_NAMES);
      const called = new Set<string>();
      for (const step of readCases('demo')) {
        await expectSameAsRest(client, standIn, 'example-token', step);
        called.add(step.tool);
      }
      for (const tool of await exerciseWrites(client, standIn, 'stand-in', 'example-token')) called.add(tool);
      expect([...called].sort()).toEqual(MEMOS_NAMES);
      const me = await call(client, 'auth_get_current_user', {});
      expect(me.structuredContent).toMatchObject({ user: { name: 'users/demo' } });
      // Memos' paging on the wire: the empty token is there.
      const list = await call(client, 'memo_list_memos', { pageSize: 1000 });
      expect(list.structuredContent).toMatchObject({ nextPageToken: '' });
    } finally {
      await client.close();
    }
    const anonymous = modernClient();
    await anonymous.connect(new StreamableHTTPClientTransport(new URL(`${adapterUrl}/mcp`)));
    try {
      const refused = await call(anonymous, 'auth_get_current_user', {});
      expect(refused.isError).toBe(true);
      expect(refused.content[0]?.text).toBe('401 Unauthorized: authentication required');
      const missing = await call(anonymous, 'memo_get_memo', { memo: 'no-such-memo' });
      expect(missing.content[0]?.text).toBe('404 Not Found: memo not found');
    } finally {
      await anonymous.close();
    }
  }, 60_000);

  it('over stdio: the same 20 tools, signed in with --token', async () => {
    const client = modernClient();
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: stdioArgs('--memos-url', standIn, '--token', 'alice-token', '--lang', 'en'),
      stderr: 'pipe',
    });
    let stderr = '';
    transport.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
    });
    try {
      await client.connect(transport);
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name).sort()).toEqual(MEMOS_NAMES);
      const called = new Set<string>();
      for (const step of readCases('alice')) {
        await expectSameAsRest(client, standIn, 'alice-token', step);
        called.add(step.tool);
      }
      for (const tool of await exerciseWrites(client, standIn, 'stand-in-stdio', 'alice-token'))
        called.add(tool);
      expect([...called].sort()).toEqual(MEMOS_NAMES);
      expect((await call(client, 'auth_get_current_user', {})).structuredContent).toMatchObject({
        user: { name: 'users/alice' },
      });
      expect(stderr).toContain("contract: the kit's Memos v0.30.0 contract");
      expect(stderr).toContain(`the token signs in as users/alice`);
    } finally {
      await client.close();
      await transport.close();
    }
  }, 60_000);
});
