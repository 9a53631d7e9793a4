// Lab 2: the learner's client runs against the kit's server through a fetch that records every request, so
// the check sees exactly what went on the wire: the order of the three calls, the headers, the _meta and the
// tools/call arguments. The server holds the workshop data plus a pinned public memo the check has just
// written with a random word, so the answer is never empty and no constant written beforehand matches it.
import { mcpHeadersFor, PROTOCOL_VERSION, REQUIRED_META_KEYS } from '@memos-kit/protocol';
import { compareJson, getHeader, type HttpHeaders, tryParseJson } from '@memos-kit/wire';
import { rest, seed, word } from '../src/build-track.ts';
import { absent, type CheckContext, fail, type LabCheck, shown } from '../src/check.ts';
import { ownImports } from '../src/own-code.ts';
import type { ListMemosRun } from './solution/client.ts';

interface Recorded {
  method?: string;
  headers: HttpHeaders;
  body: unknown;
  status: number;
  answer: string;
}

interface Run {
  recorded: Recorded[];
  result?: ListMemosRun;
  error?: unknown;
}

const ORDER = ['server/discover', 'tools/list', 'tools/call'];
/** What the lab asks the client to call: lab 1's request, as a tool call. */
const CALL = { name: 'memo_list_memos', arguments: { pageSize: 1, filter: 'visibility != "PRIVATE"' } };
const runs = new WeakMap<CheckContext, Promise<Run>>();

function runClient(context: CheckContext): Promise<Run> {
  let run = runs.get(context);
  if (!run) {
    run = (async () => {
      const server = await context.writable();
      // Pinned memos come first, the newest first: this one is the first non-private memo for this run.
      const name = await seed(context, `lab 2: ${word()}`, 'PUBLIC');
      await rest(context, `/${name}?updateMask=pinned`, { method: 'PATCH', body: { pinned: true } });
      const { listMemos } = await context.load<{ listMemos?: unknown }>('client.ts');
      if (typeof listMemos !== 'function')
        fail('noExport', {
          expected: 'export async function listMemos(mcpUrl, fetchImpl)',
          got: shown(typeof listMemos),
        });
      const recorded: Recorded[] = [];
      const recordingFetch: typeof fetch = async (input, init) => {
        const response = await fetch(input, init);
        const answer = await response.clone().text();
        const body = tryParseJson(typeof init?.body === 'string' ? init.body : '');
        const value = body.ok ? body.value : init?.body;
        const method = (value as { method?: unknown } | undefined)?.method;
        recorded.push({
          ...(typeof method === 'string' ? { method } : {}),
          headers: [...new Headers(init?.headers).entries()],
          body: value,
          status: response.status,
          answer,
        });
        return response;
      };
      try {
        const result = (await listMemos(server.mcpUrl, recordingFetch)) as ListMemosRun;
        return { recorded, result };
      } catch (error) {
        return { recorded, error };
      }
    })();
    runs.set(context, run);
  }
  return run;
}

function checkRequest(run: Run, index: number): void {
  const wanted = ORDER[index] as string;
  const request = run.recorded[index];
  const sent = run.recorded.map((r) => r.method ?? '?').join(' → ') || absent('None');
  if (!request || request.method !== wanted)
    fail('order', { vars: { method: wanted }, expected: ORDER.slice(0, index + 1).join(' → '), got: sent });
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    ...Object.fromEntries(Object.entries(mcpHeadersFor(request.body)).map(([k, v]) => [k.toLowerCase(), v])),
  };
  for (const [name, value] of Object.entries(headers)) {
    const got = getHeader(request.headers, name);
    if (got !== value)
      fail('header', {
        vars: { method: wanted, name },
        expected: `${name}: ${value}`,
        got: got === undefined ? absent('None') : `${name}: ${got}`,
      });
  }
  const accept = getHeader(request.headers, 'accept') ?? '';
  if (!accept.includes('application/json') || !accept.includes('text/event-stream'))
    fail('accept', {
      vars: { method: wanted },
      expected: 'accept: application/json, text/event-stream',
      got: `accept: ${accept}`,
    });
  const params = (request.body as { params?: { _meta?: Record<string, unknown> } }).params ?? {};
  const meta = params._meta ?? {};
  for (const key of REQUIRED_META_KEYS)
    if (!(key in meta))
      fail('meta', { vars: { method: wanted, key }, expected: `params._meta["${key}"]`, got: shown(meta) });
  if (wanted === 'tools/call') {
    const { _meta, ...call } = params as Record<string, unknown>;
    if (compareJson(call, CALL, 'exact').length > 0)
      fail('arguments', { expected: JSON.stringify(CALL), got: shown(call) });
  }
  if (request.status !== 200 || request.answer.includes('"error"'))
    fail('refused', {
      vars: { method: wanted, status: request.status },
      expected: 'HTTP 200 + "result"',
      got: request.answer,
    });
}

export const checks: LabCheck[] = ORDER.map((_, index) => ({
  id: `request${index + 1}`,
  topic: 'envelope',
  run: async (context: CheckContext) => {
    const run = await runClient(context);
    if (run.error !== undefined && run.recorded.length <= index) throw run.error;
    checkRequest(run, index);
  },
}));

checks.push({
  id: 'result',
  topic: 'result',
  run: async (context) => {
    const run = await runClient(context);
    if (run.error !== undefined) throw run.error;
    const server = await context.writable();
    const result = run.result as ListMemosRun;
    if (!Array.isArray(result.versions) || !result.versions.includes(PROTOCOL_VERSION))
      fail('versions', { expected: JSON.stringify([PROTOCOL_VERSION]), got: shown(result.versions) });
    if (JSON.stringify(result.toolNames) !== JSON.stringify(server.tools))
      fail('toolNames', {
        vars: { count: server.tools.length },
        expected: shown(server.tools),
        got: shown(result.toolNames),
      });
    // What the server answered the client's own tools/call (checked above to be the lab's call).
    const call = run.recorded[2];
    const answer = tryParseJson(call?.answer ?? '');
    const served = answer.ok
      ? (answer.value as { result?: { structuredContent?: unknown } }).result?.structuredContent
      : undefined;
    if (compareJson(result.memos, served, 'exact').length > 0)
      fail('memos', { expected: shown(served), got: shown(result.memos) });
  },
});

// Last: a file that hands over the kit's own implementation would pass every check above; here it fails.
checks.push(ownImports);
