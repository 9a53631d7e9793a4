import type * as Report from '@memos-kit/recording/tour-report';
import {
  type Difference,
  type Fixture,
  getHeader,
  loadFixture,
  matchResponse,
  rawHttp,
  type TimedSseEvent,
} from '@memos-kit/wire';
import type { ResourcePool } from './servers.ts';

// The records of one exchange, as this module makes them; the JSON report (report.ts) is a list of them.
// Their shape is the report's one schema, @memos-kit/recording/tour-report, which `pnpm replay` reads.
export type {
  ExchangeRecord,
  HttpExchangeRecord,
  HttpRequestRecord,
  HttpResponseRecord,
  SseEventRecord,
  StdioExchangeRecord,
} from '@memos-kit/recording/tour-report';

/** Where a running exchange is shown as it happens; the JSON report and side-by-side steps use none. */
export interface ExchangeView {
  /** `fixture` is the fixture the answer will be compared with, or null for the kit's own exchange. */
  httpRequest(
    server: { url: string; dataset: string },
    request: Report.HttpRequestRecord,
    fixture: string | null,
  ): void;
  httpHeaders(
    head: Pick<Report.HttpResponseRecord, 'status' | 'reason' | 'headers' | 'headersMs'>,
    sse: boolean,
  ): void;
  sseEvent(event: Report.SseEventRecord, index: number): void;
  httpDone(record: Report.HttpExchangeRecord): void;
  stdioRequest(pid: number, line: string): void;
  stdioDone(record: Report.StdioExchangeRecord): void;
}

export interface ExchangeContext {
  resources: ResourcePool;
  signal: AbortSignal;
  view: ExchangeView | undefined;
}

/** A rule the live response must follow when there is no fixture to compare with. */
export interface Rule {
  /** Shown as what the exchange is checked against, e.g. "400 + -32020". */
  against: string;
  check(response: Report.HttpResponseRecord): Difference[];
}

function requestOf(fixture: Fixture): Report.HttpRequestRecord {
  const request = fixture.request;
  if (!request?.method || !request.target) throw new Error(`fixture ${fixture.entry.id} has no HTTP request`);
  return {
    method: request.method,
    target: request.target,
    headers: [...request.headers],
    body: request.body,
  };
}

/** Replaces one header's value, keeping its position and spelling, as a hand-edited request would. */
export function withHeader(
  request: Report.HttpRequestRecord,
  name: string,
  value: string,
): Report.HttpRequestRecord {
  const lower = name.toLowerCase();
  if (!request.headers.some(([n]) => n.toLowerCase() === lower))
    throw new Error(`no ${name} header to change`);
  return {
    ...request,
    headers: request.headers.map(([n, v]) => [n, n.toLowerCase() === lower ? value : v]),
  };
}

/** The same request with `params._meta` left out, as a client written from a 2025-era tutorial would send it. */
export function withoutMeta(request: Report.HttpRequestRecord): Report.HttpRequestRecord {
  const message = JSON.parse(request.body) as { params?: Record<string, unknown> };
  if (!message.params || !('_meta' in message.params)) throw new Error('no params._meta to leave out');
  const { _meta, ...params } = message.params;
  // Printed as the article prints its bodies, two spaces deep, so only the missing member stands out.
  return { ...request, body: JSON.stringify({ ...message, params }, null, 2) };
}

/** Times in the report to a tenth of a millisecond: finer says nothing about a loopback exchange. */
const tenth = (ms: number) => Math.round(ms * 10) / 10;

const timedEvent = ({ elapsedMs, ...event }: TimedSseEvent): Report.SseEventRecord => ({
  ...event,
  elapsedMs: tenth(elapsedMs),
});

async function send(
  ctx: ExchangeContext,
  dataset: string,
  request: Report.HttpRequestRecord,
  fixture: string | null,
): Promise<{ server: { url: string; dataset: string }; response: Report.HttpResponseRecord; sse: boolean }> {
  const server = await ctx.resources.server(dataset);
  ctx.view?.httpRequest(server, request, fixture);
  let sse = false;
  const live = await rawHttp(server.url, request, {
    signal: ctx.signal,
    timeoutMs: 15_000,
    onHead: (head) => {
      sse = (getHeader(head.headers, 'content-type') ?? '').startsWith('text/event-stream');
      ctx.view?.httpHeaders({ ...head, headersMs: tenth(head.headersMs) }, sse);
    },
    onEvent: (event, index) => ctx.view?.sseEvent(timedEvent(event), index),
  });
  const response: Report.HttpResponseRecord = {
    status: live.status,
    reason: live.reason,
    headers: live.headers,
    body: live.body,
    headersMs: tenth(live.headersMs),
    endMs: tenth(live.endMs),
  };
  if (live.events) response.events = live.events.map(timedEvent);
  return { server, response, sse };
}

/** Sends a fixture's request, byte for byte, to a server holding the fixture's dataset, and matches the answer. */
export async function replayFixture(
  ctx: ExchangeContext,
  fixtureId: string,
): Promise<Report.HttpExchangeRecord> {
  const fixture = loadFixture(fixtureId);
  const request = requestOf(fixture);
  const { server, response, sse } = await send(ctx, fixture.entry.dataset, request, fixtureId);
  const result = matchResponse(fixture, {
    status: response.status,
    headers: response.headers,
    body: response.body,
    ...(response.events ? { events: response.events } : {}),
  });
  const record: Report.HttpExchangeRecord = {
    transport: sse ? 'sse' : 'http',
    fixture: fixtureId,
    against: `fixtures/${result.against}`,
    mode: result.mode,
    server,
    request,
    response,
    matches: result.ok,
    differences: result.differences,
  };
  ctx.view?.httpDone(record);
  return record;
}

/** Sends a request the kit derived from a fixture and checks the answer against a rule of the spec. */
export async function sendDerived(
  ctx: ExchangeContext,
  fixtureId: string,
  change: (request: Report.HttpRequestRecord) => Report.HttpRequestRecord,
  rule: Rule,
): Promise<Report.HttpExchangeRecord> {
  const fixture = loadFixture(fixtureId);
  const request = change(requestOf(fixture));
  const { server, response, sse } = await send(ctx, fixture.entry.dataset, request, null);
  const differences = rule.check(response);
  const record: Report.HttpExchangeRecord = {
    transport: sse ? 'sse' : 'http',
    fixture: null,
    against: rule.against,
    mode: 'rule',
    server,
    request,
    response,
    matches: differences.length === 0,
    differences,
  };
  ctx.view?.httpDone(record);
  return record;
}

/** Writes the fixture's request line into the stdio server's stdin and reads one line back. */
export async function stdioFixture(
  ctx: ExchangeContext,
  fixtureId: string,
): Promise<Report.StdioExchangeRecord> {
  const fixture = loadFixture(fixtureId);
  const line = fixture.text('request').replace(/\r?\n$/, '');
  const session = await ctx.resources.stdio(fixture.entry.dataset);
  ctx.view?.stdioRequest(session.pid, line);
  const answer = await session.exchange(line, ctx.signal);
  const result = matchResponse(fixture, { body: answer.line });
  const record: Report.StdioExchangeRecord = {
    transport: 'stdio',
    fixture: fixtureId,
    against: `fixtures/${result.against}`,
    mode: result.mode,
    command: session.command,
    pid: session.pid,
    request: { line },
    response: answer,
    matches: result.ok,
    differences: result.differences,
  };
  ctx.view?.stdioDone(record);
  return record;
}
