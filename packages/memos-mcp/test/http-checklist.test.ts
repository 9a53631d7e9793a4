import { hostname, networkInterfaces } from 'node:os';
import { replayHttpFixture } from '@memos-kit/wire';
import { describe, expect, it } from 'vitest';
import { allowedHostnamesFor, MAX_REQUEST_BODY_BYTES, startServer } from '../src/index.ts';
import {
  envelope,
  type JsonRpcError,
  mcpRequest,
  postMcp,
  type RawResponse,
  send,
  withOverrides,
} from './support/mcp-http.ts';
import { sharedServer } from './support/shared-server.ts';

/**
 * The 2026-07-28 rules for a tools-only server on Streamable HTTP (mcp-2026-07-28 §4), each broken on
 * purpose. Most requests start from the article's own (the fixtures) and change one thing.
 */
const server = sharedServer();

function expectJsonRpcError(
  response: { status: number; json?: unknown },
  status: number,
  code: number,
): JsonRpcError {
  expect(response.status).toBe(status);
  const body = response.json as JsonRpcError;
  expect(body?.jsonrpc).toBe('2.0');
  expect(body?.error?.code).toBe(code);
  expect(typeof body?.error?.message).toBe('string');
  return body;
}

const discoverBody = (meta: Record<string, unknown> | undefined) =>
  JSON.stringify({
    jsonrpc: '2.0',
    id: 7,
    method: 'server/discover',
    params: meta === undefined ? {} : { _meta: meta },
  });

describe('the per-request _meta envelope', () => {
  it('rejects a request without _meta with 400 and -32602', async () => {
    const live = await replayHttpFixture('server-discover', server.url, { body: discoverBody(undefined) });
    const error = expectJsonRpcError(live, 400, -32602);
    expect(error.id).toBe(7);
  });
  it('rejects _meta without protocolVersion, and without clientCapabilities', async () => {
    for (const missing of [
      'io.modelcontextprotocol/protocolVersion',
      'io.modelcontextprotocol/clientCapabilities',
    ]) {
      const meta = envelope();
      delete meta[missing];
      const live = await replayHttpFixture('server-discover', server.url, { body: discoverBody(meta) });
      expect(expectJsonRpcError(live, 400, -32602).error.message).toContain(missing);
    }
  });
  it('accepts _meta without clientInfo (recommended, not required)', async () => {
    const live = await replayHttpFixture('server-discover', server.url, { body: discoverBody(envelope()) });
    expect(live.status).toBe(200);
  });
});

describe('Mcp-Method, Mcp-Name and MCP-Protocol-Version', () => {
  const cases: Array<[string, string, Record<string, string | null>]> = [
    ['a missing Mcp-Method', 'server-discover', { 'Mcp-Method': null }],
    ['an Mcp-Method naming another method', 'server-discover', { 'Mcp-Method': 'tools/list' }],
    ['an Mcp-Method in another case', 'tools-list', { 'Mcp-Method': 'TOOLS/LIST' }],
    ['a tools/call without Mcp-Name', 'mcp-tools-call', { 'Mcp-Name': null }],
    ['an Mcp-Name naming another tool', 'mcp-tools-call', { 'Mcp-Name': 'auth_get_current_user' }],
    ['a missing MCP-Protocol-Version', 'mcp-tools-call', { 'MCP-Protocol-Version': null }],
    [
      'an MCP-Protocol-Version that differs from _meta',
      'mcp-tools-call',
      { 'MCP-Protocol-Version': '2025-11-25' },
    ],
  ];
  for (const [what, fixture, headers] of cases) {
    it(`answers ${what} with 400 and -32020, echoing the id`, async () => {
      const live = await replayHttpFixture(fixture, server.url, { headers });
      const error = expectJsonRpcError(live, 400, -32020);
      expect(error.id).not.toBeUndefined();
    });
  }

  it('matches header names case-insensitively', async () => {
    for (const spelling of ['mcp-method', 'MCP-METHOD', 'Mcp-Method']) {
      const { body } = mcpRequest('tools/list');
      const response = await send(server.mcpUrl, {
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'MCP-PROTOCOL-VERSION': '2026-07-28',
          [spelling]: 'tools/list',
        },
        body,
      });
      expect(response.status, spelling).toBe(200);
    }
  });
});

describe('protocol versions', () => {
  it('answers an unsupported version with 400, -32022 and the supported list', async () => {
    const meta = envelope({ 'io.modelcontextprotocol/protocolVersion': '2099-01-01' });
    const live = await replayHttpFixture('server-discover', server.url, {
      body: discoverBody(meta),
      headers: { 'MCP-Protocol-Version': '2099-01-01' },
    });
    const error = expectJsonRpcError(live, 400, -32022);
    expect(error.error.data).toEqual({ supported: ['2026-07-28'], requested: '2099-01-01' });
  });
});

describe('methods', () => {
  for (const method of ['memos/list', 'prompts/list', 'resources/list', 'initialize/now']) {
    it(`answers ${method} with 404 and -32601`, async () => {
      expectJsonRpcError(await postMcp(server.mcpUrl, method, {}, { id: 'm-1' }), 404, -32601);
    });
  }
  it('serves MCP at /mcp whatever its case, with a trailing slash or a query, and nowhere else', async () => {
    // The adapter routes /mcp before Express: it must take the same paths Express's app.all('/mcp') did.
    const base = new URL(server.mcpUrl);
    for (const path of ['/mcp', '/MCP', '/mcp/', '/Mcp?trace=1']) {
      const response = await postMcp(new URL(path, base).href, 'tools/list', {}, { id: path });
      expect(response.status, path).toBe(200);
      expect((response.json as { id: unknown }).id, path).toBe(path);
    }
    for (const path of ['/mcpx', '/mcp/tools', '/api/v1/mcp']) {
      const response = await postMcp(new URL(path, base).href, 'tools/list');
      expect(response.status, path).toBe(404);
      // A mistyped URL is answered in the API's JSON, never with Express's HTML page.
      expect(response.json, path).toEqual({ code: 5, message: 'Not Found', details: [] });
    }
  });
  it('keeps the id and its type in responses, 0 and strings included', async () => {
    for (const id of [0, 'zero', 9007199254740991]) {
      const response = await postMcp(server.mcpUrl, 'tools/list', {}, { id });
      expect((response.json as { id: unknown }).id).toBe(id);
    }
  });
  it('sends a JSON answer with its Content-Length, as REST does, not chunked', async () => {
    const response = await postMcp(server.mcpUrl, 'tools/call', {
      name: 'memo_list_memos',
      arguments: { pageSize: 5 },
    });
    expect(response.status).toBe(200);
    expect(response.headers['transfer-encoding']).toBeUndefined();
    expect(response.headers['content-length']).toBe(String(Buffer.byteLength(response.body)));
  });
  it('accepts a notification with 202 and an empty body', async () => {
    const response = await send(server.mcpUrl, {
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json, text/event-stream',
        'MCP-Protocol-Version': '2026-07-28',
        'Mcp-Method': 'notifications/cancelled',
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        method: 'notifications/cancelled',
        params: { requestId: 99, _meta: envelope() },
      }),
    });
    expect(response.status).toBe(202);
    expect(response.body).toBe('');
  });
});

describe('Origin and Host', () => {
  it('rejects a foreign Origin with 403 and a JSON-RPC body without id', async () => {
    const live = await replayHttpFixture('server-discover', server.url, {
      headers: { Origin: 'https://evil.example.com' },
    });
    const error = expectJsonRpcError(live, 403, -32600);
    expect(error.id).toBeNull();
  });
  it('rejects a foreign Host with 403 (DNS rebinding)', async () => {
    const live = await replayHttpFixture('server-discover', server.url, {
      headers: { Host: 'evil.example.com' },
    });
    expectJsonRpcError(live, 403, -32600);
  });
  it('accepts loopback and the article host, in Host and in Origin', async () => {
    const port = new URL(server.url).port;
    for (const [host, origin] of [
      [`127.0.0.1:${port}`, `http://127.0.0.1:${port}`],
      [`localhost:${port}`, 'http://localhost:5173'],
      ['memos.example.com', 'https://memos.example.com'],
    ]) {
      const live = await replayHttpFixture('server-discover', server.url, {
        headers: { Host: host as string, Origin: origin as string },
      });
      expect(live.status, `${host} ${origin}`).toBe(200);
    }
  });
});

describe('a server bound to every interface (a classroom LAN)', () => {
  it("accepts this machine's own name and addresses in Host, and still refuses foreign ones", async () => {
    const allowed = allowedHostnamesFor('0.0.0.0') ?? [];
    expect(allowed).toContain(hostname().toLowerCase());
    for (const entry of Object.values(networkInterfaces()).flat()) {
      if (entry && !entry.address.includes('%')) {
        expect(allowed).toContain(entry.family === 'IPv6' ? `[${entry.address}]` : entry.address);
      }
    }
    // The test still talks to loopback only: the Host header says what a student's browser would send.
    const lan = await startServer({ port: 0, dataset: 'empty', allowedHostnames: allowed });
    try {
      const port = new URL(lan.url).port;
      const ok = await replayHttpFixture('server-discover', lan.url, {
        headers: { Host: `${hostname()}:${port}` },
      });
      expect(ok.status).toBe(200);
      const foreign = await replayHttpFixture('server-discover', lan.url, {
        headers: { Host: 'evil.example.com' },
      });
      expect(foreign.status).toBe(403);
    } finally {
      await lan.close();
    }
  });
  it('keeps the defaults on loopback and adds a named address', () => {
    expect(allowedHostnamesFor('127.0.0.1')).toBeUndefined();
    expect(allowedHostnamesFor('192.168.1.5')).toContain('192.168.1.5');
    expect(allowedHostnamesFor('fe80::1')).toContain('[fe80::1]');
  });
});

describe('HTTP methods, sessions and bodies', () => {
  for (const method of ['GET', 'DELETE', 'PUT']) {
    it(`answers ${method} /mcp with 405, Allow: POST and a JSON-RPC body`, async () => {
      const response = await send(server.mcpUrl, { method, headers: { Accept: 'text/event-stream' } });
      expectJsonRpcError(response, 405, -32600);
      expect(response.headers.allow).toBe('POST');
    });
  }
  it('ignores Mcp-Session-Id and never sends one', async () => {
    const response = await postMcp(server.mcpUrl, 'tools/list', {}, { headers: { 'Mcp-Session-Id': 'abc' } });
    expect(response.status).toBe(200);
    expect(response.headers['mcp-session-id']).toBeUndefined();
  });
  it('answers malformed JSON with a JSON-RPC -32700 body, never an HTML page', async () => {
    const { headers } = mcpRequest('tools/list');
    const response = await send(server.mcpUrl, { headers, body: '{"jsonrpc": "2.0", "id": 1,' });
    const error = expectJsonRpcError(response, 400, -32700);
    expect(error.id).toBeNull();
    expect(response.headers['content-type']).toMatch(/^application\/json/);
  });
  it('answers a batch with 400 and -32600: 2026-07-28 has no batches', async () => {
    const { headers, body } = mcpRequest('tools/list');
    const error = expectJsonRpcError(await send(server.mcpUrl, { headers, body: `[${body}]` }), 400, -32600);
    expect(error.id).toBeNull();
  });
  it('answers a posted JSON-RPC response with 400 and -32600, not a version error', async () => {
    const { headers } = mcpRequest('tools/list');
    for (const body of [{ result: {} }, { error: { code: -32601, message: 'no' } }]) {
      const response = await send(server.mcpUrl, {
        headers,
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, ...body }),
      });
      const error = expectJsonRpcError(response, 400, -32600);
      expect(error.error.message).toMatch(/sends no requests/);
    }
  });
  it('answers a body that is not UTF-8 with -32700 instead of decoding it lossily', async () => {
    const { headers, body } = mcpRequest('tools/list');
    const latin1 = Buffer.from(body.replace('"tools/list"', '"tools/list","note":"caf\u00e9"'), 'latin1');
    const error = expectJsonRpcError(await send(server.mcpUrl, { headers, body: latin1 }), 400, -32700);
    expect(error.error.message).toMatch(/UTF-8/);
  });
  it('answers an empty body with -32700 too', async () => {
    const { headers } = mcpRequest('tools/list');
    const error = expectJsonRpcError(await send(server.mcpUrl, { headers, body: '' }), 400, -32700);
    expect(error.id).toBeNull();
  });
  it('answers a body that is not application/json with 415 and a JSON-RPC body', async () => {
    const { headers, body } = mcpRequest('tools/list');
    const response = await send(server.mcpUrl, {
      headers: withOverrides(headers, { 'Content-Type': 'text/plain' }),
      body,
    });
    expectJsonRpcError(response, 415, -32600);
  });
  it(`answers a body over ${MAX_REQUEST_BODY_BYTES} bytes with 413 and a JSON-RPC body`, async () => {
    const { headers } = mcpRequest('tools/call', { name: 'memo_create_memo' });
    const filler = 'x'.repeat(MAX_REQUEST_BODY_BYTES);
    const body = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'memo_create_memo', arguments: { body: { content: filler } }, _meta: envelope() },
    });
    const response: RawResponse = await send(server.mcpUrl, { headers, body });
    expect(response.status).toBe(413);
    expect((response.json as JsonRpcError).error.message).toMatch(/too large|exceeds/i);
    // Without a Content-Length the limit still holds: the reading stops once the body passes it.
    const chunked = await send(server.mcpUrl, {
      headers: withOverrides(headers, { 'Transfer-Encoding': 'chunked' }),
      body,
    });
    expect(chunked.status).toBe(413);
    expect((chunked.json as JsonRpcError).error.code).toBe(-32600);
  });
});

describe('tools/list', () => {
  it('answers a cursor it never handed out with -32602 (every tool comes in one page)', async () => {
    for (const cursor of ['garbage', '']) {
      const response = await postMcp(server.mcpUrl, 'tools/list', { cursor });
      const body = response.json as JsonRpcError & { result?: unknown };
      expect(body.error?.code, JSON.stringify(cursor)).toBe(-32602);
      expect(body.error?.message).toMatch(/Invalid cursor/);
      expect(body.result).toBeUndefined();
    }
  });
});

describe('tools/call errors', () => {
  it('answers an unknown tool with -32602 and no result', async () => {
    const live = await replayHttpFixture('unknown-tool', server.url);
    const body = live.json as JsonRpcError & { result?: unknown };
    expect(body.error).toEqual({ code: -32602, message: 'Unknown tool: memo_unknown_tool' });
    expect(body.result).toBeUndefined();
  });

  const invalid: Array<[string, Record<string, unknown>, string]> = [
    ['an unknown argument', { pageSize: 1, colour: 'red' }, 'unknown argument "colour"'],
    ['a wrong type', { pageSize: 'ten' }, 'argument "pageSize" must be integer'],
    ['an int32 overflow', { pageSize: 3_000_000_000 }, 'argument "pageSize" must be a 32-bit integer'],
    ['a value outside the enum', { state: 'DELETED' }, 'argument "state" must be one of'],
  ];
  for (const [what, args, message] of invalid) {
    it(`reports ${what} as a tool execution error with a clear message`, async () => {
      const response = await postMcp(server.mcpUrl, 'tools/call', {
        name: 'memo_list_memos',
        arguments: args,
      });
      expect(response.status).toBe(200);
      const result = (response.json as { result: Record<string, unknown> }).result;
      expect(result.isError).toBe(true);
      expect(result.resultType).toBe('complete');
      expect(result.structuredContent).toBeUndefined();
      expect((result.content as Array<{ text: string }>)[0]?.text).toContain(message);
    });
  }

  it('names the missing field of a nested body', async () => {
    const response = await postMcp(server.mcpUrl, 'tools/call', {
      name: 'memo_create_memo',
      arguments: { body: { visibility: 'PUBLIC' } },
    });
    const result = (response.json as { result: { content: Array<{ text: string }> } }).result;
    expect(result.content[0]?.text).toContain('missing required argument "body.content"');
  });

  it("turns a REST error into isError with Memos' words (status, then the REST message) and no structuredContent", async () => {
    const response = await postMcp(
      server.mcpUrl,
      'tools/call',
      { name: 'memo_get_memo', arguments: { memo: 'memos/does-not-exist' } },
      {},
    );
    const result = (response.json as { result: Record<string, unknown> }).result;
    expect(result).toMatchObject({ isError: true, resultType: 'complete' });
    expect(result.structuredContent).toBeUndefined();
    const rest = await fetch(`${server.url}/api/v1/memos/does-not-exist`, {
      headers: { Authorization: 'Bearer example-token' },
    });
    expect(rest.status).toBe(404);
    const restMessage = ((await rest.json()) as { message: string }).message;
    expect(restMessage).toBe('memo not found');
    expect((result.content as Array<{ text: string }>)[0]?.text).toBe('404 Not Found: memo not found');
  });

  it('forwards the caller Authorization: without one, who-am-I fails as REST does', async () => {
    const response = await postMcp(
      server.mcpUrl,
      'tools/call',
      { name: 'auth_get_current_user', arguments: {} },
      { headers: { Authorization: null } },
    );
    const result = (response.json as { result: Record<string, unknown> }).result;
    expect(result.isError).toBe(true);
    const rest = await fetch(`${server.url}/api/v1/auth/me`);
    expect(rest.status).toBe(401);
    const restMessage = ((await rest.json()) as { message: string }).message;
    expect((result.content as Array<{ text: string }>)[0]?.text).toBe(`401 Unauthorized: ${restMessage}`);
  });
});
