import { SseSplitter } from '@memos-kit/protocol';
import { loadFixture, loadManifest } from '@memos-kit/wire';
import { type Headers, textBody } from './frames.ts';
import { Masker } from './mask.ts';
import type { Recording } from './reader.ts';
import { tourReportSchema } from './tour-report.ts';
import { RecordingWriter } from './writer.ts';

/** A clock for converted frames: the source gives offsets, this gives the wall time they stand for. */
function clockFrom(startedAt: Date) {
  return (elapsedMs: number) => ({
    time: new Date(startedAt.getTime() + elapsedMs).toISOString(),
    elapsedMs: Math.round(elapsedMs * 10) / 10,
  });
}

function toRecording(writer: RecordingWriter): Recording {
  const [start, ...frames] = writer.frames;
  if (start?.kind !== 'start') throw new Error('a writer always begins with its start frame');
  return { start, frames: frames.filter((frame) => frame.kind !== 'start'), all: writer.frames };
}

interface HttpSide {
  status: number;
  reason: string;
  headers: Headers;
  body: string;
  /** Each SSE event's offset from the request, in order; absent when the body is not a stream. */
  eventOffsets?: number[];
  headersMs: number;
  endMs: number;
}

/** Writes one HTTP exchange from offsets measured from its request, starting at `at`. */
function writeHttp(
  writer: RecordingWriter,
  masker: Masker,
  clock: ReturnType<typeof clockFrom>,
  at: number,
  exchange: number,
  request: { method: string; target: string; headers: Headers; body: string },
  response: HttpSide,
): number {
  writer.write(
    {
      kind: 'http-request',
      transport: 'http',
      direction: 'client-to-server',
      exchange,
      method: request.method,
      target: request.target,
      headers: masker.headers(request.headers),
      body: masker.body(textBody(request.body)),
    },
    clock(at),
  );
  const head = {
    kind: 'http-response',
    transport: 'http',
    direction: 'server-to-client',
    exchange,
    status: response.status,
    reason: response.reason,
    headers: masker.headers(response.headers),
  } as const;
  if (!response.eventOffsets) {
    writer.write({ ...head, body: masker.body(textBody(response.body)) }, clock(at + response.endMs));
    return at + response.endMs;
  }
  writer.write(head, clock(at + response.headersMs));
  const splitter = new SseSplitter();
  const events = splitter.push(Buffer.from(response.body, 'utf8'));
  for (const [index, event] of events.entries()) {
    writer.write(
      {
        kind: 'sse-event',
        transport: 'http',
        direction: 'server-to-client',
        exchange,
        raw: masker.body(textBody(event.raw)),
        data: masker.text(event.data),
        ...(event.event !== undefined ? { event: event.event } : {}),
        ...(event.id !== undefined ? { id: event.id } : {}),
      },
      clock(at + (response.eventOffsets[index] ?? response.endMs)),
    );
  }
  writer.write(
    { kind: 'http-end', transport: 'http', direction: 'server-to-client', exchange, complete: true },
    clock(at + response.endMs),
  );
  return at + response.endMs;
}

function writeStdio(
  writer: RecordingWriter,
  masker: Masker,
  clock: ReturnType<typeof clockFrom>,
  at: number,
  request: string,
  replies: string[],
  elapsedMs: number,
): number {
  writer.write(
    {
      kind: 'stdio-line',
      transport: 'stdio',
      direction: 'client-to-server',
      line: masker.body(textBody(request)),
    },
    clock(at),
  );
  for (const reply of replies)
    writer.write(
      {
        kind: 'stdio-line',
        transport: 'stdio',
        direction: 'server-to-client',
        line: masker.body(textBody(reply)),
      },
      clock(at + elapsedMs),
    );
  return at + elapsedMs;
}

// ---- the tour's --json report ----

export class NotATourReport extends Error {
  override name = 'NotATourReport';
}

/** A `pnpm demo --json` report names its kit and lists its steps; that is how it is told from a recording. */
export function isTourReport(value: unknown): boolean {
  return (
    typeof value === 'object' &&
    value !== null &&
    'kit' in value &&
    value.kit === 'memos-mcp-rest-kit' &&
    'steps' in value
  );
}

/**
 * Turns a `pnpm demo --json` report into a recording: every step's exchanges in order, HTTP and stdio,
 * with the SSE events at the offsets the tour measured. The report has offsets but no start time, so
 * `startedAt` (now, by default) stands for the moment the first request left.
 */
export function fromTourReport(value: unknown, startedAt = new Date()): Recording {
  const parsed = tourReportSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? `/${issue.path.join('/')}` : '(report)';
    throw new NotATourReport(`${where} ${issue?.message ?? 'is not a tour report'}`);
  }
  const report = parsed.data;
  const clock = clockFrom(startedAt);
  const writer = new RecordingWriter({ recorder: 'pnpm demo --json', origin: 'kit', now: () => clock(0) });
  const masker = new Masker();
  let at = 0;
  let exchange = 0;
  for (const step of report.steps) {
    for (const recorded of step.exchanges) {
      if (recorded.transport === 'stdio') {
        at = writeStdio(
          writer,
          masker,
          clock,
          at,
          recorded.request.line,
          [recorded.response.line],
          recorded.response.elapsedMs,
        );
      } else {
        const { response } = recorded;
        at = writeHttp(writer, masker, clock, at, ++exchange, recorded.request, {
          ...response,
          ...(response.events ? { eventOffsets: response.events.map((event) => event.elapsedMs) } : {}),
        });
      }
      at += 1;
    }
  }
  return toRecording(writer);
}

// ---- the article's fixtures ----

const STATUS_LINE = /^HTTP\/\d(?:\.\d)? (\d{3})(?: (.*))?$/;

/**
 * The article's exchanges in `fixtures/` as one recording (origin `article`), in manifest order. Where the
 * article prints only a body (`response.json`), the response head is the plain `200 OK` such a body comes
 * with and no headers, since the article shows none; the SSE exchange takes its event times from its
 * timeline.
 */
export function fromFixtures(startedAt = new Date()): Recording {
  const clock = clockFrom(startedAt);
  const writer = new RecordingWriter({ recorder: 'fixtures/', origin: 'article', now: () => clock(0) });
  const masker = new Masker();
  let at = 0;
  let exchange = 0;
  for (const entry of loadManifest().fixtures) {
    const fixture = loadFixture(entry.id);
    if (entry.transport === 'stdio') {
      const lines = (key: string) =>
        fixture
          .text(key)
          .split(/\r?\n/)
          .filter((line) => line !== '');
      for (const [index, line] of lines('request').entries())
        at = writeStdio(writer, masker, clock, at, line, lines('response').slice(index, index + 1), 0) + 1;
      continue;
    }
    const request = fixture.request;
    const response = fixture.response;
    if (!request?.method || !request.target || !response) continue;
    const status = response.status ?? Number(STATUS_LINE.exec(response.startLine)?.[1] ?? 200);
    const timeline = entry.transport === 'sse' ? readTimeline(fixture.text('timeline')) : undefined;
    at =
      writeHttp(
        writer,
        masker,
        clock,
        at,
        ++exchange,
        { ...request, method: request.method, target: request.target },
        {
          status,
          reason: response.reason ?? (response.startLine === '' ? 'OK' : ''),
          headers: response.headers,
          body: response.body,
          headersMs: 0,
          endMs: timeline?.at(-1) ?? 0,
          ...(timeline ? { eventOffsets: timeline } : {}),
        },
      ) + 1;
  }
  return toRecording(writer);
}

/** The event times of an SSE fixture's `timeline.json`, in milliseconds. */
function readTimeline(text: string): number[] {
  const parsed: unknown = JSON.parse(text);
  if (typeof parsed !== 'object' || parsed === null || !('writes' in parsed) || !Array.isArray(parsed.writes))
    return [];
  return parsed.writes
    .filter(
      (write: unknown) =>
        typeof write === 'object' && write !== null && 'what' in write && write.what === 'event',
    )
    .map((write: { at?: unknown }) => (typeof write.at === 'number' ? write.at : 0));
}
