// The teacher's live view, fed by the kit's recorder: each request a student sends is written down as the
// recording format's frames (the request, the response or its SSE events, with every token masked) by the
// recorder's own writer, and the view reads them back through the recorder's `groupExchanges`. Only the
// latest frames are kept in memory; `--record FILE` with `--class` also appends them all to a file.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { SseSplitter } from '@memos-kit/protocol';
import {
  bodyText,
  type ExchangeFrame,
  encodeBody,
  groupExchanges,
  type HttpExchange,
  Masker,
  RecordingWriter,
} from '@memos-kit/recording';
import { headerPairs } from '@memos-kit/wire';

/** Enough of a body to name its tool and read its error; a request beyond it is still served whole. */
const KEPT_BODY_BYTES = 64 * 1024;
/** Frames kept for the view: a class of 30 at full rate fills this in tens of seconds, the view shows 8 each. */
const KEPT_FRAMES = 6_000;
const SHOWN_PER_STUDENT = 8;

/** Where an error came from: the HTTP status, a JSON-RPC error (the protocol's), or a tool's `isError`. */
type ErrorLayer = 'http' | 'protocol' | 'tool';

interface LiveRequest {
  time: string;
  method: string;
  /** `tools/call memo_list_memos`, `tools/list`, or the REST path (`/api/v1/memos`). */
  what: string;
  /** Absent while the answer has not begun. */
  status?: number;
  error?: ErrorLayer;
}

export interface StudentActivity {
  id: string;
  /** Every request of this student's that was served since the start. */
  requests: number;
  /** Requests refused with 429 by the bounds per token: counted, not recorded, so a flood stays cheap. */
  refused: number;
  last: LiveRequest[];
}

export class LiveRecorder {
  readonly #writer: RecordingWriter;
  readonly #masker: Masker;
  readonly #owner = new Map<number, string>();
  readonly #counts = new Map<string, number>();
  readonly #refused = new Map<string, number>();
  #exchange = 0;

  constructor(tokens: string[], file?: string) {
    this.#writer = new RecordingWriter({
      recorder: 'pnpm serve --class',
      ...(file === undefined ? {} : { file }),
    });
    this.#masker = new Masker(tokens);
  }

  /** Writes down `req` and what `res` answers, for student `id`. Call before the request is handled. */
  tap(id: string, req: IncomingMessage, res: ServerResponse): void {
    const exchange = ++this.#exchange;
    this.#owner.set(exchange, id);
    this.#counts.set(id, (this.#counts.get(id) ?? 0) + 1);
    const masker = this.#masker;
    const writer = this.#writer;
    // Read now: a router the request passes through rewrites req.url (Express strips its mount path).
    const method = req.method ?? 'GET';
    const target = req.url ?? '/';
    const chunks: Buffer[] = [];
    let kept = 0;
    let requestWritten = false;
    const writeRequest = () => {
      if (requestWritten) return;
      requestWritten = true;
      writer.write({
        kind: 'http-request',
        transport: 'http',
        direction: 'client-to-server',
        exchange,
        method,
        target,
        headers: masker.headers(headerPairs(req.rawHeaders)),
        body: masker.body(encodeBody(Buffer.concat(chunks))),
      });
    };
    req.on('data', (chunk: Buffer) => {
      if (kept < KEPT_BODY_BYTES) chunks.push(chunk.subarray(0, KEPT_BODY_BYTES - kept));
      kept += chunk.length;
    });
    req.on('end', writeRequest);

    // The answer is read as it is written, as compression middleware does: the handler's writes pass
    // through unchanged, and a copy goes to the recorder.
    const parts: Buffer[] = [];
    let sse: SseSplitter | undefined;
    let headWritten = false;
    let kept2 = 0;
    const head = () => ({
      kind: 'http-response' as const,
      transport: 'http' as const,
      direction: 'server-to-client' as const,
      exchange,
      status: res.statusCode,
      reason: res.statusMessage ?? '',
      headers: masker.headers(headerPairs(flatHeaders(res))),
    });
    const seen = (chunk: unknown) => {
      if (chunk === undefined || chunk === null || typeof chunk === 'function') return;
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk as Uint8Array);
      if (!headWritten && String(res.getHeader('content-type') ?? '').startsWith('text/event-stream')) {
        writeRequest();
        headWritten = true;
        sse = new SseSplitter();
        writer.write(head());
      }
      if (sse) {
        for (const event of sse.push(bytes))
          writer.write({
            kind: 'sse-event',
            transport: 'http',
            direction: 'server-to-client',
            exchange,
            raw: { encoding: 'utf8', text: masker.text(event.raw) },
            data: masker.text(event.data),
            ...(event.event !== undefined ? { event: event.event } : {}),
            ...(event.id !== undefined ? { id: event.id } : {}),
          });
      } else if (kept2 < KEPT_BODY_BYTES) {
        parts.push(bytes.subarray(0, KEPT_BODY_BYTES - kept2));
        kept2 += bytes.length;
      }
    };
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
    res.write = ((...args: unknown[]) => {
      seen(args[0]);
      return write(...args);
    }) as typeof res.write;
    res.end = ((...args: unknown[]) => {
      seen(args[0]);
      return end(...args);
    }) as typeof res.end;
    res.once('close', () => {
      writeRequest();
      if (sse) {
        writer.write({
          kind: 'http-end',
          transport: 'http',
          direction: 'server-to-client',
          exchange,
          complete: res.writableFinished,
        });
      } else writer.write({ ...head(), body: masker.body(encodeBody(Buffer.concat(parts))) });
      this.#trim();
    });
  }

  /** Counts a request the bounds refused, without writing it down. */
  refused(id: string): void {
    this.#refused.set(id, (this.#refused.get(id) ?? 0) + 1);
  }

  /** Each student's count and latest requests, newest first; `ids` lists everyone, quiet ones too. */
  activity(ids: readonly string[]): StudentActivity[] {
    const byStudent = new Map<string, LiveRequest[]>(ids.map((id) => [id, []]));
    const frames = this.#writer.frames.filter((frame): frame is ExchangeFrame => frame.kind !== 'start');
    for (const exchange of groupExchanges(frames)) {
      if (exchange.transport !== 'http') continue;
      const id = this.#owner.get(exchange.request.exchange);
      if (id !== undefined) byStudent.get(id)?.push(summarize(exchange));
    }
    return ids.map((id) => ({
      id,
      requests: this.#counts.get(id) ?? 0,
      refused: this.#refused.get(id) ?? 0,
      last: (byStudent.get(id) ?? []).slice(-SHOWN_PER_STUDENT).reverse(),
    }));
  }

  close(): void {
    this.#writer.close();
  }

  #trim(): void {
    const frames = this.#writer.frames;
    if (frames.length <= KEPT_FRAMES) return;
    frames.splice(1, frames.length - KEPT_FRAMES / 2);
    const oldest = frames.find((frame) => frame.kind === 'http-request');
    if (oldest?.kind !== 'http-request') return;
    for (const exchange of this.#owner.keys()) if (exchange < oldest.exchange) this.#owner.delete(exchange);
  }
}

function flatHeaders(res: ServerResponse): string[] {
  return Object.entries(res.getHeaders()).flatMap(([name, value]) =>
    (Array.isArray(value) ? value : [value]).flatMap((v) => [name, String(v)]),
  );
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};

/** One exchange as the view shows it: what was asked, how it ended, and at which layer it failed. */
function summarize(exchange: HttpExchange): LiveRequest {
  const { request, response } = exchange;
  const path = request.target.split('?', 1)[0] ?? '/';
  const rpc = record(parse(bodyText(request.body)));
  const params = record(rpc.params);
  const what =
    typeof rpc.method === 'string'
      ? `${rpc.method}${typeof params.name === 'string' ? ` ${params.name}` : ''}`
      : path;
  const answerText = response?.body ? bodyText(response.body) : (exchange.events.at(-1)?.data ?? '');
  const answer = record(parse(answerText));
  const status = response?.status;
  // A JSON-RPC error is the protocol's whatever the status it came with; a REST or guard refusal is HTTP's.
  const error: ErrorLayer | undefined =
    answer.error !== undefined
      ? 'protocol'
      : status !== undefined && status >= 400
        ? 'http'
        : record(answer.result).isError === true
          ? 'tool'
          : undefined;
  return {
    time: request.time,
    method: request.method,
    what,
    ...(status === undefined ? {} : { status }),
    ...(error === undefined ? {} : { error }),
  };
}
