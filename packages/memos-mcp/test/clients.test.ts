import { type Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningAdapter, startServer } from '../src/index.ts';
import { exerciseWrites, expectSameAsRest, modernClient } from './support/exercise.ts';
import { stdioArgs } from './support/stdio-process.ts';
import { readCases } from './support/tool-table.ts';

const USERS = [
  { username: 'demo', token: 'example-token' },
  { username: 'alice', token: 'alice-token' },
  { username: 'bob', token: 'bob-token' },
  { username: 'meimei', token: 'meimei-token' },
];

let server: RunningAdapter;
beforeAll(async () => {
  server = await startServer({ port: 0, dataset: 'workshop' });
});
afterAll(() => server.close());

async function expectCatalog(client: Client): Promise<string[]> {
  const { tools } = await client.listTools();
  expect(tools).toHaveLength(20);
  expect(client.getServerVersion()).toEqual({ name: 'memos-example-adapter', version: '1.0.0' });
  expect(client.getServerCapabilities()).toEqual({ tools: {} });
  return tools.map((tool) => tool.name);
}

/**
 * Lists the tools and runs the user's read cases, comparing each with REST; one user per transport also
 * runs the writes (demo over HTTP, alice over stdio). Returns the catalog's names; adds what it called.
 */
async function exerciseAs(
  client: Client,
  user: (typeof USERS)[number],
  via: 'http' | 'stdio',
  called: Set<string>,
): Promise<string[]> {
  const names = await expectCatalog(client);
  for (const step of readCases(user.username)) {
    await expectSameAsRest(client, server.url, user.token, step);
    called.add(step.tool);
  }
  if (user.username === (via === 'http' ? 'demo' : 'alice'))
    for (const tool of await exerciseWrites(client, server.url, via, user.token)) called.add(tool);
  return names;
}

describe('a v2 SDK client pinned to 2026-07-28', () => {
  it('over Streamable HTTP: lists and calls all 20 tools, and sees what REST shows for every user', async () => {
    const called = new Set<string>();
    let names: string[] = [];
    for (const user of USERS) {
      const client = modernClient();
      try {
        await client.connect(
          new StreamableHTTPClientTransport(new URL(server.mcpUrl), {
            requestInit: { headers: { Authorization: `Bearer ${user.token}` } },
          }),
        );
        names = await exerciseAs(client, user, 'http', called);
      } finally {
        await client.close();
      }
    }
    expect([...called].sort()).toEqual([...names].sort());
  });

  it('over stdio (fronting the same REST server with --memos-url): lists and calls all 20 tools, for every user', async () => {
    const called = new Set<string>();
    let names: string[] = [];
    // stdio has no headers: each user is one server process started with that user's --token.
    for (const user of USERS) {
      const client = modernClient();
      const transport = new StdioClientTransport({
        command: process.execPath,
        args: stdioArgs('--memos-url', server.url, '--token', user.token),
        stderr: 'ignore',
      });
      try {
        await client.connect(transport);
        names = await exerciseAs(client, user, 'stdio', called);
      } finally {
        await client.close();
        await transport.close();
      }
    }
    expect([...called].sort()).toEqual([...names].sort());

    // Progress is not asserted through this client: @modelcontextprotocol/client 2.4.0 dispatches responses
    // at once but notifications a microtask later, so a progress line read in the same chunk as its result
    // can find its handler already retired and is dropped (typescript-sdk issue #2580; seen in about one
    // stdio call in fifteen here, with the wire in the right order). test/stdio.test.ts reads the raw lines.
  }, 120_000); // four TypeScript start-ups, one per user
});
