// The two opt-in options `pnpm demo:host --attack` uses, each off by default: read-only tokens (a stand-in
// for an OAuth scope) and a tool list that may change while the server runs.
import { afterEach, describe, expect, it } from 'vitest';
import { type Adapter, type AdapterOptions, createAdapter, READ_SCOPE, WRITE_SCOPE } from '../src/index.ts';
import { listenOnLoopback } from './support/listen.ts';
import { mcpRequest, send } from './support/mcp-http.ts';

interface Serving {
  url: string;
  mcpUrl: string;
  adapter: Adapter;
  close(): Promise<void>;
}

let running: Serving | undefined;
afterEach(async () => {
  await running?.close();
  running = undefined;
});

async function serve(options: AdapterOptions): Promise<Serving> {
  const adapter = await createAdapter({ dataset: 'workshop', ...options });
  const listening = await listenOnLoopback(adapter.app, () => adapter.close());
  return { url: listening.url, mcpUrl: `${listening.url}/mcp`, adapter, close: listening.close };
}

const call = (server: Serving, name: string, args: Record<string, unknown>, id = 1) =>
  send(server.mcpUrl, mcpRequest('tools/call', { name, arguments: args }, id));

const memoExists = async (server: Serving, name: string) =>
  (
    await send(`${server.url}/api/v1/${name}`, {
      method: 'GET',
      headers: { Authorization: 'Bearer example-token' },
    })
  ).status === 200;

describe('readOnlyTokens', () => {
  it('refuses a tool that writes with 403 and an insufficient_scope challenge, and lets reads through', async () => {
    running = await serve({ readOnlyTokens: ['example-token'] });
    const refused = await call(running, 'memo_delete_memo', { memo: 'memos/api-design' }, 7);
    expect(refused.status).toBe(403);
    expect(refused.headers['www-authenticate']).toBe(
      `Bearer error="insufficient_scope", scope="${WRITE_SCOPE}", error_description="memo_delete_memo needs the ${WRITE_SCOPE} scope; this token has ${READ_SCOPE} only"`,
    );
    expect(refused.json).toStrictEqual({
      jsonrpc: '2.0',
      error: {
        code: -32600,
        message: `Forbidden: memo_delete_memo needs the ${WRITE_SCOPE} scope; this token has ${READ_SCOPE} only`,
      },
      id: 7,
    });
    expect(await memoExists(running, 'memos/api-design')).toBe(true);
    const read = await call(running, 'memo_list_memos', { pageSize: 1 });
    expect(read.status).toBe(200);
    expect(read.body).not.toContain('"isError":true');
  });

  it('changes nothing without it: the same delete runs', async () => {
    running = await serve({});
    const deleted = await call(running, 'memo_delete_memo', { memo: 'memos/api-design' });
    expect(deleted.status).toBe(200);
    expect(deleted.body).not.toContain('"isError":true');
    expect(await memoExists(running, 'memos/api-design')).toBe(false);
  });
});

describe('toolListChanges', () => {
  const capabilities = async (server: Serving) =>
    ((await send(server.mcpUrl, mcpRequest('server/discover'))).json as { result: { capabilities: unknown } })
      .result.capabilities;

  it('promises tools.listChanged and sends notifications/tools/list_changed on a listen stream', async () => {
    running = await serve({ toolListChanges: true });
    expect(await capabilities(running)).toStrictEqual({ tools: { listChanged: true } });
    const { body, headers } = mcpRequest('subscriptions/listen', {
      notifications: { toolsListChanged: true },
    });
    const stop = new AbortController();
    const response = await fetch(running.mcpUrl, { method: 'POST', headers, body, signal: stop.signal });
    expect(response.status).toBe(200);
    const reader = response.body?.pipeThrough(new TextDecoderStream()).getReader();
    let seen = '';
    // The first event acknowledges the subscription; the announcement comes after it, as its own event.
    while (!seen.includes('"notifications/subscriptions/acknowledged"')) {
      const chunk = await reader?.read();
      if (!chunk || chunk.done) break;
      seen += chunk.value;
    }
    running.adapter.announceToolListChanged();
    while (!seen.includes('"notifications/tools/list_changed"')) {
      const chunk = await reader?.read();
      if (!chunk || chunk.done) break;
      seen += chunk.value;
    }
    stop.abort();
    expect(seen).toContain('"method":"notifications/tools/list_changed"');
  });

  it('is off by default: tools {} as in the article', async () => {
    running = await serve({});
    expect(await capabilities(running)).toStrictEqual({ tools: {} });
  });
});
