// The demo's steps. Each sends real requests to the adapter (`--profile full`), shows them as they go,
// checks what came back, and hands the exchange to `record` so the recordings are the demo's own bytes.
import { parseSse } from '@memos-kit/wire';
import type { Say } from './messages.ts';
import type { Printer } from './printer.ts';
import { type Exchange, mcpMessage, restMessage, send } from './wire.ts';

/** The article's host: the adapter accepts it in `Host`, and the recordings read like the article. */
const HOST = 'memos.example.com';
const NEW_MEMO = 'memos/friday-demo';
const ASK = { elicitation: { form: {} } };

export interface Context {
  origin: string;
  printer: Printer;
  say: Say;
  /** Counts a check; a failed one makes the demo end with 1. */
  check(condition: boolean, text: string): void;
  /** Keeps one exchange under a recording id (see recordings/manifest.json). */
  record(id: string, exchange: Exchange): void;
}

type Json = Record<string, unknown>;
const json = (exchange: Exchange): unknown => JSON.parse(exchange.response.body);

/** The value at a path of keys and indexes in a parsed answer, or undefined: the checks read a few leaves. */
function at(value: unknown, ...path: Array<string | number>): unknown {
  let current = value;
  for (const key of path) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<string | number, unknown>)[key];
  }
  return current;
}

async function mcp(
  context: Context,
  recording: string,
  id: number,
  method: string,
  params: Json,
  capabilities: Json = {},
): Promise<unknown> {
  const exchange = await send(context.origin, mcpMessage(HOST, id, method, params, capabilities));
  context.printer.exchange(exchange);
  context.record(recording, exchange);
  return json(exchange);
}

export async function runScenario(context: Context): Promise<void> {
  const { printer, say, check } = context;

  printer.step(1, say('discoverTitle'));
  printer.note(say('discoverNote'));
  const discover = await mcp(context, 'discover-full', 1, 'server/discover', {});
  check(
    JSON.stringify(at(discover, 'result', 'capabilities')) ===
      JSON.stringify({ tools: {}, resources: { listChanged: true }, prompts: {} }),
    say('discoverCheck'),
  );

  printer.step(2, say('resourcesTitle'));
  printer.note(say('resourcesNote'));
  const templates = await mcp(context, 'resource-templates', 2, 'resources/templates/list', {});
  check(
    at(templates, 'result', 'resourceTemplates', 0, 'uriTemplate') === 'memos://memos/{id}',
    say('templateCheck'),
  );
  const read = await mcp(context, 'resource-read', 3, 'resources/read', { uri: 'memos://memos/welcome' });
  check(at(read, 'result', 'contents', 0, 'mimeType') === 'text/markdown', say('readCheck'));
  printer.note(say('privateNote'));
  const hidden = await mcp(context, 'resource-private', 4, 'resources/read', {
    uri: 'memos://memos/bob-private-todo',
  });
  check(at(hidden, 'error', 'code') === -32602, say('privateCheck'));

  printer.step(3, say('promptTitle'));
  printer.note(say('promptNote'));
  const prompt = await mcp(context, 'prompt-get', 5, 'prompts/get', {
    name: 'draft_memo',
    arguments: { topic: 'the Friday demo', visibility: 'PROTECTED' },
  });
  check(
    String(at(prompt, 'result', 'messages', 0, 'content', 'text')).includes('memo_create_memo'),
    say('promptCheck'),
  );

  printer.step(4, say('listenTitle'));
  printer.note(say('listenNote'));
  const events: string[] = [];
  let pending = '';
  const listenRequest = mcpMessage(HOST, 6, 'subscriptions/listen', {
    notifications: { resourcesListChanged: true },
  });
  printer.request(listenRequest);
  const stream = await send(context.origin, listenRequest, {
    stream: true,
    onHead: (head) => printer.responseHead(head),
    onChunk: (text) => {
      // Each complete event is shown the moment it arrives, between the other steps.
      pending += text;
      for (let end = pending.indexOf('\n\n'); end !== -1; end = pending.indexOf('\n\n')) {
        const block = pending.slice(0, end + 2);
        pending = pending.slice(end + 2);
        events.push(block);
        printer.event(block);
      }
    },
  });
  await until(() => events.length >= 1);
  const ack = parseSse(events[0] ?? '')[0]?.data ?? '';
  check(
    ack.includes('notifications/subscriptions/acknowledged') &&
      ack.includes('"io.modelcontextprotocol/subscriptionId":6'),
    say('ackCheck'),
  );

  printer.step(5, say('restTitle'));
  printer.note(say('restNote'));
  const created = await send(
    context.origin,
    restMessage(HOST, 'POST', `/api/v1/memos?memoId=${NEW_MEMO.slice('memos/'.length)}`, {
      content: 'Friday demo: resources, prompts, input_required and subscriptions/listen',
      visibility: 'PRIVATE',
    }),
  );
  printer.exchange(created);
  context.record('rest-create', created);
  await until(() => events.length >= 2);
  check(events[1]?.includes('notifications/resources/list_changed') === true, say('changedCheck'));
  printer.note(say('changedNote'));

  printer.step(6, say('capabilityTitle'));
  printer.note(say('capabilityNote'));
  const call = { name: 'memo_delete_memo', arguments: { memo: NEW_MEMO } };
  const refused = await mcp(context, 'missing-capability', 7, 'tools/call', call);
  check(at(refused, 'error', 'code') === -32021, say('capabilityCheck'));

  printer.step(7, say('mrtrTitle'));
  printer.note(say('mrtrNote'));
  const asked = await mcp(context, 'input-required', 8, 'tools/call', call, ASK);
  check(at(asked, 'result', 'resultType') === 'input_required', say('inputRequiredCheck'));
  printer.note(say('userSaysYes'));
  const inputResponses = { confirm: { action: 'accept', content: { confirm: true } } };
  const done = await mcp(context, 'input-retry', 9, 'tools/call', { ...call, inputResponses }, ASK);
  check(
    at(done, 'result', 'resultType') === 'complete' && at(done, 'result', 'isError') !== true,
    say('retryCheck'),
  );
  await until(() => events.length >= 3);
  check(events[2]?.includes('notifications/resources/list_changed') === true, say('deletedChangedCheck'));

  printer.step(8, say('closeTitle'));
  const listen = await stream.close();
  // The recording holds the ack and the first change: the stream as a client sees it up to the create.
  context.record('listen', {
    request: listen.request,
    response: { ...listen.response, body: events.slice(0, 2).join('') },
  });
  printer.note(say('closeNote'));
}

/** Waits for something the server will send soon; bounded, so a missing event fails a check instead of hanging. */
async function until(condition: () => boolean): Promise<void> {
  for (let tries = 0; tries < 200 && !condition(); tries += 1) await new Promise((r) => setTimeout(r, 10));
}
