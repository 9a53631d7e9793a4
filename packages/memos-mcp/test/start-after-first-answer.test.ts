// How `pnpm mcp:stdio` starts: `server/discover` is answered before the adapter is made, every other message
// waits, and the real server answers what waited, in order, once it takes the transport over.
import { EventEmitter, once } from 'node:events';
import { PassThrough, Writable } from 'node:stream';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { describe, expect, it } from 'vitest';
import { describeMcpServer } from '../src/mcp/create-server.ts';
import { LineTransport } from '../src/stdio/line-transport.ts';
import { startAfterFirstAnswer } from '../src/stdio/start-after-first-answer.ts';
import { envelope } from './support/mcp-http.ts';

type Message = { id?: unknown; result?: Record<string, unknown>; error?: { code: number } };

/** A transport over two streams of this process: what it writes is recorded as it is written. */
function connection() {
  const input = new PassThrough();
  const written: Message[] = [];
  const wrote = new EventEmitter();
  const output = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) written.push(JSON.parse(line));
      wrote.emit('line');
      done();
    },
  });
  const transport = new LineTransport(input, output);
  const send = (message: Record<string, unknown>) =>
    input.write(`${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`);
  /** The answer to `id`, once it is written. */
  const answer = async (id: unknown): Promise<Message> => {
    for (;;) {
      const found = written.find((message) => message.id === id);
      if (found) return found;
      await once(wrote, 'line');
    }
  };
  return { transport, send, written, answer };
}

/** A promise `start` hands back, and how the test settles it. */
function deferred<T>() {
  let resolve: (value: T) => void = () => {};
  const promise = new Promise<T>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}

/** The real server of these tests: what discover says, and one tool. */
function realServer() {
  const server = describeMcpServer();
  server.setRequestHandler('tools/list', () => ({
    tools: [{ name: 'echo', inputSchema: { type: 'object' as const } }],
  }));
  return server;
}

describe('startAfterFirstAnswer', () => {
  it('answers server/discover before it starts, and holds every other message for the real server', async () => {
    const { transport, send, written, answer } = connection();
    const ready = deferred<string>();
    const called = deferred<Message[]>();
    const starting = startAfterFirstAnswer(
      transport,
      () => describeMcpServer(),
      () => {
        called.resolve([...written]);
        return ready.promise;
      },
      () => {},
    );
    send({ id: 'list', method: 'tools/list', params: { _meta: envelope() } });
    send({ id: 'discover', method: 'server/discover', params: { _meta: envelope() } });
    expect((await answer('discover')).result).toMatchObject({
      supportedVersions: ['2026-07-28'],
      capabilities: { tools: {} },
    });
    // The start began after the first answer was written, not before.
    expect((await called.promise).map((message) => message.id)).toEqual(['discover']);
    // Another discover is answered while the start goes on; the list that came before it still waits.
    send({ id: 'again', method: 'server/discover', params: { _meta: envelope() } });
    await answer('again');
    expect(written.map((message) => message.id)).toEqual(['discover', 'again']);

    ready.resolve('made');
    expect(await starting).toBe('made');
    serveStdio(realServer, { transport });
    transport.release();
    expect((await answer('list')).result?.tools).toEqual([{ name: 'echo', inputSchema: { type: 'object' } }]);
    await transport.close();
  });

  it('serves a client that fell back to initialize after its probe in 2025-11-25, once the server is ready', async () => {
    const { transport, send, answer } = connection();
    const starting = startAfterFirstAnswer(
      transport,
      () => describeMcpServer(),
      async () => 'made',
      () => {},
    );
    send({ id: 1, method: 'server/discover', params: { _meta: envelope() } });
    await answer(1);
    send({
      id: 2,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'late', version: '1' } },
    });
    await starting;
    serveStdio(realServer, { transport });
    transport.release();
    expect((await answer(2)).result?.protocolVersion).toBe('2025-11-25');
    await transport.close();
  });

  it('starts anyway when no request comes, as for a person typing requests by hand', async () => {
    const { transport } = connection();
    const called = deferred<true>();
    const starting = startAfterFirstAnswer(
      transport,
      () => describeMcpServer(),
      async () => called.resolve(true),
      () => {},
    );
    expect(await called.promise).toBe(true);
    await starting;
    await transport.close();
  });
});
