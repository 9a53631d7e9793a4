import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { Readable, Writable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { ErrorCode } from '@memos-kit/protocol';
import { headerPairs } from '@memos-kit/wire';
import {
  type Exchange,
  groupExchanges,
  type HttpExchange,
  rpcIdOf,
  type StdioExchange,
} from './exchanges.ts';
import { bodyBytes, bodyText, type Headers } from './frames.ts';
import { httpKey, progressTokenOf, rpcMethodOf, stdioKey } from './matcher.ts';
import type { Recording } from './reader.ts';
import { type Correlation, readdress, readdressEvent } from './rewrite.ts';

/**
 * The JSON-RPC code for "this replay has no recording of that request". The spec (2026-07-28, Error
 * Codes) reserves -32020…-32099 for itself, calls -32000…-32019 legacy, and asks that application-defined
 * codes lie outside -32768…-32000; the standard codes would mislead (the method may exist, the params may
 * be valid: only the recording lacks them). So a code of our own, just outside the reserved block.
 */
export const NOT_RECORDED = -31000;

/** A request larger than this is refused (413) before it is matched; recorded requests are small. */
const MAX_BODY_BYTES = 1024 * 1024;
/** Recorded pauses longer than this are shortened: a replay in class should not sit still. */
const MAX_PAUSE_MS = 5_000;

export interface ReplayOptions {
  /** `recorded` (default): SSE events and stdio lines keep their recorded spacing; `fast`: none. */
  pace?: 'recorded' | 'fast';
  log?: (line: string) => void;
}

/**
 * The recorded answers by request key. Requests with the same key are answered in recorded order (a list
 * before and after a create gets both of its answers), and the last answer repeats after that.
 */
export class ReplayIndex {
  readonly #answers = new Map<string, Exchange[]>();
  readonly #served = new Map<string, number>();
  readonly exchanges: Exchange[];

  constructor(recording: Recording) {
    this.exchanges = groupExchanges(recording.frames);
    for (const exchange of this.exchanges) {
      const key = keyOf(exchange);
      const list = this.#answers.get(key) ?? [];
      list.push(exchange);
      this.#answers.set(key, list);
    }
  }

  count(transport: Exchange['transport']): number {
    return this.exchanges.filter((exchange) => exchange.transport === transport).length;
  }

  take(key: string): Exchange | undefined {
    const list = this.#answers.get(key);
    if (!list) return undefined;
    const served = this.#served.get(key) ?? 0;
    this.#served.set(key, served + 1);
    return list[Math.min(served, list.length - 1)];
  }

  /** The JSON-RPC methods recorded on a transport, for the error that says what the replay can answer. */
  methods(transport: Exchange['transport']): string[] {
    const methods = this.exchanges
      .filter((exchange) => exchange.transport === transport)
      .map((exchange) =>
        rpcMethodOf(bodyText(exchange.transport === 'http' ? exchange.request.body : exchange.request.line)),
      )
      .filter((method) => method !== undefined);
    return [...new Set(methods)];
  }
}

function keyOf(exchange: Exchange): string {
  if (exchange.transport === 'stdio') return stdioKey(bodyText(exchange.request.line));
  const { method, target, headers, body } = exchange.request;
  return httpKey({ method, target, headers, body: bodyText(body) });
}

function correlation(text: string): Correlation {
  return { id: rpcIdOf(text), progressToken: progressTokenOf(text) };
}

function notRecorded(
  index: ReplayIndex,
  transport: Exchange['transport'],
  id: unknown,
  method: string | undefined,
) {
  const recorded = index.methods(transport);
  return {
    jsonrpc: '2.0',
    id: typeof id === 'string' || typeof id === 'number' ? id : null,
    error: {
      code: NOT_RECORDED,
      message: `Not recorded: this replay has no answer for ${method ?? 'this request'} with these params (ids and _meta values are ignored when matching)`,
      data: { method: method ?? null, recordedMethods: recorded },
    },
  };
}

async function pause(ms: number, options: ReplayOptions): Promise<void> {
  if (options.pace === 'fast' || ms <= 0) return;
  await sleep(Math.min(ms, MAX_PAUSE_MS));
}

/** Hop-by-hop headers and lengths describe the recorded connection, not the answer: Node sets its own. */
const CONNECTION_HEADERS = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-length',
  'date',
]);

function replayHeaders(headers: Headers): string[] {
  return headers.filter(([name]) => !CONNECTION_HEADERS.has(name.toLowerCase())).flat();
}

function readBody(req: IncomingMessage): Promise<Buffer | 'too-large'> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        resolve('too-large');
        req.resume();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function sendJson(res: ServerResponse, status: number, value: unknown): void {
  const text = JSON.stringify(value);
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text) });
  res.end(text);
}

/** Serves the recording's HTTP exchanges: each request gets the recorded answer to its match, re-addressed. */
export function replayHandler(recording: Recording, options: ReplayOptions = {}): RequestListener {
  const index = new ReplayIndex(recording);
  return (req, res) => {
    void answerHttp(index, req, res, options).catch((error: unknown) => {
      options.log?.(`replay: ${error instanceof Error ? error.message : String(error)}`);
      if (!res.headersSent) sendJson(res, 500, { error: 'the replay could not answer' });
      else res.destroy();
    });
  };
}

async function answerHttp(
  index: ReplayIndex,
  req: IncomingMessage,
  res: ServerResponse,
  options: ReplayOptions,
) {
  const raw = await readBody(req);
  const method = req.method ?? 'GET';
  const target = req.url ?? '/';
  if (raw === 'too-large') {
    sendJson(res, 413, { error: `request body larger than ${MAX_BODY_BYTES} bytes` });
    return;
  }
  const body = raw.toString('utf8');
  const headers = headerPairs(req.rawHeaders);
  const found = index.take(httpKey({ method, target, headers, body }));
  const rpcMethod = rpcMethodOf(body);
  if (found?.transport !== 'http' || !found.response) {
    options.log?.(`${method} ${target}${rpcMethod ? ` ${rpcMethod}` : ''} -> not recorded`);
    if (rpcMethod !== undefined) sendJson(res, 200, notRecorded(index, 'http', rpcIdOf(body), rpcMethod));
    else
      sendJson(res, 404, {
        error: 'not recorded',
        message: `this replay has no answer for ${method} ${target}`,
      });
    return;
  }
  options.log?.(
    `${method} ${target}${rpcMethod ? ` ${rpcMethod}` : ''} -> ${found.response.status} (exchange ${found.request.exchange})`,
  );
  await writeHttpAnswer(found, res, correlation(bodyText(found.request.body)), correlation(body), options);
}

async function writeHttpAnswer(
  exchange: HttpExchange,
  res: ServerResponse,
  recorded: Correlation,
  live: Correlation,
  options: ReplayOptions,
): Promise<void> {
  const response = exchange.response;
  if (!response) return;
  const headers = replayHeaders(response.headers);
  if (response.body !== undefined) {
    const bytes =
      response.body.encoding === 'utf8'
        ? Buffer.from(readdress(response.body.text, recorded, live), 'utf8')
        : bodyBytes(response.body);
    res.writeHead(response.status, response.reason, [...headers, 'Content-Length', String(bytes.length)]);
    res.end(bytes);
    return;
  }
  res.writeHead(response.status, response.reason, headers);
  res.flushHeaders();
  let last = response.elapsedMs;
  for (const event of exchange.events) {
    await pause(event.elapsedMs - last, options);
    last = event.elapsedMs;
    if (res.destroyed) return;
    const raw =
      event.raw.encoding === 'utf8'
        ? readdressEvent(event.raw.text, event.data, recorded, live)
        : bodyBytes(event.raw);
    res.write(raw);
  }
  if (exchange.end?.complete === false) res.destroy();
  else res.end();
}

/**
 * Serves the recording's stdio exchanges on a pair of streams, one JSON-RPC message per line, until the
 * input ends and every answer is written.
 */
export async function replayStdio(
  recording: Recording,
  input: Readable,
  output: Writable,
  options: ReplayOptions = {},
): Promise<void> {
  const index = new ReplayIndex(recording);
  const answering: Promise<void>[] = [];
  let parts: Buffer[] = [];
  let size = 0;
  const endLine = () => {
    const line = Buffer.concat(parts).toString('utf8').replace(/\r$/, '');
    const overlong = size > MAX_BODY_BYTES;
    parts = [];
    size = 0;
    if (overlong) {
      const error = {
        code: ErrorCode.InvalidRequest,
        message: `Invalid Request: a line must not exceed ${MAX_BODY_BYTES} bytes`,
      };
      output.write(`${JSON.stringify({ jsonrpc: '2.0', id: null, error })}\n`);
    } else if (line.trim() !== '') answering.push(answerLine(index, line, output, options));
  };
  // Lines are cut on bytes and bounded, as the kit's stdio server does: a line that never ends cannot
  // fill the memory.
  for await (const chunk of input) {
    const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    let start = 0;
    for (let at = bytes.indexOf(0x0a); at !== -1; at = bytes.indexOf(0x0a, start)) {
      keep(bytes.subarray(start, at));
      endLine();
      start = at + 1;
    }
    keep(bytes.subarray(start));
  }
  if (size > 0) endLine();
  await Promise.all(answering);

  function keep(part: Buffer): void {
    size += part.length;
    if (size <= MAX_BODY_BYTES) parts.push(part);
  }
}

async function answerLine(index: ReplayIndex, line: string, output: Writable, options: ReplayOptions) {
  const found = index.take(stdioKey(line));
  const method = rpcMethodOf(line);
  const id = rpcIdOf(line);
  if (found?.transport !== 'stdio') {
    options.log?.(`${method ?? 'line'} -> not recorded`);
    // A notification gets no answer, recorded or not (JSON-RPC 2.0, section 4.1).
    if (id === undefined && method !== undefined) return;
    const error =
      method === undefined && id === undefined
        ? {
            jsonrpc: '2.0',
            id: null,
            error: { code: ErrorCode.ParseError, message: 'Parse error: the line is not a JSON-RPC request' },
          }
        : notRecorded(index, 'stdio', id, method);
    output.write(`${JSON.stringify(error)}\n`);
    return;
  }
  options.log?.(`${method ?? 'line'} -> ${found.replies.length} line(s)`);
  await writeStdioAnswer(
    found,
    output,
    correlation(bodyText(found.request.line)),
    correlation(line),
    options,
  );
}

async function writeStdioAnswer(
  exchange: StdioExchange,
  output: Writable,
  recorded: Correlation,
  live: Correlation,
  options: ReplayOptions,
): Promise<void> {
  let last = exchange.request.elapsedMs;
  for (const reply of exchange.replies) {
    await pause(reply.elapsedMs - last, options);
    last = reply.elapsedMs;
    const text =
      reply.line.encoding === 'utf8' ? readdress(reply.line.text, recorded, live) : bodyBytes(reply.line);
    output.write(text);
    output.write('\n');
  }
}
