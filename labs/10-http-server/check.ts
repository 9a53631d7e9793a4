// Lab 10: the learner's file is started as a host starts an HTTP server, with PORT set, then talked to at
// http://127.0.0.1:PORT/mcp with raw requests: headers in the order written, bytes shown as they came.
import { listeningAddresses, portIsClosed } from '@memos-kit/process';
import { ErrorCode, PROTOCOL_VERSION } from '@memos-kit/protocol';
import { getHeader, validateMcpMessage } from '@memos-kit/wire';
import { newId, seed, word } from '../src/build-track.ts';
import { absent, type CheckContext, fail, type LabCheck } from '../src/check.ts';
import { runScenarios, SCENARIO_MS } from '../src/conformance.ts';
import {
  ANSWER_MS,
  freePort,
  type HttpServer,
  json,
  listensItself,
  request,
  showRequest,
  showResponse,
  startHttp,
} from '../src/learner.ts';
import { notACopy, ownImports, ownProcess } from '../src/own-code.ts';

const SERVER = 'lab10:http';

function http(context: CheckContext): Promise<HttpServer> {
  let server = context.shared.get(SERVER) as Promise<HttpServer> | undefined;
  if (!server) {
    server = freePort().then((port) => startHttp(context, port));
    context.shared.set(SERVER, server);
  }
  return server;
}

export const checks: LabCheck[] = [
  ownImports,
  notACopy,
  {
    id: 'listens',
    topic: 'listen',
    run: async (context) => {
      const server = await http(context);
      if (await portIsClosed(server.port))
        fail('notListening', {
          vars: { port: server.port, seconds: ANSWER_MS / 1000 },
          expected: `app.listen(${server.port}, '127.0.0.1', …)`,
          got: server.output().slice(-800) || absent('Nothing'),
        });
      if (listensItself(server.pid, server.port) === false)
        fail('notItself', {
          vars: { port: server.port },
          expected: `pid ${server.pid}`,
          got: absent('Missing'),
        });
    },
  },
  {
    id: 'loopback',
    topic: 'listen',
    run: async (context) => {
      const { port } = await http(context);
      const where = listeningAddresses(port);
      if (where?.some((address) => address !== '127.0.0.1' && address !== '::1'))
        fail('everyInterface', { expected: '127.0.0.1', got: where.join(', ') });
    },
  },
  {
    id: 'discover',
    topic: 'handler',
    run: async (context) => {
      const server = await http(context);
      const message = request(newId(), 'server/discover');
      const answer = await server.post(message);
      const body = json(answer.body);
      const problems = body ? validateMcpMessage(body, 'server/discover') : [];
      if (
        answer.status !== 200 ||
        !getHeader(answer.headers, 'content-type')?.startsWith('application/json') ||
        !body ||
        problems.length > 0
      )
        fail('discoverNotJson', {
          sent: showRequest(message, server.port),
          expected: `HTTP/1.1 200\nContent-Type: application/json\n\n{"result":{"supportedVersions":["${PROTOCOL_VERSION}"],…}}`,
          got: [showResponse(answer), ...problems].join('\n'),
        });
    },
  },
  {
    id: 'json',
    topic: 'handler',
    run: async (context) => {
      const server = await http(context);
      const secret = word();
      const name = await seed(context, `${secret} via http`);
      const message = request(newId(), 'tools/call', {
        name: 'list_memos',
        arguments: { filter: `content.contains("${secret}")` },
      });
      const answer = await server.post(message);
      const memos = (json(answer.body)?.result?.structuredContent as { memos?: Array<{ name: string }> })
        ?.memos;
      if (
        !getHeader(answer.headers, 'content-type')?.startsWith('application/json') ||
        JSON.stringify(memos?.map((memo) => memo.name)) !== JSON.stringify([name])
      )
        fail('notOneJson', {
          vars: { name },
          sent: showRequest(message, server.port),
          expected: `HTTP/1.1 200\nContent-Type: application/json\n\n{"result":{"structuredContent":{"memos":[{"name":"${name}",…}]},…}}`,
          got: showResponse(answer),
        });
    },
  },
  {
    id: 'sse',
    topic: 'handler',
    run: async (context) => {
      const server = await http(context);
      const token = word();
      const message = request(
        newId(),
        'tools/call',
        { name: 'list_memos', arguments: { pageSize: 1 } },
        { meta: { progressToken: token } },
      );
      const answer = await server.post(message);
      const events = (answer.events ?? []).map((event) => json(event.data) ?? {});
      const first = events[0] as { method?: string; params?: { progressToken?: unknown } } | undefined;
      const last = events.at(-1);
      if (
        !getHeader(answer.headers, 'content-type')?.startsWith('text/event-stream') ||
        first?.method !== 'notifications/progress' ||
        first.params?.progressToken !== token ||
        last?.id !== message.id
      )
        fail('notSse', {
          vars: { token },
          sent: showRequest(message, server.port),
          expected: `HTTP/1.1 200\nContent-Type: text/event-stream\n\nevent: message\ndata: {"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":"${token}",…}}\n\nevent: message\ndata: {…,"id":${message.id}}`,
          got: showResponse(answer),
        });
    },
  },
  {
    id: 'metaRule',
    topic: 'handler',
    run: async (context) => {
      const server = await http(context);
      const message = { jsonrpc: '2.0', id: newId(), method: 'tools/list', params: {} };
      const answer = await server.post(message, { 'MCP-Protocol-Version': PROTOCOL_VERSION });
      if (answer.status !== 400 || json(answer.body)?.error?.code !== ErrorCode.InvalidParams)
        fail('metaMissingAccepted', {
          sent: showRequest(message, server.port, { 'MCP-Protocol-Version': PROTOCOL_VERSION }),
          expected: `HTTP/1.1 400\n\n{"error":{"code":${ErrorCode.InvalidParams},…}}`,
          got: showResponse(answer),
        });
    },
  },
  {
    id: 'headers',
    topic: 'handler',
    run: async (context) => {
      const server = await http(context);
      const message = request(newId(), 'tools/call', { name: 'list_memos', arguments: {} });
      const overrides = { 'Mcp-Name': 'create_memo' };
      const answer = await server.post(message, overrides);
      if (answer.status !== 400 || json(answer.body)?.error?.code !== ErrorCode.HeaderMismatch)
        fail('mismatchAccepted', {
          sent: showRequest(message, server.port, overrides),
          expected: `HTTP/1.1 400\n\n{"error":{"code":${ErrorCode.HeaderMismatch},…}}`,
          got: showResponse(answer),
        });
    },
  },
  {
    id: 'origin',
    topic: 'guard',
    run: async (context) => {
      const server = await http(context);
      const message = request(newId(), 'tools/list');
      const foreign = { Origin: `http://${word()}.example` };
      const refused = await server.post(message, foreign);
      if (refused.status !== 403)
        fail('foreignOrigin', {
          sent: showRequest(message, server.port, foreign),
          expected: 'HTTP/1.1 403',
          got: showResponse(refused),
        });
      const local = { Origin: `http://localhost:${server.port}` };
      const welcome = await server.post(message, local);
      if (welcome.status !== 200)
        fail('localOrigin', {
          sent: showRequest(message, server.port, local),
          expected: 'HTTP/1.1 200',
          got: showResponse(welcome),
        });
    },
  },
  ownProcess,
  {
    // Last, and slow: the official suite's scenarios that apply to a tools-only Streamable HTTP server.
    id: 'conformance',
    topic: 'conformance',
    timeoutMs: SCENARIO_MS + 15_000,
    run: async (context) => {
      const server = await http(context);
      const url = `http://127.0.0.1:${server.port}/mcp`;
      const failures = await runScenarios(url);
      const first = failures[0];
      if (first)
        fail('conformanceFailed', {
          vars: { scenario: first.scenario, check: first.check, count: failures.length },
          sent: `pnpm --dir labs exec conformance server --url ${url} --scenario ${first.scenario} --spec-version ${PROTOCOL_VERSION}`,
          expected: `${first.scenario} · ${first.check}: ${first.description}`,
          got: failures
            .map((failure) => `${failure.scenario} · ${failure.check}: ${failure.error}`)
            .join('\n'),
        });
    },
  },
];
