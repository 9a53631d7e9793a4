// `--profile full`: resources, prompts, a confirmation by input_required, and subscriptions/listen, seen
// through the v2 client (2026-07-28) and the v1 client (2025-11-25), over HTTP and stdio.
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/client/validators/ajv';
import { Client as V1Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport as V1StdioTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport as V1HttpTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { AjvJsonSchemaValidator as V1Ajv } from '@modelcontextprotocol/sdk/validation/ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FULL_CAPABILITIES, type RunningAdapter, startServer } from '../src/index.ts';
import { createMemosAjv } from '../src/tools/argument-validator.ts';
import { mcpRequest, send } from './support/mcp-http.ts';
import { stdioArgs } from './support/stdio-process.ts';

const TOKEN = 'example-token';
const STDIO_ARGS = stdioArgs('--profile', 'full', '--dataset', 'workshop');

let server: RunningAdapter;
beforeAll(async () => {
  server = await startServer({ port: 0, dataset: 'workshop', profile: 'full' });
});
afterAll(() => server.close());

/** What the user says when the server asks "go ahead?"; every question asked is kept. */
class User {
  readonly asked: string[] = [];
  constructor(public confirm: boolean) {}
  answer = (message: string) => {
    this.asked.push(message);
    return { action: 'accept' as const, content: { confirm: this.confirm } };
  };
}

interface CallResult {
  isError?: boolean;
  content: Array<{ type: string; text?: string }>;
  structuredContent?: Record<string, unknown>;
}

async function v2Client(transport: 'http' | 'stdio', user: User): Promise<Client> {
  const client = new Client(
    { name: 'memos-kit-test', version: '1.0.0' },
    {
      versionNegotiation: { mode: { pin: '2026-07-28' } },
      jsonSchemaValidator: new AjvJsonSchemaValidator(createMemosAjv()),
      capabilities: { elicitation: { form: {} } },
    },
  );
  client.setRequestHandler('elicitation/create', async (request) => user.answer(request.params.message));
  await client.connect(
    transport === 'http'
      ? new StreamableHTTPClientTransport(new URL(server.mcpUrl), {
          requestInit: { headers: { Authorization: `Bearer ${TOKEN}` } },
        })
      : new StdioClientTransport({ command: process.execPath, args: STDIO_ARGS, stderr: 'ignore' }),
  );
  return client;
}

async function v1Client(transport: 'http' | 'stdio', user: User): Promise<V1Client> {
  const client = new V1Client(
    { name: 'legacy-host', version: '0.9.0' },
    { capabilities: { elicitation: {} }, jsonSchemaValidator: new V1Ajv(createMemosAjv() as never) },
  );
  client.setRequestHandler(ElicitRequestSchema, async (request) => user.answer(request.params.message));
  await client.connect(
    transport === 'http'
      ? new V1HttpTransport(new URL(server.mcpUrl), {
          requestInit: { headers: { Authorization: `Bearer ${TOKEN}` } },
        })
      : new V1StdioTransport({ command: process.execPath, args: STDIO_ARGS, stderr: 'ignore' }),
  );
  return client;
}

/** The client's own view of demo's memos, through the tool: what the resources must agree with. */
async function memoNames(client: Client | V1Client): Promise<string[]> {
  const listed = (await client.callTool({
    name: 'memo_list_memos',
    arguments: { pageSize: 50 },
  })) as CallResult;
  return ((listed.structuredContent?.memos ?? []) as Array<{ name: string }>).map((memo) => memo.name);
}

async function createMemo(client: Client | V1Client, content: string): Promise<string> {
  const created = (await client.callTool({
    name: 'memo_create_memo',
    arguments: { body: { content, visibility: 'PRIVATE' } },
  })) as CallResult;
  expect(created.isError, created.content[0]?.text).toBeFalsy();
  return created.structuredContent?.name as string;
}

async function memoExists(client: Client | V1Client, name: string): Promise<boolean> {
  const got = (await client.callTool({ name: 'memo_get_memo', arguments: { memo: name } })) as CallResult;
  return !got.isError;
}

describe.each(['http', 'stdio'] as const)('the v2 client (2026-07-28) over %s', (transport) => {
  it('lists and reads memos as resources, as REST shows them to the caller', {
    timeout: 30_000,
  }, async () => {
    const client = await v2Client(transport, new User(true));
    try {
      expect(client.getServerCapabilities()).toEqual(FULL_CAPABILITIES);
      const listed = await client.listResources();
      expect(listed.resources.map((resource) => resource.name)).toEqual(await memoNames(client));
      expect(listed.resources.map((resource) => resource.uri)).toContain('memos://memos/welcome');
      expect(listed).toMatchObject({ ttlMs: 60_000, cacheScope: 'private' });
      const templates = await client.listResourceTemplates();
      expect(templates.resourceTemplates.map((template) => template.uriTemplate)).toEqual([
        'memos://memos/{id}',
      ]);
      expect(templates).toMatchObject({ ttlMs: 300_000, cacheScope: 'public' });

      const read = await client.readResource({ uri: 'memos://memos/welcome' });
      const memo = (await client.callTool({
        name: 'memo_get_memo',
        arguments: { memo: 'memos/welcome' },
      })) as CallResult;
      expect(read.contents).toEqual([
        { uri: 'memos://memos/welcome', mimeType: 'text/markdown', text: memo.structuredContent?.content },
      ]);
      expect(read).toMatchObject({ ttlMs: 10_000, cacheScope: 'private' });

      // Bob's private memo: REST says "permission denied" to demo (the tool error gives the status first, as
      // Memos does), so the resource is not found.
      const tool = (await client.callTool({
        name: 'memo_get_memo',
        arguments: { memo: 'memos/bob-private-todo' },
      })) as CallResult;
      expect(tool).toMatchObject({ isError: true, content: [{ text: '403 Forbidden: permission denied' }] });
      await expect(client.readResource({ uri: 'memos://memos/bob-private-todo' })).rejects.toMatchObject({
        code: -32602,
        data: { uri: 'memos://memos/bob-private-todo' },
      });
      expect(listed.resources.map((resource) => resource.uri)).not.toContain(
        'memos://memos/bob-private-todo',
      );
    } finally {
      await client.close();
    }
  });

  it('lists prompts and gets one with arguments', { timeout: 30_000 }, async () => {
    const client = await v2Client(transport, new User(true));
    try {
      const { prompts } = await client.listPrompts();
      expect(prompts.map((prompt) => prompt.name)).toEqual(['summarize_my_memos', 'draft_memo']);
      const draft = await client.getPrompt({ name: 'draft_memo', arguments: { topic: 'the Friday demo' } });
      expect(draft.messages[0]?.content).toMatchObject({
        type: 'text',
        text: expect.stringContaining('the Friday demo'),
      });
      // demo wrote welcome (820 h ago), api-design (200 h) and demo-secret (12 h): 30 days hold all three.
      const week = await client.getPrompt({ name: 'summarize_my_memos', arguments: { days: '30' } });
      const embedded = week.messages.flatMap(({ content }) =>
        content.type === 'resource' ? [content.resource.uri] : [],
      );
      expect(embedded.sort()).toEqual(['memos://memos/api-design', 'memos://memos/demo-secret']);
      await expect(
        client.getPrompt({ name: 'summarize_my_memos', arguments: { days: 'soon' } }),
      ).rejects.toMatchObject({
        code: -32602,
      });
    } finally {
      await client.close();
    }
  });

  it('finishes an input_required confirmation: yes deletes, no cancels', { timeout: 30_000 }, async () => {
    const user = new User(false);
    const client = await v2Client(transport, user);
    try {
      const name = await createMemo(client, `to be deleted over ${transport}`);
      expect(user.asked).toEqual([]); // creating is not destructive
      const refused = (await client.callTool({
        name: 'memo_delete_memo',
        arguments: { memo: name },
      })) as CallResult;
      expect(refused).toMatchObject({
        isError: true,
        content: [{ text: expect.stringContaining('answered no') }],
      });
      expect(await memoExists(client, name)).toBe(true);

      user.confirm = true;
      const done = (await client.callTool({
        name: 'memo_delete_memo',
        arguments: { memo: name },
      })) as CallResult;
      expect(done.isError, done.content[0]?.text).toBeFalsy();
      expect(await memoExists(client, name)).toBe(false);
      expect(user.asked).toHaveLength(2);
      expect(user.asked[1]).toContain(`memo_delete_memo {"memo":"${name}"}`);
    } finally {
      await client.close();
    }
  });

  it('hears notifications/resources/list_changed on a subscriptions/listen stream', {
    timeout: 30_000,
  }, async () => {
    const client = await v2Client(transport, new User(true));
    const changes: unknown[] = [];
    // Waited for as an event, not polled against a clock: the test's own timeout bounds it.
    let heard = () => {};
    const first = new Promise<void>((resolve) => {
      heard = resolve;
    });
    client.setNotificationHandler('notifications/resources/list_changed', (notification) => {
      changes.push(notification.params?._meta);
      heard();
    });
    try {
      const subscription = await client.listen({ resourcesListChanged: true, toolsListChanged: true });
      // The tool list never changes, so the server honours only the resource list.
      expect(subscription.honoredFilter).toEqual({ resourcesListChanged: true });
      if (transport === 'http') {
        // A create over plain REST, not through MCP at all.
        const response = await fetch(`${server.url}/api/v1/memos`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json' },
          body: JSON.stringify({ content: 'made over REST', visibility: 'PRIVATE' }),
        });
        expect(response.status).toBe(200);
      } else {
        // stdio has no REST port of its own: the create goes through the tool, and the same REST routes.
        await createMemo(client, 'made through the tool');
      }
      await first;
      expect(changes, 'one list_changed notification').toHaveLength(1);
      expect(changes[0]).toEqual({ 'io.modelcontextprotocol/subscriptionId': expect.anything() });
      await subscription.close();
    } finally {
      await client.close();
    }
  });
});

describe.each(['http', 'stdio'] as const)('the v1 client (2025-11-25) over %s', (transport) => {
  it('lists and reads resources, lists and gets prompts', { timeout: 30_000 }, async () => {
    const client = await v1Client(transport, new User(true));
    try {
      const { resources } = await client.listResources();
      expect(resources.map((resource) => resource.name)).toEqual(await memoNames(client));
      const read = await client.readResource({ uri: 'memos://memos/welcome' });
      expect(read.contents[0]).toMatchObject({ uri: 'memos://memos/welcome', mimeType: 'text/markdown' });
      expect(read).not.toHaveProperty('ttlMs'); // 2025-11-25 has no cache hints
      expect((await client.listPrompts()).prompts).toHaveLength(2);
      const draft = await client.getPrompt({ name: 'draft_memo', arguments: { topic: 'tea' } });
      expect(JSON.stringify(draft.messages)).toContain('tea');
    } finally {
      await client.close();
    }
  });
});

describe('the confirmation for a v1 client', () => {
  /** Creates a memo, asks to delete it, and reports what the user was asked and whether the memo is left. */
  async function deleteAsV1(transport: 'http' | 'stdio') {
    const user = new User(true);
    const client = await v1Client(transport, user);
    try {
      const name = await createMemo(client, `old client, ${transport}`);
      const result = (await client.callTool({
        name: 'memo_delete_memo',
        arguments: { memo: name },
      })) as CallResult;
      return { result, asked: user.asked, left: await memoExists(client, name) };
    } finally {
      await client.close();
    }
  }

  it('over stdio, arrives as a 2025-11-25 elicitation/create request, and the call completes', {
    timeout: 30_000,
  }, async () => {
    const { result, asked, left } = await deleteAsV1('stdio');
    expect(result.isError, result.content[0]?.text).toBeFalsy();
    expect(asked).toHaveLength(1);
    expect(left).toBe(false);
  });

  it('over HTTP, cannot reach the client, so the tool does not run and says why', {
    timeout: 30_000,
  }, async () => {
    // 2025-11-25 over HTTP is served statelessly, one request at a time: there is no stream on which the
    // server could send the client an elicitation/create request, so the SDK answers with an isError result.
    const { result, asked, left } = await deleteAsV1('http');
    expect(result.isError).toBe(true);
    expect(result.content[0]?.text).toContain('cannot receive server-to-client requests');
    expect(asked).toEqual([]);
    expect(left).toBe(true);
  });
});

describe('the wire, by hand', () => {
  async function post(method: string, params: Record<string, unknown>, id: number, capabilities = {}) {
    const request = mcpRequest(
      method,
      { ...params, _meta: { 'io.modelcontextprotocol/clientCapabilities': capabilities } },
      id,
    );
    return send(server.mcpUrl, request);
  }
  const memoArgs = (memo: string) => ({ name: 'memo_delete_memo', arguments: { memo } });

  it('answers a destructive call -32021 (HTTP 400) when the client cannot be asked', async () => {
    const response = await post('tools/call', memoArgs('memos/welcome'), 1);
    expect(response.status).toBe(400);
    expect(response.json).toMatchObject({
      id: 1,
      error: { code: -32021, data: { requiredCapabilities: { elicitation: { form: {} } } } },
    });
  });

  it('asks with input_required, then completes the retry that carries inputResponses', async () => {
    const elicitation = { elicitation: { form: {} } };
    const asked = await post('tools/call', memoArgs('memos/lunch-poll'), 2, elicitation);
    const result = (asked.json as { result: Record<string, unknown> }).result;
    expect(result).toMatchObject({
      resultType: 'input_required',
      inputRequests: { confirm: { method: 'elicitation/create', params: { mode: 'form' } } },
    });
    expect(result).not.toHaveProperty('ttlMs');
    const retry = await post(
      'tools/call',
      {
        ...memoArgs('memos/lunch-poll'),
        inputResponses: { confirm: { action: 'accept', content: { confirm: true } } },
      },
      3,
      elicitation,
    );
    expect(retry.json).toMatchObject({ id: 3, result: { resultType: 'complete', structuredContent: {} } });
    const gone = await fetch(`${server.url}/api/v1/memos/lunch-poll`, {
      headers: { Authorization: `Bearer ${TOKEN}` },
    });
    expect(gone.status).toBe(404);
  });

  it('answers bad input with -32602, never a crash', async () => {
    const cases: Array<[string, Record<string, unknown>]> = [
      ['resources/list', { cursor: 'not-a-page-token' }],
      ['resources/read', { uri: 'memos://memos/../users' }],
      ['resources/read', { uri: `memos://memos/${'x'.repeat(5000)}` }],
      ['resources/read', { uri: 'file:///etc/passwd' }],
      ['prompts/get', { name: 'draft_memo', arguments: {} }],
      ['prompts/get', { name: 'draft_memo', arguments: { topic: 'x', visibility: 'SECRET' } }],
      ['prompts/get', { name: 'no_such_prompt' }],
      ['prompts/list', { cursor: 'x' }],
    ];
    for (const [index, [method, params]] of cases.entries()) {
      const request = mcpRequest(method, params, 100 + index);
      if (typeof params.uri === 'string') request.headers['Mcp-Name'] = params.uri;
      const response = await send(server.mcpUrl, request);
      expect(response.status, `${method} ${JSON.stringify(params).slice(0, 80)}`).toBeLessThan(500);
      expect(response.json, method).toMatchObject({ id: 100 + index, error: { code: -32602 } });
    }
  });

  it('asks nothing for a tool that only reads', async () => {
    const response = await post(
      'tools/call',
      { name: 'memo_get_memo', arguments: { memo: 'memos/welcome' } },
      4,
      {
        elicitation: { form: {} },
      },
    );
    expect(response.json).toMatchObject({ result: { resultType: 'complete' } });
  });
});

describe('the default profile (the article)', () => {
  let article: RunningAdapter;
  beforeAll(async () => {
    article = await startServer({ port: 0, dataset: 'workshop' });
  });
  afterAll(() => article.close());

  it('stays tools only: no resources, no prompts, no confirmation', async () => {
    const discover = await send(article.mcpUrl, mcpRequest('server/discover'));
    expect((discover.json as { result: { capabilities: unknown } }).result.capabilities).toEqual({
      tools: {},
    });
    const resources = await send(article.mcpUrl, mcpRequest('resources/list'));
    expect(resources.status).toBe(404);
    expect(resources.json).toMatchObject({ error: { code: -32601 } });
    const deleted = await send(
      article.mcpUrl,
      mcpRequest('tools/call', {
        name: 'memo_delete_memo',
        arguments: { memo: 'memos/lunch-poll' },
        _meta: { 'io.modelcontextprotocol/clientCapabilities': { elicitation: { form: {} } } },
      }),
    );
    expect(deleted.json).toMatchObject({ result: { resultType: 'complete', structuredContent: {} } });
  });
});
