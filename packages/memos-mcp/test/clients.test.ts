import { STATUS_CODES } from 'node:http';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/client/validators/ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningAdapter, startServer } from '../src/index.ts';
import { createMemosAjv } from '../src/tools/argument-validator.ts';
import { STDIO_ENTRY } from './support/stdio-process.ts';
import { readCases, type ToolCase, writeCases } from './support/tool-table.ts';

/** A v2 SDK client pinned to 2026-07-28, the way a modern host would connect. */
function modernClient(): Client {
  return new Client(
    { name: 'memos-kit-test', version: '1.0.0' },
    {
      versionNegotiation: { mode: { pin: '2026-07-28' } },
      // The client validates structuredContent against each outputSchema; this one knows Memos' formats.
      jsonSchemaValidator: new AjvJsonSchemaValidator(createMemosAjv()),
    },
  );
}

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

interface CallResult {
  isError?: boolean;
  content: Array<{ type: string; text?: string }>;
  structuredContent?: Record<string, unknown>;
}

/** The few fields the tests read from REST bodies; the rest is compared whole. */
type RestBody = { message?: string; reactions?: Array<{ name: string }> } & Record<string, unknown>;

async function rest(
  path: string,
  token: string,
  method = 'GET',
): Promise<{ status: number; json: RestBody }> {
  const response = await fetch(`${server.url}/api/v1${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}` },
  });
  const text = await response.text();
  return { status: response.status, json: text ? (JSON.parse(text) as RestBody) : {} };
}

async function call(client: Client, tool: string, args: Record<string, unknown>): Promise<CallResult> {
  return (await client.callTool({ name: tool, arguments: args })) as CallResult;
}

/** What MCP shows must be what REST shows: the same JSON, or the same refusal with the same message. */
async function expectSameAsRest(
  client: Client,
  token: string,
  { tool, args, rest: path }: ToolCase,
): Promise<void> {
  const mcp = await call(client, tool, args);
  const expected = await rest(path, token);
  const label = `${tool} ${JSON.stringify(args)} vs GET ${path}`;
  if (expected.status === 200) {
    expect(mcp.isError, label).toBeUndefined();
    expect(mcp.structuredContent, label).toEqual(expected.json);
    expect(JSON.parse(mcp.content[0]?.text ?? ''), label).toEqual(expected.json);
  } else {
    expect(mcp.isError, label).toBe(true);
    expect(mcp.structuredContent, label).toBeUndefined();
    // Memos' words: the status, then the REST error's message.
    expect(mcp.content[0]?.text, label).toBe(
      `${expected.status} ${STATUS_CODES[expected.status]}: ${expected.json.message}`,
    );
  }
}

/** Every write tool through MCP, each checked by reading REST afterwards; returns the tools it used. */
async function exerciseWrites(client: Client, id: string, token: string): Promise<string[]> {
  const used: string[] = [];
  for (const step of writeCases(id)) {
    const mcp = await call(client, step.tool, step.args);
    expect(mcp.isError, `${step.tool}: ${mcp.content[0]?.text}`).toBeUndefined();
    const after = await rest(step.rest, token);
    expect(after.status, step.rest).toBe(200);
    if (step.tool === 'memo_create_memo' || step.tool === 'attachment_create_attachment') {
      expect(mcp.structuredContent).toEqual(after.json);
    } else {
      expect(JSON.stringify(after.json), step.tool).toContain(id);
    }
    used.push(step.tool);
  }
  const memo = `${id}-memo`;
  const reactions = (await rest(`/memos/${memo}/reactions`, token)).json.reactions ?? [];
  // The canonical resource name is accepted as well as the bare id.
  const removed = await call(client, 'memo_delete_memo_reaction', { memo, reaction: reactions[0]?.name });
  expect(removed.isError, removed.content[0]?.text).toBeUndefined();
  expect((await rest(`/memos/${memo}/reactions`, token)).json.reactions).toEqual([]);
  const detached = await call(client, 'attachment_delete_attachment', {
    attachment: `attachments/${id}-file`,
  });
  expect(detached.isError, detached.content[0]?.text).toBeUndefined();
  expect((await rest(`/attachments/${id}-file`, token)).status).toBe(404);
  const deleted = await call(client, 'memo_delete_memo', { memo: `memos/${memo}` });
  expect(deleted.isError, deleted.content[0]?.text).toBeUndefined();
  expect((await rest(`/memos/${memo}`, token)).status).toBe(404);
  return [...used, 'memo_delete_memo_reaction', 'attachment_delete_attachment', 'memo_delete_memo'];
}

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
    await expectSameAsRest(client, user.token, step);
    called.add(step.tool);
  }
  if (user.username === (via === 'http' ? 'demo' : 'alice'))
    for (const tool of await exerciseWrites(client, via, user.token)) called.add(tool);
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
        args: ['--import', 'tsx', STDIO_ENTRY, '--memos-url', server.url, '--token', user.token],
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
