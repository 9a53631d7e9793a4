// What the kit really does, one probe per exchange a page speaks of. A probe sends its request to the running
// kit (kit.ts) and reports what came back: the statuses, the JSON-RPC codes, the error texts, and the
// limits it confirmed. A limit is confirmed at the value the line states (`stated`): the probe sends one
// byte, level or piece more and one at the limit, and the kit must refuse the first and take the second.
// A budget of characters compared, which no request can be made to spend to the character, is the one the
// kit names when it refuses a request over it.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { HeadlessOAuthProvider } from '@memos-kit/auth-server/headless';
import { createOrdersApp } from '@memos-kit/demo-hateoas';
import type { RunningAdapter } from '@memos-kit/memos-mcp';
import { PROTOCOL_VERSION } from '@memos-kit/protocol';
import { fromFixtures, replayHandler } from '@memos-kit/recording';
import { loadFixture, loadManifest } from '@memos-kit/wire';
import { auth as oauthFlow } from '@modelcontextprotocol/client';
import { type Answer, envelope, type Kit, mcpRequest, parseCurl, rpc, send } from './kit.ts';

export interface Facts {
  status?: number[];
  code?: number[];
  text?: string[];
  /** Limits and defaults, as `unit:value` ('bytes:1048576', 'levels:64', 'tools:20', 'port:5230', 'default:workshop'). */
  limit?: string[];
}

/** The values a line states for a unit ('bytes' → [1048576, 67108864]), for probes that test a limit. */
type Stated = (unit: string) => number[];

/** The line a probe checks: its text, for a probe that reads the request from it, and the limits it states. */
interface Line {
  text: string;
  stated: Stated;
}

export type Probe = (kit: Kit, line: Line) => Promise<Facts>;

const MiB = 1024 * 1024;
const workshopTokens = { demo: 'example-token', alice: 'alice-token', bob: 'bob-token' };
const privateMemo = 'bob-private-todo';

/** The statuses and JSON-RPC codes of a recording the site publishes (public/recordings/). */
function recordedFacts(name: string): Facts {
  const recording = readFileSync(new URL(`../../public/recordings/${name}`, import.meta.url), 'utf8');
  return {
    status: [...recording.matchAll(/"status":(\d{3})/g)].map(([, status]) => Number(status)),
    code: [...recording.matchAll(/\\?"code\\?":(-3\d{4})/g)].map(([, code]) => Number(code)),
  };
}

/** A GET to the class server, which listens by itself (it is not one of the kit's request listeners). */
const classSend = (running: { url: string }, path: string, headers: Record<string, string>) =>
  send({ port: Number(new URL(running.url).port) }, { path, headers });

/** Facts of several answers together. */
function merge(...all: Facts[]): Facts {
  return {
    status: all.flatMap((facts) => facts.status ?? []),
    code: all.flatMap((facts) => facts.code ?? []),
    text: all.flatMap((facts) => facts.text ?? []),
    limit: all.flatMap((facts) => facts.limit ?? []),
  };
}

/** An answer's status, its JSON-RPC code and message, or a tool result's error text. */
function factsOf(answer: Answer): Facts {
  const { code, message, result } = rpc(answer);
  const content = (result?.content as { type: string; text?: string }[] | undefined) ?? [];
  const { message: restMessage, error: restError } = (answer.json ?? {}) as {
    message?: unknown;
    error?: unknown;
  };
  return {
    status: [answer.status],
    ...(code === undefined ? {} : { code: [code] }),
    text: [
      ...(message ? [message] : []),
      ...(result?.isError === true ? content.flatMap((block) => (block.text ? [block.text] : [])) : []),
      ...(typeof restMessage === 'string' ? [restMessage] : []),
      ...(typeof restError === 'string' ? [restError] : []),
      ...(answer.json === undefined && answer.body.trim() ? [answer.body.trim()] : []),
    ],
  };
}

/** A tools/call, tools/list or other request to the adapter at /mcp, with headers changed or removed. */
async function mcp(
  kit: Kit,
  method: string,
  params: Record<string, unknown> = {},
  change: {
    headers?: Record<string, string | null>;
    body?: (body: string) => string | Buffer;
    server?: string;
  } = {},
): Promise<Answer> {
  const { body, headers } = mcpRequest(method, params, 1);
  for (const [name, value] of Object.entries(change.headers ?? {})) {
    const existing = Object.keys(headers).find((key) => key.toLowerCase() === name.toLowerCase());
    if (existing) delete headers[existing];
    if (value !== null) headers[name] = value;
  }
  const server = await (change.server === 'full' ? fullServer(kit) : kit.server());
  return send(server, {
    method: 'POST',
    path: '/mcp',
    headers,
    body: change.body ? change.body(body) : body,
  });
}

const fullServer = (kit: Kit) => kit.server('full', { dataset: 'workshop', profile: 'full' });
/** A server of its own for the writes and the limits, so no probe changes the data another one reads. */
const scratchServer = (kit: Kit) => kit.server('scratch', { dataset: 'workshop' });

const listCall = { name: 'memo_list_memos', arguments: { pageSize: 1 } };
const withoutKey = (key: string) => (body: string) => {
  const message = JSON.parse(body);
  delete message.params._meta[key];
  return JSON.stringify(message);
};

/** A JSON-RPC request of exactly `bytes` bytes, padded inside its params. */
function requestOfSize(bytes: number, id: number | string = 1): string {
  const head = mcpRequest('tools/list', {}, id).body.replace(/}}$/, ',"pad":"');
  return `${head}${'x'.repeat(bytes - head.length - 3)}"}}`;
}

/** A tools/list request whose JSON nests `depth` levels, the message itself being the first. */
function requestOfDepth(depth: number): string {
  const arrays = Math.max(0, depth - 2);
  const message = {
    jsonrpc: '2.0',
    id: 'deep',
    method: 'tools/list',
    params: { _meta: envelope(), deep: 0 },
  };
  return JSON.stringify(message).replace('"deep":0', `"deep":${'['.repeat(arrays)}${']'.repeat(arrays)}`);
}

/** The largest depth in 2..200 that `accepted` takes, found by halving: the kit's bound, measured. */
async function deepestAccepted(accepted: (depth: number) => Promise<boolean>): Promise<number> {
  let low = 2;
  let high = 200;
  if (await accepted(high)) return high;
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    if (await accepted(middle)) low = middle;
    else high = middle;
  }
  return low;
}

const rest = async (
  kit: Kit,
  method: string,
  path: string,
  options: {
    token?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
    /** A server of its own on the workshop dataset, for a probe that writes. */
    server?: 'scratch' | 'long tags';
  } = {},
) =>
  send(await (options.server ? kit.server(options.server) : kit.server()), {
    method,
    path: `/api/v1${path}`,
    headers: {
      ...(options.body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(options.token ? { Authorization: `Bearer ${options.token}` } : {}),
      ...options.headers,
    },
    body: options.body,
  });

/**
 * Announces a body of `announced` bytes and keeps sending it over a raw socket until the server closes the
 * connection: how many bytes went out before it did, and the status it answered meanwhile.
 */
async function bytesTakenBeforeClose(
  kit: Kit,
  path: string,
  headers: Record<string, string>,
  announced: number,
) {
  const { connect } = await import('node:net');
  const server = await scratchServer(kit);
  return new Promise<{ written: number; status: number }>((resolve) => {
    let written = 0;
    let received = '';
    const socket = connect(server.port, '127.0.0.1');
    const head = [`POST ${path} HTTP/1.1`, 'Host: 127.0.0.1', `Content-Length: ${announced}`]
      .concat(Object.entries(headers).map(([name, value]) => `${name}: ${value}`))
      .join('\r\n');
    const chunk = Buffer.alloc(256 * 1024, 0x20);
    const finish = () => resolve({ written, status: Number(/^HTTP\/1\.1 (\d{3})/.exec(received)?.[1] ?? 0) });
    socket.on('data', (data) => {
      received += data.toString('latin1');
    });
    socket.on('error', finish);
    socket.on('close', finish);
    const pump = () => {
      while (written < announced && !socket.destroyed) {
        written += chunk.length;
        if (!socket.write(chunk)) return void socket.once('drain', pump);
      }
    };
    socket.write(`${head}\r\n\r\n`, pump);
  });
}

/** The drain bound a line states: the server reads at most that much of a refused body, then closes. */
async function drained(
  kit: Kit,
  stated: Stated,
  path: string,
  headers: Record<string, string>,
): Promise<Facts> {
  const found: string[] = [];
  for (const limit of stated('bytes').filter((bytes) => bytes >= 16 * MiB)) {
    const { written, status } = await kit.once(`drain ${path} ${limit}`, () =>
      bytesTakenBeforeClose(kit, path, headers, limit + 16 * MiB),
    );
    // What was written sits partly in the sockets' buffers (a few MiB at most) when the server closes.
    if (status === 413 && written >= limit && written < limit + 16 * MiB) found.push(`bytes:${limit}`);
  }
  return { limit: found, status: [413] };
}

const bearer = { Authorization: `Bearer ${workshopTokens.demo}` };
const mcpHeaders = () => mcpRequest('tools/list').headers;

/**
 * The defaults a command's help states for its port, --dataset, --pace and --profile: "(default 5230; …)",
 * "workshop (default workshop)", "article (default): …", "article: tools only … (default)".
 */
async function helpDefaults(kit: Kit, command: Parameters<Kit['help']>[0]): Promise<Facts> {
  const help = await kit.help(command);
  // One entry per option: its first line and the lines wrapped under it.
  const options = help.split(/\n(?=\s+-)/).map((entry) => entry.replace(/\s+/g, ' '));
  const limit: string[] = [];
  for (const option of options) {
    const name = /--([\w-]+)/.exec(option)?.[1] ?? '';
    const value =
      /\(default ([\w.]+)/.exec(option)?.[1] ??
      /(\w+) \(default\)/.exec(option)?.[1] ??
      /(\w+): [^:]*\(default\)/.exec(option)?.[1];
    if (value === undefined) continue;
    if (name === 'port' || name.endsWith('-port')) limit.push(`port:${value}`);
    else if (['dataset', 'pace', 'profile'].includes(name)) limit.push(`default:${value}`);
  }
  return { limit };
}

/** An access token for /mcp (or for `resource`), as the SDK client gets one: sign-in and consent clicked through. */
async function oauthToken(server: RunningAdapter, scope?: string, resource?: string): Promise<string> {
  const learner = new HeadlessOAuthProvider({
    redirectUrl: 'http://127.0.0.1:8090/callback',
    username: 'alice',
    password: server.oauth?.password ?? '',
  });
  if (resource) learner.validateResourceURL = async () => new URL(resource);
  const asked = { serverUrl: server.mcpUrl, ...(scope ? { scope } : {}) };
  await oauthFlow(learner, asked);
  const callback = learner.takeCallback();
  await oauthFlow(learner, {
    ...asked,
    authorizationCode: callback.get('code') ?? '',
    iss: callback.get('iss') ?? '',
  });
  return (await learner.tokens())?.access_token ?? '';
}

/** What `--auth oauth` answers at /mcp: its metadata, a call with a good token, and each refusal. */
async function oauthAnswers(kit: Kit): Promise<Facts> {
  return kit.once('oauth answers', async () => {
    const server = await kit.oauth();
    const call = (name: string, authorization: string | undefined) => {
      const { body, headers } = mcpRequest('tools/call', { name, arguments: { memo: 'memos/lunch-poll' } });
      const { Authorization: _, ...rest } = headers;
      return fetch(server.mcpUrl, {
        method: 'POST',
        headers: authorization === undefined ? rest : { ...rest, Authorization: authorization },
        body,
      });
    };
    const read = await oauthToken(server);
    const otherAudience = await oauthToken(server, 'memos.api', `${server.url}/api/v1`);
    const answers = [
      await fetch(server.oauth?.metadataUrl ?? ''),
      await call('memo_get_memo', undefined),
      await call('memo_get_memo', 'Bearer example-token'),
      await call('memo_get_memo', `Bearer ${otherAudience}`),
      await call('memo_get_memo', `Bearer ${read}`),
      await call('memo_delete_memo', `Bearer ${read}`),
    ];
    return {
      status: answers.map((answer) => answer.status),
      text: answers.map((answer) => answer.headers.get('www-authenticate') ?? '').filter(Boolean),
    };
  });
}

export const probes = {
  // ---- MCP over HTTP: the article's requests, and what goes wrong -------------------------------------
  'mcp: the article request, answered': async (kit) => factsOf(await mcp(kit, 'tools/call', listCall)),
  'mcp: tools/list counts the tools': async (kit) => {
    const answer = await mcp(kit, 'tools/list');
    const tools = (rpc(answer).result?.tools as unknown[] | undefined) ?? [];
    return { status: [answer.status], limit: [`tools:${tools.length}`] };
  },
  'mcp: an unknown tool': async (kit) =>
    factsOf(await mcp(kit, 'tools/call', { name: 'memo_nope', arguments: {} })),
  'mcp: a filter that does not parse (tool error, Memos words)': async (kit) =>
    factsOf(await mcp(kit, 'tools/call', { name: 'memo_list_memos', arguments: { filter: 'visibility' } })),
  'mcp: a filter that does not parse (tool error, --error-text article)': async (kit) => {
    const server = await kit.server('article-text', { dataset: 'workshop', errorText: 'article' });
    const { body, headers } = mcpRequest('tools/call', {
      name: 'memo_list_memos',
      arguments: { filter: 'visibility' },
    });
    return factsOf(await send(server, { method: 'POST', path: '/mcp', headers, body }));
  },
  'mcp: a tool error for a missing memo': async (kit) =>
    factsOf(await mcp(kit, 'tools/call', { name: 'memo_get_memo', arguments: { memo: 'memos/ghost' } })),
  'mcp: a tool call without a token': async (kit) =>
    factsOf(
      await mcp(
        kit,
        'tools/call',
        { name: 'memo_create_memo', arguments: { body: { content: 'x' } } },
        {
          headers: { Authorization: null },
        },
      ),
    ),
  'mcp: a write tool with a read-only token': async (kit) => {
    // The adapter's readOnlyTokens, a stand-in for an OAuth scope (pnpm demo:host --attack uses it).
    const server = await kit.server('read-only', { dataset: 'workshop', readOnlyTokens: ['example-token'] });
    const { body, headers } = mcpRequest('tools/call', {
      name: 'memo_delete_memo',
      arguments: { memo: 'memos/api-design' },
    });
    return factsOf(await send(server, { method: 'POST', path: '/mcp', headers, body }));
  },
  'mcp: Mcp-Name disagrees with the body': async (kit) =>
    factsOf(await mcp(kit, 'tools/call', listCall, { headers: { 'Mcp-Name': 'memo_delete_memo' } })),
  'mcp: MCP-Protocol-Version disagrees with the body': async (kit) =>
    factsOf(await mcp(kit, 'tools/call', listCall, { headers: { 'MCP-Protocol-Version': '2025-11-25' } })),
  'mcp: an unsupported version in the header and the body': async (kit) =>
    factsOf(
      await mcp(kit, 'tools/call', listCall, {
        headers: { 'MCP-Protocol-Version': '2025-11-25' },
        body: (body) => body.replace(`"${PROTOCOL_VERSION}"`, '"2025-11-25"'),
      }),
    ),
  'mcp: a method the server does not offer (prompts/list, resources/list)': async (kit) =>
    merge(factsOf(await mcp(kit, 'prompts/list')), factsOf(await mcp(kit, 'resources/list'))),
  'mcp: _meta without a required key, or none, every time': async (kit) => {
    const noMeta = (body: string) => {
      const message = JSON.parse(body);
      delete message.params._meta;
      return JSON.stringify(message);
    };
    const first = await mcp(kit, 'tools/list', {}, { body: noMeta });
    // After a request that was served, the same request without its _meta is refused all the same.
    const served = await mcp(kit, 'tools/list');
    const again = await mcp(kit, 'tools/list', {}, { body: noMeta });
    const noCapabilities = await mcp(
      kit,
      'tools/list',
      {},
      { body: withoutKey('io.modelcontextprotocol/clientCapabilities') },
    );
    const noVersion = await mcp(
      kit,
      'tools/list',
      {},
      { body: withoutKey('io.modelcontextprotocol/protocolVersion') },
    );
    // two-messages.md names the two shapes of error.data.envelope: a list of missing keys, or one key and its problem.
    const envelopeOf = (answer: Answer) =>
      JSON.stringify(
        (answer.json as { error?: { data?: { envelope?: unknown } } } | undefined)?.error?.data?.envelope,
      );
    const shapes =
      envelopeOf(first) === '{"missing":["_meta"]}' &&
      envelopeOf(noVersion) === '{"missing":["io.modelcontextprotocol/protocolVersion"]}' &&
      envelopeOf(noCapabilities) ===
        '{"key":"io.modelcontextprotocol/clientCapabilities","problem":"missing"}';
    return served.status === 200 && shapes
      ? merge(factsOf(first), factsOf(again), factsOf(noCapabilities), factsOf(noVersion))
      : {};
  },
  'mcp: a foreign Host or Origin': async (kit) =>
    merge(
      factsOf(await mcp(kit, 'tools/list', {}, { headers: { Host: 'evil.example' } })),
      factsOf(await mcp(kit, 'tools/list', {}, { headers: { Origin: 'http://evil.example' } })),
    ),
  'mcp: GET /mcp': async (kit) => {
    const answer = await send(await kit.server(), { method: 'GET', path: '/mcp' });
    return answer.headers.allow === 'POST' ? factsOf(answer) : { status: [0] };
  },
  'mcp: malformed JSON': async (kit) => factsOf(await mcp(kit, 'tools/list', {}, { body: () => '{' })),
  // What curl sends when `--data-binary @file` names a file it cannot read: a warning, and no body at all.
  'mcp: an empty body, as curl sends for an @file it cannot read': async (kit) =>
    factsOf(await mcp(kit, 'tools/call', listCall, { body: () => '' })),
  'mcp: a body that is not UTF-8': async (kit) =>
    factsOf(
      await mcp(
        kit,
        'tools/list',
        {},
        {
          body: (body) => Buffer.concat([Buffer.from(body.slice(0, -2)), Buffer.from([0xff, 0x7d, 0x7d])]),
        },
      ),
    ),
  'mcp: a body over the limit': async (kit, { stated }) => {
    // A line that names no limit still states the status: the kit's own limit is well under 2 MiB.
    const [limit = 2 * MiB] = stated('bytes');
    const send = (bytes: number) => mcp(kit, 'tools/list', {}, { body: () => requestOfSize(bytes) });
    const over = await send(limit + 1);
    const at = await send(limit);
    return merge(factsOf(over), {
      limit: over.status === 413 && at.status !== 413 ? [`bytes:${limit}`] : [],
    });
  },
  'mcp: the rest of a refused body is drained, then the connection closes': async (kit, { stated }) =>
    drained(kit, stated, '/mcp', mcpHeaders()),
  'mcp: a Content-Type that is not JSON, a charset that is not UTF-8, a Content-Encoding': async (kit) =>
    merge(
      factsOf(await mcp(kit, 'tools/list', {}, { headers: { 'Content-Type': 'text/plain' } })),
      factsOf(
        await mcp(kit, 'tools/list', {}, { headers: { 'Content-Type': 'application/json; charset=latin1' } }),
      ),
      factsOf(
        await mcp(
          kit,
          'tools/list',
          {},
          { headers: { 'Content-Encoding': 'gzip' }, body: (body) => gzipSync(body) },
        ),
      ),
    ),
  'mcp: JSON nested deeper than the bound': async (kit) => {
    const sendDepth = (depth: number) => mcp(kit, 'tools/list', {}, { body: () => requestOfDepth(depth) });
    const deepest = await deepestAccepted(async (depth) => rpc(await sendDepth(depth)).code !== -32600);
    const refused = await sendDepth(deepest + 1);
    const withId = (refused.json as { id?: unknown } | undefined)?.id === 'deep';
    return merge(withId ? factsOf(refused) : {}, { limit: [`levels:${deepest}`] });
  },
  'mcp: a posted JSON-RPC response': async (kit) =>
    factsOf(await mcp(kit, 'tools/list', {}, { body: () => '{"jsonrpc":"2.0","id":1,"result":{}}' })),
  'mcp: tools/list with a cursor': async (kit) => factsOf(await mcp(kit, 'tools/list', { cursor: 'next' })),
  'mcp: a notification': async (kit) =>
    factsOf(
      await mcp(
        kit,
        'notifications/cancelled',
        {},
        {
          body: () =>
            JSON.stringify({
              jsonrpc: '2.0',
              method: 'notifications/cancelled',
              params: { requestId: 1, _meta: envelope() },
            }),
        },
      ),
    ),
  'mcp: a browser origin not on the CORS list': async (kit) => {
    const server = await kit.server('cors', { dataset: 'workshop', corsOrigins: ['http://127.0.0.1:5173'] });
    const preflight = (origin: string) =>
      send(server, {
        method: 'OPTIONS',
        path: '/mcp',
        headers: {
          Origin: origin,
          'Access-Control-Request-Method': 'POST',
          'Access-Control-Request-Headers': 'mcp-method',
        },
      });
    const listed = await preflight('http://127.0.0.1:5173');
    const other = await preflight('http://127.0.0.1:9999');
    return listed.status < 300 ? { status: [other.status] } : { status: [0] };
  },

  "mcp: a tool call that changes another user's memo": async (kit) =>
    factsOf(
      await mcp(
        kit,
        'tools/call',
        {
          name: 'memo_update_memo',
          arguments: { memo: 'lunch-poll', updateMask: 'pinned', body: { pinned: true } },
        },
        { headers: { Authorization: `Bearer ${workshopTokens.bob}` } },
      ),
    ),
  'line: the curl command on the line, sent to pnpm serve': async (kit, { text }) => {
    const command = /`(curl [^`]+)`/.exec(text)?.[1];
    if (!command) return {};
    const { method, url, headers, body } = parseCurl(command);
    const server = await kit.server();
    return factsOf(
      await send(server, {
        method,
        path: url.pathname + url.search,
        headers: Object.fromEntries(headers),
        body,
      }),
    );
  },

  // ---- MCP, the full profile ---------------------------------------------------------------------------
  'mcp full: a delete from a client without the elicitation capability': async (kit) =>
    factsOf(
      await mcp(
        kit,
        'tools/call',
        { name: 'memo_delete_memo', arguments: { memo: 'memos/welcome' } },
        { server: 'full' },
      ),
    ),
  'mcp full: a delete the user declines': async (kit) =>
    factsOf(
      await mcp(
        kit,
        'tools/call',
        {
          name: 'memo_delete_memo',
          arguments: { memo: 'memos/welcome' },
          inputResponses: { confirm: { action: 'decline' } },
          _meta: { 'io.modelcontextprotocol/clientCapabilities': { elicitation: { form: {} } } },
        },
        { server: 'full' },
      ),
    ),
  'mcp full: a confirmed delete of a memo that is not there': async (kit) =>
    factsOf(
      await mcp(
        kit,
        'tools/call',
        {
          name: 'memo_delete_memo',
          arguments: { memo: 'memos/friday-demo' },
          inputResponses: { confirm: { action: 'accept', content: { confirm: true } } },
          _meta: { 'io.modelcontextprotocol/clientCapabilities': { elicitation: { form: {} } } },
        },
        { server: 'full' },
      ),
    ),
  "mcp full: reading another user's private memo as a resource": async (kit) =>
    merge(
      factsOf(
        await mcp(
          kit,
          'resources/read',
          { uri: `memos://memos/${privateMemo}` },
          {
            server: 'full',
            headers: { 'Mcp-Name': `memos://memos/${privateMemo}` },
          },
        ),
      ),
      factsOf(await rest(kit, 'GET', `/memos/${privateMemo}`, { token: workshopTokens.demo })),
    ),
  'mcp full: resources/list and prompts/list are offered': async (kit) =>
    merge(
      factsOf(await mcp(kit, 'resources/list', {}, { server: 'full' })),
      factsOf(await mcp(kit, 'prompts/list', {}, { server: 'full' })),
    ),

  // ---- MCP over stdio ---------------------------------------------------------------------------------
  'stdio: a line that is not UTF-8': async (kit) => {
    const stdio = await kit.stdio();
    stdio.write(
      Buffer.concat([
        Buffer.from('{"jsonrpc":"2.0","id":"u8","method":"tools/list","params":{"x":"'),
        Buffer.from([0xff]),
        Buffer.from('"}}\n'),
      ]),
    );
    return stdioFacts(await stdio.nextError('u8'));
  },
  'stdio: a line over the limit, and the next line served': async (kit, { stated }) => {
    const [limit] = stated('bytes');
    if (limit === undefined) return {};
    const stdio = await kit.stdio();
    stdio.write(`${requestOfSize(limit, 'at')}\n`);
    const at = await stdio.answer('at');
    stdio.write(`${'x'.repeat(limit + 1)}\n`);
    const over = await stdio.nextError();
    stdio.write(
      `${JSON.stringify({ jsonrpc: '2.0', id: 'after', method: 'tools/list', params: { _meta: envelope() } })}\n`,
    );
    const after = await stdio.answer('after');
    const served = 'result' in after && (at.error as { code?: number } | undefined)?.code !== -32600;
    return merge(stdioFacts(over), { limit: served && over.id === null ? [`bytes:${limit}`] : [] });
  },
  'stdio: _meta without a required key, every time': async (kit) => {
    const stdio = await kit.stdio();
    const bare = (id: string) => JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/list', params: {} });
    stdio.write(`${bare('bare-1')}\n`);
    const first = await stdio.answer('bare-1');
    stdio.write(
      `${JSON.stringify({ jsonrpc: '2.0', id: 'ok', method: 'tools/list', params: { _meta: envelope() } })}\n`,
    );
    await stdio.answer('ok');
    stdio.write(`${bare('bare-2')}\n`);
    const second = await stdio.answer('bare-2');
    return merge(stdioFacts(first), stdioFacts(second));
  },
  'stdio: a version other than 2026-07-28': async (kit) => {
    const stdio = await kit.stdio();
    const meta = { ...envelope(), 'io.modelcontextprotocol/protocolVersion': '2025-11-25' };
    stdio.write(
      `${JSON.stringify({ jsonrpc: '2.0', id: 'old', method: 'tools/list', params: { _meta: meta } })}\n`,
    );
    return stdioFacts(await stdio.answer('old'));
  },
  'stdio: a line that is not JSON, and one that is not JSON-RPC': async (kit) => {
    const stdio = await kit.stdio();
    stdio.write('this is not JSON\n');
    const notJson = await stdio.nextError();
    stdio.write('{"jsonrpc":"2.0","id":"x","params":{}}\n');
    const notRpc = await stdio.answer('x');
    return merge(stdioFacts(notJson), stdioFacts(notRpc));
  },
  'stdio: an unknown method and an unknown tool': async (kit) => {
    const stdio = await kit.stdio();
    const request = (id: string, method: string, params: Record<string, unknown>) =>
      `${JSON.stringify({ jsonrpc: '2.0', id, method, params: { ...params, _meta: envelope() } })}\n`;
    stdio.write(request('no-method', 'prompts/list', {}));
    const method = await stdio.answer('no-method');
    stdio.write(request('no-tool', 'tools/call', { name: 'memo_nope', arguments: {} }));
    return merge(stdioFacts(method), stdioFacts(await stdio.answer('no-tool')));
  },
  'stdio: JSON nested deeper than the bound': async (kit) => {
    const stdio = await kit.stdio();
    stdio.write(`${requestOfDepth(200)}\n`);
    return stdioFacts(await stdio.answer('deep'));
  },

  // ---- The mock Memos REST API ------------------------------------------------------------------------
  'rest: the article request (list memos)': async (kit) => {
    const answer = await rest(kit, 'GET', '/memos?pageSize=1&filter=visibility%20!%3D%20%22PRIVATE%22');
    const memos = (answer.json as { memos?: { content: string }[] } | undefined)?.memos ?? [];
    return { status: [answer.status], text: memos.map((memo) => memo.content) };
  },
  'rest: a write without a token': async (kit) =>
    factsOf(await rest(kit, 'POST', '/memos', { body: '{"content":"x"}' })),
  'rest: a filter that does not parse': async (kit) =>
    factsOf(
      await rest(kit, 'GET', `/memos?filter=${encodeURIComponent('visibility')}`, {
        token: workshopTokens.demo,
      }),
    ),
  'rest: the relations of a memo that does not exist': async (kit) =>
    merge(
      factsOf(await rest(kit, 'GET', '/memos/ghost/relations', { token: workshopTokens.demo })),
      factsOf(
        await rest(kit, 'PATCH', '/memos/ghost/relations', {
          token: workshopTokens.demo,
          body: JSON.stringify({ relations: [] }),
          server: 'scratch',
        }),
      ),
    ),
  'rest: a missing memo': async (kit) =>
    factsOf(await rest(kit, 'GET', '/memos/ghost', { token: workshopTokens.demo })),
  "rest: another user's private memo": async (kit) =>
    factsOf(await rest(kit, 'GET', `/memos/${privateMemo}`, { token: workshopTokens.alice })),
  'rest: a body over the limit of its route': async (kit, { stated }) => {
    const [limit] = stated('bytes');
    if (limit === undefined) return {};
    const body = (bytes: number) => {
      const head = '{"content":"x","pad":"';
      return `${head}${' '.repeat(bytes - head.length - 2)}"}`;
    };
    const over = await rest(kit, 'POST', '/memos', {
      token: workshopTokens.demo,
      body: body(limit + 1),
      server: 'scratch',
    });
    const at = await rest(kit, 'POST', '/memos', {
      token: workshopTokens.demo,
      body: body(limit),
      server: 'scratch',
    });
    const code = (over.json as { code?: number } | undefined)?.code;
    return {
      status: [over.status],
      limit: over.status === 413 && code === 8 && at.status !== 413 ? [`bytes:${limit}`] : [],
    };
  },
  "rest: a memo's content over its limit": async (kit, { stated }) => {
    const limits = stated('bytes').filter((bytes) => bytes < MiB);
    const found: Facts[] = [];
    for (const limit of limits) {
      const create = (bytes: number) =>
        rest(kit, 'POST', '/memos', {
          token: workshopTokens.demo,
          body: JSON.stringify({ content: 'x'.repeat(bytes) }),
          server: 'scratch',
        });
      const over = await create(limit + 1);
      const at = await create(limit);
      found.push({
        status: [over.status],
        limit: over.status === 400 && at.status === 200 ? [`bytes:${limit}`] : [],
      });
    }
    return merge(...found);
  },
  'rest: an attachment body over its limit': async (kit, { stated }) => {
    const found: Facts[] = [];
    for (const limit of stated('bytes').filter((bytes) => bytes > MiB && bytes < 64 * MiB)) {
      const post = (bytes: number) =>
        rest(kit, 'POST', '/attachments', {
          token: workshopTokens.demo,
          body: Buffer.alloc(bytes, 0x20),
          server: 'scratch',
        });
      // Spaces alone are no JSON: a body the size of the limit is read and refused for what it is, not for its size.
      const [over, at] = await kit.once(`attachment body ${limit}`, async () => [
        await post(limit + 1),
        await post(limit),
      ]);
      found.push({
        status: [over.status],
        limit: over.status === 413 && at.status === 400 ? [`bytes:${limit}`] : [],
      });
    }
    return merge(...found);
  },
  'rest: an attachment file over its limit': async (kit, { stated }) => {
    const found: Facts[] = [];
    for (const limit of stated('bytes').filter((bytes) => bytes > MiB && bytes < 48 * MiB)) {
      const post = (bytes: number) =>
        rest(kit, 'POST', '/attachments', {
          token: workshopTokens.demo,
          body: JSON.stringify({ filename: 'big.bin', content: Buffer.alloc(bytes, 1).toString('base64') }),
          server: 'scratch',
        });
      const [over, at] = await kit.once(`attachment file ${limit}`, async () => [
        await post(limit + 1),
        await post(limit),
      ]);
      found.push({
        status: [over.status],
        limit: over.status >= 400 && at.status === 200 ? [`bytes:${limit}`] : [],
      });
    }
    return merge(...found);
  },
  'rest: a Content-Length over the limit, refused before the body': async (kit) => {
    const server = await scratchServer(kit);
    const { request } = await import('node:http');
    const status = await new Promise<number>((resolve, reject) => {
      const call = request({
        host: '127.0.0.1',
        port: server.port,
        method: 'POST',
        path: '/api/v1/memos',
        headers: { ...bearer, 'Content-Type': 'application/json', 'Content-Length': String(2 * MiB) },
        timeout: 5_000,
      });
      call.on('response', (incoming) => {
        incoming.resume();
        resolve(incoming.statusCode ?? 0);
        call.destroy();
      });
      call.on('timeout', () => reject(new Error('no answer before the body was sent')));
      call.on('error', (error) => (call.destroyed ? undefined : reject(error)));
      call.flushHeaders();
    });
    return { status: [status] };
  },
  'rest: the rest of a refused body is drained, then the connection closes': async (kit, { stated }) =>
    drained(kit, stated, '/api/v1/memos', { ...bearer, 'Content-Type': 'application/json' }),
  'rest: a charset other than UTF-8': async (kit) =>
    factsOf(
      await rest(kit, 'POST', '/memos', {
        token: workshopTokens.demo,
        body: '{}',
        headers: { 'Content-Type': 'application/json; charset=latin-9000' },
      }),
    ),
  'rest: a Content-Encoding that does not decompress': async (kit) =>
    merge(
      ...(await Promise.all(
        ['gzip', 'deflate', 'br'].map(async (coding) =>
          factsOf(
            await rest(kit, 'POST', '/memos', {
              token: workshopTokens.demo,
              body: '{"content":"x"}',
              headers: { 'Content-Encoding': coding },
            }),
          ),
        ),
      )),
    ),
  'rest: any other Content-Encoding': async (kit) =>
    factsOf(
      await rest(kit, 'POST', '/memos', {
        token: workshopTokens.demo,
        body: '{"content":"x"}',
        headers: { 'Content-Encoding': 'compress' },
      }),
    ),
  'rest: a body that is not UTF-8': async (kit) =>
    factsOf(
      await rest(kit, 'POST', '/memos', {
        token: workshopTokens.demo,
        body: Buffer.concat([Buffer.from('{"content":"caf'), Buffer.from([0xe9]), Buffer.from('"}')]),
        server: 'scratch',
      }),
    ),
  'rest: JSON nested deeper than the bound': async (kit) => {
    const post = (depth: number) =>
      rest(kit, 'PATCH', '/memos/welcome/relations', {
        token: workshopTokens.demo,
        body: `{"relations":${'['.repeat(depth - 1)}${']'.repeat(depth - 1)}}`,
        server: 'scratch',
      });
    const deepest = await deepestAccepted(async (depth) => !/deeper than/.test((await post(depth)).body));
    return merge(factsOf(await post(deepest + 1)), { limit: [`levels:${deepest}`], text: [] });
  },
  'rest: a path that does not decode': async (kit) =>
    factsOf(await rest(kit, 'GET', '/memos/%ZZ', { token: workshopTokens.demo })),
  'rest: a content.matches pattern over its size': async (kit, { stated }) => {
    const [limit] = stated('pieces');
    if (limit === undefined) return {};
    const list = (pieces: number) =>
      rest(kit, 'GET', `/memos?filter=${encodeURIComponent(`content.matches("a{${pieces}}")`)}`, {
        token: workshopTokens.demo,
      });
    const over = await list(limit + 1);
    const at = await list(limit);
    const hinted = /use a smaller \{n\}/.test(over.body);
    return {
      status: [over.status],
      limit: over.status === 400 && hinted && at.status === 200 ? [`pieces:${limit}`] : [],
    };
  },
  'rest: tag tests over their LIKE budget': async (kit) => {
    // Two memos whose 78 tags of 100 characters make about 8,000 characters of tag text each: a run of
    // 4,000 _ before a letter no tag has is tried at each of some 4,000 places of the text, 17 million
    // characters compared on each memo.
    const tags = Array.from({ length: 78 }, (_, i) => `#${'a'.repeat(97)}${String(i).padStart(3, '0')}`);
    await kit.once('long tags', async () => {
      for (let i = 0; i < 2; i++)
        await rest(kit, 'POST', '/memos', {
          token: workshopTokens.demo,
          body: JSON.stringify({ content: tags.join(' ') }),
          server: 'long tags',
        });
    });
    const list = (literal: string) =>
      rest(kit, 'GET', `/memos?filter=${encodeURIComponent(`tags.exists(t, t.contains("${literal}"))`)}`, {
        token: workshopTokens.demo,
        server: 'long tags',
      });
    const over = await list(`${'_'.repeat(4000)}b`);
    const ordinary = await list('aaab');
    // The budget the kit names in its hint, when the ordinary test of the same tags is answered.
    const budget = /more than ([\d,]+) steps; use fewer % and _/.exec(
      factsOf(over).text?.join('\n') ?? '',
    )?.[1];
    return {
      status: [over.status],
      limit:
        over.status === 400 && ordinary.status === 200 && budget
          ? [`chars:${budget.replaceAll(',', '')}`]
          : [],
    };
  },
  "rest: the relations of another user's private memo": async (kit) =>
    factsOf(await rest(kit, 'GET', `/memos/${privateMemo}/relations`, { token: workshopTokens.alice })),
  "rest: relating a memo to another user's private memo": async (kit) =>
    factsOf(
      await rest(kit, 'PATCH', '/memos/q3-roadmap/relations', {
        token: workshopTokens.alice,
        body: JSON.stringify({
          relations: [{ relatedMemo: { name: `memos/${privateMemo}` }, type: 'REFERENCE' }],
        }),
        server: 'scratch',
      }),
    ),

  // memos-mcp's record test holds this recording to a fresh session with the kit, and recorded-diagram.test.ts
  // the page's diagram to the recording.
  'the SDK session the record-and-replay page draws (docs/public/recordings/sdk-session.jsonl)': async () =>
    recordedFacts('sdk-session.jsonl'),
  // demo:host's attack test holds these to a fresh run of the same steps, and recorded-diagram.test.ts the
  // security page's diagrams to them.
  'the attack steps the security page draws (docs/public/recordings/attack-*.jsonl)': async () =>
    merge(recordedFacts('attack-poisoned-memo.jsonl'), recordedFacts('attack-scope.jsonl')),

  // ---- The other servers of the kit: pnpm replay, and the HATEOAS demo's orders ----------------------
  'replay: a request the recording lacks (pnpm replay fixtures)': async (kit) => {
    const server = await kit.server('replay', undefined, replayHandler(fromFixtures()));
    const { body, headers } = mcpRequest('prompts/list');
    return merge(
      factsOf(await send(server, { method: 'POST', path: '/mcp', headers, body })),
      factsOf(await send(server, { method: 'GET', path: '/api/v1/memos' })),
    );
  },
  'hateoas: cancelling a paid order': async (kit) => {
    const server = await kit.server('orders', undefined, createOrdersApp().app);
    const paid = await send(server, { method: 'POST', path: '/orders/123/payment' });
    const cancel = await send(server, { method: 'POST', path: '/orders/123/cancellation' });
    const answer = factsOf(cancel);
    return paid.status === 200 &&
      String(cancel.headers['content-type']).startsWith('application/problem+json')
      ? { status: answer.status }
      : {};
  },
  'hateoas: an unknown order, a wrong method': async (kit) => {
    const server = await kit.server('orders', undefined, createOrdersApp().app);
    return merge(
      factsOf(await send(server, { method: 'GET', path: '/orders/999' })),
      factsOf(await send(server, { method: 'DELETE', path: '/orders/123' })),
    );
  },

  // ---- Defaults, from each command's own help ---------------------------------------------------------
  'class: a token this class did not issue, and a student token at /class/api': async (kit) => {
    const running = await kit.classServer();
    const student = running.accounts.students[0]?.token ?? '';
    return merge(
      factsOf(await classSend(running, '/api/v1/memos', { Authorization: 'Bearer example-token' })),
      factsOf(await classSend(running, '/class/api/live', { Authorization: `Bearer ${student}` })),
    );
  },
  "class: the two commands of a student's slip, and each without a token": async (kit) => {
    const running = await kit.classServer();
    const student = running.accounts.students[0]?.token ?? '';
    const port = { port: Number(new URL(running.url).port) };
    const { body, headers } = mcpRequest('tools/call', listCall, 1);
    const { Authorization: _, ...anonymous } = headers;
    const rest = '/api/v1/memos?pageSize=1';
    return merge(
      factsOf(await classSend(running, rest, { Authorization: `Bearer ${student}` })),
      factsOf(
        await send(port, {
          method: 'POST',
          path: '/mcp',
          headers: { ...anonymous, Authorization: `Bearer ${student}` },
          body,
        }),
      ),
      factsOf(await classSend(running, rest, {})),
      factsOf(await send(port, { method: 'POST', path: '/mcp', headers: anonymous, body })),
    );
  },
  'class: a student over the bounds': async (kit) => {
    const running = await kit.classServer();
    const student = running.accounts.students[1]?.token ?? '';
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        classSend(running, '/api/v1/memos', { Authorization: `Bearer ${student}` }),
      ),
    );
    return merge(...answers.map(factsOf));
  },
  'class: a foreign Host or Origin': async (kit) => {
    const running = await kit.classServer();
    const student = running.accounts.students[0]?.token ?? '';
    return merge(
      factsOf(
        await classSend(running, '/api/v1/memos', {
          Authorization: `Bearer ${student}`,
          Host: 'evil.example',
        }),
      ),
      factsOf(
        await classSend(running, '/api/v1/memos', {
          Authorization: `Bearer ${student}`,
          Origin: 'http://evil.example',
        }),
      ),
    );
  },
  'pnpm serve: its defaults': async (kit) => helpDefaults(kit, 'serve'),
  'mcp oauth: the metadata, a call with a token, no token, a Memos token, another audience, a write tool on a read token':
    oauthAnswers,
  'pnpm replay: its defaults': async (kit) => helpDefaults(kit, 'replay'),
  'pnpm playground: its defaults': async (kit) => helpDefaults(kit, 'playground'),
  'pnpm demo: its defaults': async (kit) => helpDefaults(kit, 'tour'),

  // ---- The article's exchanges, as its fixtures hold them, and the kit's answer to each -----------------
  "the article's exchanges": async (kit) => {
    const found: Facts[] = [];
    for (const entry of loadManifest().fixtures) {
      const fixture = loadFixture(entry.id);
      const file = entry.files.response;
      const raw = typeof file === 'string' ? fixture.text('response') : '';
      const code = /"code":\s*(-3\d{4})/.exec(raw)?.[1];
      found.push({
        ...(fixture.response?.status === undefined ? {} : { status: [fixture.response.status] }),
        ...(code ? { code: [Number(code)] } : {}),
      });
    }
    // The kit answers the article's unknown tool as its fixture does (the replay tests compare every byte).
    const unknown = await mcp(kit, 'tools/call', { name: 'memo_nope', arguments: {} });
    return merge(...found, { code: rpc(unknown).code === -32602 ? [-32602] : [] });
  },
} satisfies Record<string, Probe>;

export type ProbeName = keyof typeof probes;

function stdioFacts(message: Record<string, unknown>): Facts {
  const error = message.error as { code?: number; message?: string } | undefined;
  return error?.code === undefined ? {} : { code: [error.code], text: error.message ? [error.message] : [] };
}
