// The demo's steps. Each sends real requests to the adapter (`--profile full`), shows them as they go,
// checks what came back, and hands the exchange to `record` so the recordings are the demo's own bytes.
import { ErrorCode, META, parseSse } from '@memos-kit/protocol';
import type { Printer } from '@memos-kit/terminal';
import { showEvent, showExchange, showRequest, showResponseHead } from './exchange-view.ts';
import type { MessageKey, Say } from './messages.ts';
import { type Exchange, mcpMessage, type OpenStream, restMessage, send } from './requests.ts';

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
  showExchange(context.printer, exchange);
  context.record(recording, exchange);
  return json(exchange);
}

/** What the steps leave for the ones after them: the listen stream of step 4 and the events it received. */
interface Walk {
  events: string[];
  stream?: OpenStream;
}

interface Step {
  /** The step's title, a key of messages.json: shown above the step and by --list. */
  title: MessageKey;
  run(context: Context, walk: Walk): Promise<void>;
}

/** Deleted in step 7: the memo step 5 created. */
const DELETE_CALL = { name: 'memo_delete_memo', arguments: { memo: NEW_MEMO } };

/** The demo's steps, in order; each builds on the ones before it (one server, one stream, one memo). */
export const steps: readonly Step[] = [
  {
    title: 'discoverTitle',
    async run(context) {
      context.printer.note(context.say('discoverNote'));
      const discover = await mcp(context, 'discover-full', 1, 'server/discover', {});
      context.check(
        JSON.stringify(at(discover, 'result', 'capabilities')) ===
          JSON.stringify({ tools: {}, resources: { listChanged: true }, prompts: {} }),
        context.say('discoverCheck'),
      );
    },
  },
  {
    title: 'resourcesTitle',
    async run(context) {
      const { printer, say, check } = context;
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
      check(at(hidden, 'error', 'code') === ErrorCode.InvalidParams, say('privateCheck'));
    },
  },
  {
    title: 'promptTitle',
    async run(context) {
      context.printer.note(context.say('promptNote'));
      const prompt = await mcp(context, 'prompt-get', 5, 'prompts/get', {
        name: 'draft_memo',
        arguments: { topic: 'the Friday demo', visibility: 'PROTECTED' },
      });
      context.check(
        String(at(prompt, 'result', 'messages', 0, 'content', 'text')).includes('memo_create_memo'),
        context.say('promptCheck'),
      );
    },
  },
  {
    title: 'listenTitle',
    async run(context, walk) {
      const { printer, say, check } = context;
      printer.note(say('listenNote'));
      let pending = '';
      const listenRequest = mcpMessage(HOST, 6, 'subscriptions/listen', {
        notifications: { resourcesListChanged: true },
      });
      showRequest(printer, listenRequest);
      walk.stream = await send(context.origin, listenRequest, {
        stream: true,
        onHead: (head) => showResponseHead(printer, head),
        onChunk: (text) => {
          // Each complete event is shown the moment it arrives, between the other steps.
          pending += text;
          for (let end = pending.indexOf('\n\n'); end !== -1; end = pending.indexOf('\n\n')) {
            const block = pending.slice(0, end + 2);
            pending = pending.slice(end + 2);
            walk.events.push(block);
            showEvent(printer, block);
          }
        },
      });
      await until(() => walk.events.length >= 1);
      const ack = parseSse(walk.events[0] ?? '')[0]?.data ?? '';
      check(
        ack.includes('notifications/subscriptions/acknowledged') &&
          ack.includes(`"${META.subscriptionId}":6`),
        say('ackCheck'),
      );
    },
  },
  {
    title: 'restTitle',
    async run(context, walk) {
      const { printer, say, check } = context;
      printer.note(say('restNote'));
      const created = await send(
        context.origin,
        restMessage(HOST, 'POST', `/api/v1/memos?memoId=${NEW_MEMO.slice('memos/'.length)}`, {
          content: 'Friday demo: resources, prompts, input_required and subscriptions/listen',
          visibility: 'PRIVATE',
        }),
      );
      showExchange(printer, created);
      context.record('rest-create', created);
      await until(() => walk.events.length >= 2);
      check(walk.events[1]?.includes('notifications/resources/list_changed') === true, say('changedCheck'));
      printer.note(say('changedNote'));
    },
  },
  {
    title: 'capabilityTitle',
    async run(context) {
      context.printer.note(context.say('capabilityNote'));
      const refused = await mcp(context, 'missing-capability', 7, 'tools/call', DELETE_CALL);
      context.check(
        at(refused, 'error', 'code') === ErrorCode.MissingRequiredClientCapability,
        context.say('capabilityCheck'),
      );
    },
  },
  {
    title: 'mrtrTitle',
    async run(context, walk) {
      const { printer, say, check } = context;
      printer.note(say('mrtrNote'));
      const asked = await mcp(context, 'input-required', 8, 'tools/call', DELETE_CALL, ASK);
      check(at(asked, 'result', 'resultType') === 'input_required', say('inputRequiredCheck'));
      printer.note(say('userSaysYes'));
      const inputResponses = { confirm: { action: 'accept', content: { confirm: true } } };
      const done = await mcp(
        context,
        'input-retry',
        9,
        'tools/call',
        { ...DELETE_CALL, inputResponses },
        ASK,
      );
      check(
        at(done, 'result', 'resultType') === 'complete' && at(done, 'result', 'isError') !== true,
        say('retryCheck'),
      );
      await until(() => walk.events.length >= 3);
      check(
        walk.events[2]?.includes('notifications/resources/list_changed') === true,
        say('deletedChangedCheck'),
      );
    },
  },
  {
    title: 'closeTitle',
    async run(context, walk) {
      const listen = await walk.stream?.close();
      walk.stream = undefined;
      // The recording holds the ack and the first change: the stream as a client sees it up to the create.
      if (listen)
        context.record('listen', {
          request: listen.request,
          response: { ...listen.response, body: walk.events.slice(0, 2).join('') },
        });
      context.printer.note(context.say('closeNote'));
    },
  },
];

/**
 * Runs the steps in order, or with `only` (--step N) the steps up to N, showing step N alone: the ones
 * before it run unseen, since each builds on them. A check that fails is shown wherever it ran.
 */
export async function runScenario(context: Context, only?: number): Promise<void> {
  const walk: Walk = { events: [] };
  try {
    for (const [index, step] of steps.entries()) {
      const number = index + 1;
      if (only !== undefined && number > only) break;
      context.printer.quiet = only !== undefined && number !== only;
      context.printer.section(`${number} · ${context.say(step.title)}`);
      await step.run(context, walk);
    }
  } finally {
    context.printer.quiet = false;
    // A walk that stops before the last step still ends the subscription it opened.
    await walk.stream?.close();
  }
}

/** Waits for something the server will send soon; bounded, so a missing event fails a check instead of hanging. */
async function until(condition: () => boolean): Promise<void> {
  for (let tries = 0; tries < 200 && !condition(); tries += 1) await new Promise((r) => setTimeout(r, 10));
}
