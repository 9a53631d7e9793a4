import { expectMatch, loadFixture, matchResponse } from '@memos-kit/wire';
import { afterEach, describe, expect, it } from 'vitest';
import { envelope } from './support/mcp-http.ts';
import { StdioServer } from './support/stdio-process.ts';

// Each child process costs a TypeScript start-up, so every test here asks several things of one process.
const started: StdioServer[] = [];
function startStdio(args: string[]): StdioServer {
  const server = new StdioServer(args);
  started.push(server);
  return server;
}
afterEach(async () => {
  await Promise.all(started.splice(0).map((server) => server.stop()));
});

/** A call the article's pace makes slow, since it asks for progress: progress at 1 s, the result at 3 s. */
const slowCall = (id: string) =>
  JSON.stringify({
    jsonrpc: '2.0',
    id,
    method: 'tools/call',
    params: { name: 'memo_list_memos', arguments: {}, _meta: envelope({ progressToken: 'p' }) },
  });

describe('pnpm mcp:stdio', () => {
  it('answers the article request line of fixtures/08-stdio, rejects a request without the envelope, honours notifications/cancelled', async () => {
    const fixture = loadFixture('stdio-tools-call');
    // The article's pace only slows calls that ask for progress; the fixture's request does not.
    const server = startStdio(['--dataset', fixture.entry.dataset, '--pace', 'article']);
    server.write(fixture.text('request').trimEnd());
    const line = await server.response(fixture.entry.jsonrpcId);
    expectMatch(matchResponse(fixture, { body: line, json: JSON.parse(line) }));
    expect(server.stderr).toContain('tools/call memo_list_memos');

    // Once a connection speaks 2026-07-28, a request without `_meta` is malformed.
    server.write(JSON.stringify({ jsonrpc: '2.0', id: 'bare', method: 'tools/list', params: {} }));
    expect(JSON.parse(await server.response('bare')).error.code).toBe(-32602);
    server.write(
      JSON.stringify({ jsonrpc: '2.0', id: 'ok', method: 'tools/list', params: { _meta: envelope() } }),
    );
    expect(JSON.parse(await server.response('ok')).result.tools).toHaveLength(20);

    // A slow call, cancelled after its progress: no response may follow.
    server.write(slowCall('slow'));
    await server.next((message) => message.method === 'notifications/progress');
    server.write(
      JSON.stringify({
        jsonrpc: '2.0',
        method: 'notifications/cancelled',
        params: { requestId: 'slow', _meta: envelope() },
      }),
    );
    await server.next(() => server.stderr.includes('tools/call memo_list_memos: cancelled by the client'));
    server.write(
      JSON.stringify({
        jsonrpc: '2.0',
        id: 'after',
        method: 'server/discover',
        params: { _meta: envelope() },
      }),
    );
    await server.response('after');
    expect(await server.stop()).toBe(0);
    expect(server.lines.some((line) => JSON.parse(line).id === 'slow')).toBe(false);
  });

  it('answers bad lines with errors, keeps serving, finishes the call in flight at EOF and exits 0', async () => {
    const server = startStdio(['--dataset', 'workshop', '--lang', 'en']);
    server.write(
      JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'server/discover', params: { _meta: envelope() } }),
    );
    server.write('this is not JSON');
    server.write('{"jsonrpc":"2.0","id":"x","params":{}}');
    server.write(
      JSON.stringify({
        jsonrpc: '2.0',
        id: 'last',
        method: 'tools/call',
        params: {
          name: 'memo_list_memos',
          arguments: { pageSize: 1 },
          _meta: envelope({ progressToken: 7 }),
        },
      }),
    );
    server.endInput();
    expect(await server.exited).toBe(0);

    expect(JSON.parse(await server.response(1)).result.supportedVersions).toEqual(['2026-07-28']);
    const parseError = JSON.parse(await server.next((message) => message.id === null && 'error' in message));
    expect(parseError.error.code).toBe(-32700);
    expect(JSON.parse(await server.response('x')).error.code).toBe(-32600);
    expect(JSON.parse(await server.response('last')).result.structuredContent.memos).toHaveLength(1);
    // Progress 1 of 2 is its own line, written before the result line.
    const messages = server.lines.map((line) => JSON.parse(line));
    const progressAt = messages.findIndex((message) => message.params?.progressToken === 7);
    expect(messages[progressAt]?.params).toEqual({ progressToken: 7, progress: 1, total: 2 });
    expect(progressAt).toBeLessThan(messages.findIndex((message) => message.id === 'last'));
    // stdout carried MCP messages only; the logs went to stderr.
    for (const line of server.lines) expect(JSON.parse(line).jsonrpc).toBe('2.0');
    expect(server.stderr).toContain('serving 20 tools over stdio');
  });

  it.each([
    ['SIGINT', 0, 'Stopped (Ctrl-C)'],
    ['SIGTERM', 143, 'Stopped (SIGTERM)'],
  ] as const)(
    'on %s, answers the call in flight before it stops, as at the end of input',
    async (signal, code, said) => {
      const server = startStdio(['--dataset', 'empty', '--pace', 'article', '--lang', 'en']);
      // The signal comes between the progress and the result.
      server.write(slowCall('slow'));
      await server.next((message) => message.method === 'notifications/progress');
      server.signal(signal);
      expect(await server.exited).toBe(code);
      expect(JSON.parse(await server.response('slow')).result.structuredContent).toEqual({ memos: [] });
      expect(server.stderr.trimEnd().split('\n').at(-1)).toBe(said);
    },
  );

  it('checks the envelope version of every request, also after the first one was served', async () => {
    const server = startStdio(['--dataset', 'empty']);
    const list = (id: number, version: string) =>
      JSON.stringify({
        jsonrpc: '2.0',
        id,
        method: 'tools/list',
        params: { _meta: envelope({ 'io.modelcontextprotocol/protocolVersion': version }) },
      });
    server.write(list(1, '2026-07-28'));
    expect(JSON.parse(await server.response(1)).result.tools).toHaveLength(20);
    server.write(list(2, '2099-01-01'));
    server.write(list(3, '2024-11-05'));
    for (const [id, requested] of [
      [2, '2099-01-01'],
      [3, '2024-11-05'],
    ] as const) {
      const { error } = JSON.parse(await server.response(id));
      expect(error).toEqual({
        code: -32022,
        message: `Unsupported protocol version: ${requested}`,
        data: { supported: ['2026-07-28'], requested },
      });
    }
    // A batch is not a 2026-07-28 message: an error line, and the server goes on.
    server.write(`[${list(4, '2026-07-28')}]`);
    expect(
      JSON.parse(await server.next((message) => 'error' in message && message.id === null)).error.code,
    ).toBe(-32600);
    server.write(list(5, '2026-07-28'));
    expect(JSON.parse(await server.response(5)).result.tools).toHaveLength(20);
  });

  it.each([
    [['--dataset', 'nope', '--lang', 'en'], 1, /^pnpm mcp:stdio: cannot start: unknown dataset "nope"/],
    [['--dataset', 'nope'], 1, /^pnpm mcp:stdio: 无法启动：unknown dataset "nope"/],
    [['--memos-url', 'not a url', '--lang', 'en'], 2, /--memos-url must be a URL/],
    [['--pace', 'slow', '--lang', 'en'], 2, /--pace must be off or article/],
    [['--pace', 'slow'], 2, /--pace 只能是 off 或 article/],
    [['--verbose'], 2, /Unknown option '--verbose'/],
  ])('refuses to start with %j in one line on stderr, never a stack trace', async (args, code, message) => {
    const server = startStdio(args);
    expect(await server.exited).toBe(code);
    expect(server.stderr).toMatch(message);
    expect(server.stderr).not.toMatch(/\n\s+at /);
    expect(server.lines).toEqual([]);
  });

  it('writes no log with --quiet, so stdout alone is the channel without a shell redirection', async () => {
    const fixture = loadFixture('stdio-tools-call');
    const server = startStdio(['--quiet', '--dataset', fixture.entry.dataset]);
    server.write(fixture.text('request').trimEnd());
    const line = await server.response(fixture.entry.jsonrpcId);
    expectMatch(matchResponse(fixture, { body: line, json: JSON.parse(line) }));
    server.endInput();
    expect(await server.exited).toBe(0);
    expect(server.stderr).toBe('');
  });

  it.each([
    [['--help'], /^用法：pnpm mcp:stdio/],
    [['--help', '--lang', 'en'], /^Usage: pnpm mcp:stdio[\s\S]*--memos-url URL[\s\S]*--token TOKEN/],
    [['--version'], /^pnpm mcp:stdio \S+ \(MCP 2026-07-28\)$/],
  ])('answers %j on stdout and exits without serving', async (args, text) => {
    const server = startStdio(args);
    expect(await server.exited).toBe(0);
    expect(server.lines.join('\n')).toMatch(text);
    expect(server.stderr).toBe('');
  });
});
