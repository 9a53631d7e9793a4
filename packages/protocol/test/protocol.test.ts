import {
  CLIENT_CAPABILITIES_META_KEY,
  CLIENT_INFO_META_KEY,
  createMcpHandler,
  PROTOCOL_VERSION_META_KEY,
  ProtocolErrorCode,
  SERVER_INFO_META_KEY,
  Server,
  SUBSCRIPTION_ID_META_KEY,
} from '@modelcontextprotocol/server';
import { describe, expect, it } from 'vitest';
import {
  ErrorCode,
  HEADERS,
  isMcpHeader,
  isMirrorHeader,
  MAX_JSON_DEPTH,
  META,
  mcpHeadersFor,
  nestedDeeperThan,
  PROTOCOL_VERSION,
  parseSse,
  REQUIRED_META_KEYS,
  requestMeta,
  SseSplitter,
} from '../src/index.ts';

/** The smallest SDK server with a tool, served the SDK's web-standard way, in this process. */
function sdkServer() {
  const server = () => {
    const made = new Server({ name: 'protocol-probe', version: '0.0.0' }, { capabilities: { tools: {} } });
    made.setRequestHandler('tools/list', async () => ({
      tools: [{ name: 'probe', inputSchema: { type: 'object' as const } }],
    }));
    made.setRequestHandler('tools/call', async () => ({ content: [] }));
    return made;
  };
  return createMcpHandler(server, { responseMode: 'json' });
}

/** Sends one request, built the kit's way unless a test changes its headers or body. */
async function ask(
  method: string,
  params: Record<string, unknown> = {},
  change: { headers?: Record<string, string>; meta?: Record<string, unknown> } = {},
) {
  const message = {
    jsonrpc: '2.0',
    id: 1,
    method,
    params: { ...params, _meta: change.meta ?? requestMeta() },
  };
  const handler = sdkServer();
  try {
    const response = await handler.fetch(
      new Request('http://127.0.0.1/mcp', {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Accept: 'application/json, text/event-stream',
          ...mcpHeadersFor(message),
          ...change.headers,
        },
        body: JSON.stringify(message),
      }),
    );
    return { status: response.status, json: (await response.json()) as Record<string, never> };
  } finally {
    await handler.close();
  }
}

describe('the facts the SDK exports too', () => {
  it('names the _meta keys as the SDK does', () => {
    expect(META).toStrictEqual({
      protocolVersion: PROTOCOL_VERSION_META_KEY,
      clientCapabilities: CLIENT_CAPABILITIES_META_KEY,
      clientInfo: CLIENT_INFO_META_KEY,
      serverInfo: SERVER_INFO_META_KEY,
      subscriptionId: SUBSCRIPTION_ID_META_KEY,
    });
    expect(REQUIRED_META_KEYS).toStrictEqual([PROTOCOL_VERSION_META_KEY, CLIENT_CAPABILITIES_META_KEY]);
  });

  it("numbers every error the SDK names as the SDK's ProtocolErrorCode does", () => {
    const shared = Object.entries(ErrorCode).filter(([name]) => name in ProtocolErrorCode);
    expect(shared.map(([name]) => name)).toStrictEqual(
      Object.keys(ErrorCode).filter((n) => n !== 'HeaderMismatch'),
    );
    for (const [name, code] of shared)
      expect(code, name).toBe(ProtocolErrorCode[name as keyof typeof ProtocolErrorCode]);
  });
});

describe('the facts an SDK server shows by how it answers', () => {
  it('lists PROTOCOL_VERSION in server/discover, asked with requestMeta() and mcpHeadersFor()', async () => {
    const { status, json } = await ask('server/discover');
    expect(status).toBe(200);
    expect(json).toMatchObject({ result: { supportedVersions: [PROTOCOL_VERSION] } });
  });

  it('calls a tool asked with the headers mcpHeadersFor() mirrors, Mcp-Name included', async () => {
    const { status, json } = await ask('tools/call', { name: 'probe', arguments: {} });
    expect(status).toBe(200);
    expect(json).toMatchObject({ result: { content: [] } });
  });

  it.each([
    ['Mcp-Name missing', { [HEADERS.name]: '' }],
    ['Mcp-Method not the body', { [HEADERS.method]: 'tools/list' }],
  ])('answers %s with 400 and HeaderMismatch', async (_label, headers) => {
    const { status, json } = await ask('tools/call', { name: 'probe', arguments: {} }, { headers });
    expect(status).toBe(400);
    expect(json).toMatchObject({ error: { code: ErrorCode.HeaderMismatch } });
  });

  it('answers a version it does not speak with UnsupportedProtocolVersion, listing PROTOCOL_VERSION', async () => {
    const meta = { ...requestMeta(), [META.protocolVersion]: '2099-01-01' };
    const { status, json } = await ask('server/discover', {}, { meta });
    expect(status).toBe(400);
    expect(json).toMatchObject({
      error: { code: ErrorCode.UnsupportedProtocolVersion, data: { supported: [PROTOCOL_VERSION] } },
    });
  });

  it('answers a request without its required _meta keys with InvalidParams', async () => {
    const { status, json } = await ask(
      'server/discover',
      {},
      { meta: { [META.protocolVersion]: PROTOCOL_VERSION } },
    );
    expect(status).toBe(400);
    expect(json).toMatchObject({ error: { code: ErrorCode.InvalidParams } });
  });
});

describe('requestMeta and the mirror headers', () => {
  it('puts the version and the capabilities first, clientInfo only when given', () => {
    expect(Object.keys(requestMeta())).toStrictEqual([META.protocolVersion, META.clientCapabilities]);
    const info = { name: 'memos-demo-client', version: '1.0.0' };
    expect(requestMeta({ clientCapabilities: { elicitation: {} }, clientInfo: info })).toStrictEqual({
      [META.protocolVersion]: PROTOCOL_VERSION,
      [META.clientCapabilities]: { elicitation: {} },
      [META.clientInfo]: info,
    });
  });

  it('mirrors Mcp-Name from name or uri, only for the methods that have one', () => {
    const of = (method: string, params: Record<string, unknown>) =>
      mcpHeadersFor({ jsonrpc: '2.0', id: 1, method, params: { ...params, _meta: requestMeta() } });
    expect(of('tools/call', { name: 'memo_list_memos' })).toStrictEqual({
      'MCP-Protocol-Version': PROTOCOL_VERSION,
      'Mcp-Method': 'tools/call',
      'Mcp-Name': 'memo_list_memos',
    });
    expect(of('resources/read', { uri: 'memos://welcome' })[HEADERS.name]).toBe('memos://welcome');
    expect(of('tools/list', { name: 'not mirrored' })[HEADERS.name]).toBeUndefined();
    expect(mcpHeadersFor('not a message')).toStrictEqual({});
  });

  it('tells the mirror headers and Mcp-Param-* from the rest, in any case', () => {
    expect(['mcp-method', 'MCP-NAME', ' MCP-Protocol-Version '].every(isMirrorHeader)).toBe(true);
    expect(isMirrorHeader('Mcp-Param-Region')).toBe(false);
    expect(isMcpHeader('mcp-param-region')).toBe(true);
    expect(isMcpHeader('Content-Type')).toBe(false);
  });
});

describe('the JSON depth limit', () => {
  const nested = (depth: number): unknown => {
    let value: unknown = 0;
    for (let level = 0; level < depth; level++) value = level % 2 ? [value] : { a: value };
    return value;
  };

  it('counts each array and object as a level, and a scalar as none', () => {
    expect(nestedDeeperThan(nested(MAX_JSON_DEPTH), MAX_JSON_DEPTH)).toBe(false);
    expect(nestedDeeperThan(nested(MAX_JSON_DEPTH + 1), MAX_JSON_DEPTH)).toBe(true);
    expect(nestedDeeperThan('text', 0)).toBe(false);
  });

  it('measures a value far deeper than a recursive walk survives', () => {
    expect(nestedDeeperThan(nested(200_000), MAX_JSON_DEPTH)).toBe(true);
  });
});

describe('SSE', () => {
  const body = 'event: message\r\nid: 7\r\ndata: {"a":\r\ndata: 1}\r\n\r\n: a comment\n\ndata: 二\n\n';

  it('parses whole bodies: fields, multi-line data, CRLF, comments', () => {
    expect(parseSse(body)).toStrictEqual([{ event: 'message', id: '7', data: '{"a":\n1}' }, { data: '二' }]);
  });

  it('cuts events as bytes arrive, a character split across reads included, keeping each raw', () => {
    const bytes = new TextEncoder().encode(body);
    const splitter = new SseSplitter();
    const events = [...bytes].flatMap((byte) => splitter.push(Uint8Array.of(byte)));
    expect(events.map((event) => event.raw)).toStrictEqual([
      'event: message\r\nid: 7\r\ndata: {"a":\r\ndata: 1}\r\n\r\n',
      ': a comment\n\n',
      'data: 二\n\n',
    ]);
    expect(events.map(({ raw: _raw, ...fields }) => fields)).toStrictEqual([
      { event: 'message', id: '7', data: '{"a":\n1}' },
      { data: '' },
      { data: '二' },
    ]);
    expect(splitter.push('data: unfinished')).toStrictEqual([]);
    expect(splitter.rest()).toBe('data: unfinished');
  });
});
