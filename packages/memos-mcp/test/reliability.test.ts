import { connect } from 'node:net';
import { listen } from '@memos-kit/process';
import { afterAll, describe, expect, it } from 'vitest';
import { createMcpEndpoint } from '../src/http/mcp-endpoint.ts';
import { createAdapter, MAX_REQUEST_BODY_BYTES, startServer } from '../src/index.ts';
import {
  envelope,
  type JsonRpcError,
  mcpRequest,
  type RawResponse,
  send,
  withOverrides,
} from './support/mcp-http.ts';
import { sharedServer } from './support/shared-server.ts';
import { StdioServer } from './support/stdio-process.ts';

/**
 * What thirty students with curl do to a teacher's server: oversized, mislabelled, compressed and
 * absurdly nested bodies. Each probe drives a real server over loopback; none may answer 5xx or show a
 * stack, and every refusal is a JSON-RPC error a client can read.
 */
const server = sharedServer();

function expectRefusal(response: RawResponse, statuses: number[], codes: number[]): JsonRpcError {
  expect(statuses, response.body.slice(0, 300)).toContain(response.status);
  expect(response.body).not.toMatch(/\n\s+at |Maximum call stack/);
  const body = response.json as JsonRpcError;
  expect(body?.jsonrpc).toBe('2.0');
  expect(codes).toContain(body?.error?.code);
  return body;
}

/**
 * Sends a request the way curl does: the whole body first, each write waiting for the socket, and only
 * then reads the answer. A server that closes the connection before the body is read makes these writes
 * fail (a broken pipe or a reset), and the client never reads its 413.
 */
function sendLikeCurl(url: string, head: string, body: Buffer, chunked: boolean): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    const received: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => received.push(chunk));
    socket.on('error', reject);
    socket.on('end', () => resolve(Buffer.concat(received).toString('utf8')));
    const write = (data: Buffer | string) =>
      new Promise<void>((done, failed) => socket.write(data, (error) => (error ? failed(error) : done())));
    socket.on('connect', async () => {
      try {
        await write(head);
        const piece = 64 * 1024;
        for (let at = 0; at < body.length; at += piece) {
          const part = body.subarray(at, at + piece);
          await write(
            chunked
              ? Buffer.concat([Buffer.from(`${part.length.toString(16)}\r\n`), part, Buffer.from('\r\n')])
              : part,
          );
        }
        if (chunked) await write('0\r\n\r\n');
      } catch (error) {
        reject(error);
      }
    });
  });
}

describe('an oversized body over MCP/HTTP', () => {
  const body = Buffer.alloc(8 * 1024 * 1024, ' ');
  const { headers } = mcpRequest('tools/list');
  const head = (framing: string) =>
    `POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\n${Object.entries(headers)
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('')}${framing}\r\n\r\n`;

  it.each([
    ['with a Content-Length', `Content-Length: ${body.length}`, false],
    ['chunked, without one', 'Transfer-Encoding: chunked', true],
  ])('gets a 413 the client can read after sending 8 MiB %s', async (_label, framing, chunked) => {
    expect(body.length).toBeGreaterThan(MAX_REQUEST_BODY_BYTES);
    const answer = await sendLikeCurl(server.mcpUrl, head(framing), body, chunked);
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    const json = JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)) as JsonRpcError;
    // -32000…-32019 are legacy codes the spec tells new servers not to use.
    expect(json.error.code).toBe(-32600);
    expect(json.error.message).toMatch(/Payload Too Large/);
  });
});

describe('bad framing over MCP/HTTP is a 4xx with a JSON-RPC error, never a 500', () => {
  const request = mcpRequest('tools/call', { name: 'memo_list_memos', arguments: { pageSize: 1 } }, 5);

  it('refuses a charset other than UTF-8 with 415', async () => {
    for (const contentType of [
      'application/json; charset=latin-9000',
      'application/json;charset="iso-8859-1"',
    ]) {
      const response = await send(server.mcpUrl, {
        headers: withOverrides(request.headers, { 'Content-Type': contentType }),
        body: request.body,
      });
      expectRefusal(response, [415], [-32600]);
    }
    // UTF-8 named in any spelling is served.
    const utf8 = await send(server.mcpUrl, {
      headers: withOverrides(request.headers, { 'Content-Type': 'application/json; charset=UTF-8' }),
      body: request.body,
    });
    expect(utf8.status).toBe(200);
  });

  it('refuses a body compressed with gzip or br, garbage or not, with 415 and Accept-Encoding', async () => {
    for (const coding of ['gzip', 'br', 'x-unheard-of']) {
      const response = await send(server.mcpUrl, {
        headers: withOverrides(request.headers, { 'Content-Encoding': coding }),
        body: 'garbage, not compressed at all',
      });
      expectRefusal(response, [400, 415], [-32600, -32700]);
      expect(response.headers['accept-encoding']).toBe('identity');
    }
  });

  it.each([10_000, 100_000])(
    'refuses JSON nested %i levels deep with 400, wherever the nesting is',
    async (levels) => {
      const deep = `${'['.repeat(levels)}${']'.repeat(levels)}`;
      const inArguments = request.body.replace('"pageSize":1', `"pageSize":${deep}`);
      const inMeta = request.body.replace('clientCapabilities":{}', `clientCapabilities":{"x":${deep}}`);
      for (const [body, id] of [
        [deep, null],
        [inArguments, 5],
        [inMeta, 5],
      ] as const) {
        const error = expectRefusal(
          await send(server.mcpUrl, { headers: request.headers, body }),
          [400],
          [-32600, -32602],
        );
        expect(error.id).toBe(id);
      }
    },
  );

  it('still serves a request nested as deep as a real one', async () => {
    const response = await send(server.mcpUrl, { headers: request.headers, body: request.body });
    expect(response.status).toBe(200);
  });
});

const META_KEYS = ['io.modelcontextprotocol/protocolVersion', 'io.modelcontextprotocol/clientCapabilities'];
/** A tools/list whose `_meta` lacks `dropped` (or has no `_meta` at all). */
function listWithout(dropped: string | '_meta', id: number): string {
  const meta: Record<string, unknown> = envelope();
  delete meta[dropped];
  return JSON.stringify({
    jsonrpc: '2.0',
    id,
    method: 'tools/list',
    params: dropped === '_meta' ? {} : { _meta: meta },
  });
}

describe('the _meta rule holds on every request, first or not', () => {
  it('over HTTP: 400 and -32602, before and after a valid request', async () => {
    const { headers, body: valid } = mcpRequest('tools/list');
    const probe = async (id: number) => {
      for (const dropped of [...META_KEYS, '_meta']) {
        const response = await send(server.mcpUrl, { headers, body: listWithout(dropped, id) });
        expect(expectRefusal(response, [400], [-32602]).id, dropped).toBe(id);
      }
    };
    await probe(1);
    expect((await send(server.mcpUrl, { headers, body: valid })).status).toBe(200);
    await probe(2);
  });
});

describe('pnpm mcp:stdio under hostile lines', () => {
  const started: StdioServer[] = [];
  afterAll(async () => {
    await Promise.all(started.map((stdio) => stdio.stop()));
  });
  const start = () => {
    const stdio = new StdioServer(['--dataset', 'empty']);
    started.push(stdio);
    return stdio;
  };
  const valid = (id: number) =>
    JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/list', params: { _meta: envelope() } });
  const errorOf = async (stdio: StdioServer, id: unknown) =>
    (JSON.parse(await stdio.response(id)) as JsonRpcError).error;
  /** A 2025-11-25 client's opening request: no envelope, the version in `params`. */
  const legacyInitialize = (id: number, client: string) =>
    JSON.stringify({
      jsonrpc: '2.0',
      id,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: client, version: '1' } },
    });

  it('rejects a missing _meta key with -32602 first and after a valid request; caps lines, UTF-8 and depth', async () => {
    const stdio = start();
    for (const [at, dropped] of [...META_KEYS, '_meta'].entries()) {
      stdio.write(listWithout(dropped, 10 + at));
      expect((await errorOf(stdio, 10 + at)).code, dropped).toBe(-32602);
    }
    stdio.write(valid(1));
    expect(JSON.parse(await stdio.response(1)).result.tools).toHaveLength(20);
    for (const [at, dropped] of [...META_KEYS, '_meta'].entries()) {
      stdio.write(listWithout(dropped, 20 + at));
      expect((await errorOf(stdio, 20 + at)).code, dropped).toBe(-32602);
    }

    // A 20 MB line is refused as it arrives, and the next line is served.
    stdio.write(`{"jsonrpc":"2.0","id":30,"method":"tools/list","params":{"x":"${'x'.repeat(20_000_000)}"}}`);
    stdio.write(valid(31));
    expect(JSON.parse(await stdio.response(31)).result.tools).toHaveLength(20);
    // The server never holds such a line. Its peak memory still grows by the read buffers the collector has
    // not reclaimed yet (measured: 18 MiB for a 20 MB line, 32 MiB for 100 MB and for 200 MB), so the
    // bound is checked with a line far larger than that plateau: holding it would cost at least 100 MiB.
    const peakBefore = stdio.peakMemoryBytes();
    stdio.write(
      `{"jsonrpc":"2.0","id":32,"method":"tools/list","params":{"x":"${'x'.repeat(100 * 2 ** 20)}"}}`,
    );
    stdio.write(valid(33));
    expect(JSON.parse(await stdio.response(33)).result.tools).toHaveLength(20);
    expect(stdio.peakMemoryBytes() - peakBefore).toBeLessThan(64 * 2 ** 20);
    const lineError = stdio.lines.map((line) => JSON.parse(line)).find((message) => message.id === null);
    expect(lineError?.error?.code).toBe(-32600);
    expect(stdio.lines.filter((line) => JSON.parse(line).id === null)).toHaveLength(2);
    expect(stdio.lines.some((line) => [30, 32].includes(JSON.parse(line).id))).toBe(false);

    // Invalid UTF-8 is a parse error, as over HTTP, not a string with U+FFFD in it.
    stdio.writeBytes(
      Buffer.concat([
        Buffer.from('{"jsonrpc":"2.0","id":40,"method":"tools/list","params":{"x":"'),
        Buffer.from([0xff, 0xfe]),
        Buffer.from('"}}\n'),
      ]),
    );
    await stdio.next(
      (message) => message.id === null && (message.error as { code?: number } | undefined)?.code === -32700,
    );
    // Deep nesting is an invalid request with its id, not a tool error.
    for (const levels of [10_000, 100_000]) {
      const deep = `${'['.repeat(levels)}${']'.repeat(levels)}`;
      stdio.write(valid(50 + levels).replace('clientCapabilities":{}', `clientCapabilities":{},"x":${deep}`));
      expect([-32600, -32602]).toContain((await errorOf(stdio, 50 + levels)).code);
    }
    stdio.write(valid(60));
    expect(JSON.parse(await stdio.response(60)).result.tools).toHaveLength(20);
    for (const message of stdio.lines.map((line) => JSON.parse(line))) {
      if ('error' in message)
        expect(JSON.stringify(message.error)).not.toMatch(/\\n\s+at |Maximum call stack/);
    }
  });

  // The stdio and Windows pages say so: a line ends at LF only, and one CR before it is dropped (CRLF).
  it('ends a line at LF only and drops one CR before it; a lone CR does not end a line', async () => {
    const stdio = start();
    stdio.writeBytes(Buffer.from(`${valid(1)}\r\n`));
    expect(JSON.parse(await stdio.response(1)).result.tools).toHaveLength(20);
    // Split at the CR, these would be two valid requests; as one line they are one parse error.
    stdio.writeBytes(Buffer.from(`${valid(2)}\r${valid(3)}\n`));
    await stdio.next(
      (message) => message.id === null && (message.error as { code?: number } | undefined)?.code === -32700,
    );
    stdio.write(valid(4));
    expect(JSON.parse(await stdio.response(4)).result.tools).toHaveLength(20);
    expect(stdio.lines.some((line) => [2, 3].includes(JSON.parse(line).id))).toBe(false);
  });

  it('follows the 2025-11-25 era after a legacy initialize: requests without _meta are served', async () => {
    const stdio = start();
    stdio.write(legacyInitialize(1, 'old'));
    expect(JSON.parse(await stdio.response(1)).result.protocolVersion).toBe('2025-11-25');
    stdio.write(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }));
    stdio.write(listWithout('_meta', 2));
    expect(JSON.parse(await stdio.response(2)).result.tools).toHaveLength(20);
  });

  it('switches to 2025-11-25 on an initialize after a server/discover probe, as a client that gave up waiting does', async () => {
    const stdio = start();
    stdio.write(
      JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'server/discover', params: { _meta: envelope() } }),
    );
    expect(JSON.parse(await stdio.response(1)).result.supportedVersions).toContain('2026-07-28');
    // The probe's answer came too late for this client: it treats the server as legacy and opens the 2025 way.
    stdio.write(legacyInitialize(2, 'timed-out'));
    expect(JSON.parse(await stdio.response(2)).result.protocolVersion).toBe('2025-11-25');
    stdio.write(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }));
    stdio.write(listWithout('_meta', 3));
    expect(JSON.parse(await stdio.response(3)).result.tools).toHaveLength(20);
  });

  it('refuses a bare initialize once a 2026-07-28 request was served, instead of switching eras halfway', async () => {
    const stdio = start();
    stdio.write(valid(1));
    expect(JSON.parse(await stdio.response(1)).result.tools).toHaveLength(20);
    stdio.write(legacyInitialize(2, 'late'));
    expect((await errorOf(stdio, 2)).code).toBe(-32602);
    stdio.write(valid(3));
    expect(JSON.parse(await stdio.response(3)).result.tools).toHaveLength(20);
  });
});

describe('drain on close', () => {
  it('lets an SSE tools/call in flight receive its result before the server closes', async () => {
    const paced = await startServer({
      port: 0,
      dataset: 'workshop',
      pace: { progressAtMs: 50, resultAtMs: 1200 },
    });
    let closed = false;
    try {
      const { headers, body } = mcpRequest(
        'tools/call',
        { name: 'memo_list_memos', arguments: { pageSize: 1 }, _meta: { progressToken: 'drain' } },
        'in-flight',
      );
      const response = await fetch(paced.mcpUrl, { method: 'POST', headers, body });
      expect(response.headers.get('content-type')).toMatch(/text\/event-stream/);
      const reader = response.body?.getReader();
      const first = await reader?.read();
      expect(new TextDecoder().decode(first?.value)).toContain('notifications/progress');
      // The call is in flight: the progress went out, the result is due in about a second.
      const closing = paced.close({ graceMs: 5_000 }).then(() => {
        closed = true;
      });
      let rest = '';
      for (let chunk = await reader?.read(); chunk && !chunk.done; chunk = await reader?.read()) {
        rest += new TextDecoder().decode(chunk.value);
      }
      expect(rest).toContain('"id":"in-flight"');
      expect(rest).toContain('"resultType":"complete"');
      await closing;
      // A new request is refused while it drains, and after: the port is closed.
      await expect(fetch(paced.mcpUrl, { method: 'POST', headers, body })).rejects.toThrow();
    } finally {
      if (!closed) await paced.close();
    }
  });
});

describe("the MCP endpoint's own close()", () => {
  /** Starts an SSE tools/call against a bare endpoint and returns once its progress event has arrived. */
  async function callInFlight() {
    const adapter = await createAdapter({ dataset: 'workshop' });
    const log: string[] = [];
    const endpoint = createMcpEndpoint({
      runner: adapter.runner,
      pace: { progressAtMs: 50, resultAtMs: 1200 },
      log: (line) => log.push(line),
    });
    const http = await listen((req, res) => void endpoint(req, res));
    const { headers, body } = mcpRequest(
      'tools/call',
      { name: 'memo_list_memos', arguments: { pageSize: 1 }, _meta: { progressToken: 'p' } },
      'in-flight',
    );
    const response = await fetch(`${http.url}/mcp`, { method: 'POST', headers, body });
    const reader = response.body?.getReader();
    const first = await reader?.read();
    expect(new TextDecoder().decode(first?.value)).toContain('notifications/progress');
    const rest = async () => {
      let text = '';
      try {
        for (let chunk = await reader?.read(); chunk && !chunk.done; chunk = await reader?.read()) {
          text += new TextDecoder().decode(chunk.value);
        }
      } catch {
        // the stream was cut: what arrived so far is the answer
      }
      return text;
    };
    return { endpoint, log, rest, stop: () => http.close() };
  }

  it('waits for the answer in flight within its grace, and says so in the log', async () => {
    const call = await callInFlight();
    try {
      expect(call.endpoint.inFlight).toBe(1);
      const [, text] = await Promise.all([call.endpoint.close({ graceMs: 5_000 }), call.rest()]);
      expect(text).toContain('"id":"in-flight"');
      expect(call.log).toContain('mcp: closing: 1 answer(s) drained, 0 cut short');
    } finally {
      await call.stop();
    }
  });

  it('without a grace, ends the call at once and reports it cut short', async () => {
    const call = await callInFlight();
    try {
      const [, text] = await Promise.all([call.endpoint.close(), call.rest()]);
      expect(text).not.toContain('"id":"in-flight"');
      expect(call.log).toContain('mcp: closing: 0 answer(s) drained, 1 cut short');
    } finally {
      await call.stop();
    }
  });
});
