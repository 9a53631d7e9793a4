import { request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { type Listening, listen } from '@memos-kit/process';
import { SseSplitter } from '@memos-kit/protocol';
import { headerPairs } from '@memos-kit/wire';
import { encodeBody, type Headers } from './frames.ts';
import type { Masker } from './mask.ts';
import type { RecordingWriter } from './writer.ts';

/** Headers about this hop of the connection, not about the exchange; each side sets its own. */
const HOP_HEADERS = new Set(['connection', 'keep-alive', 'proxy-connection', 'upgrade']);
/** Far above any request the kit's servers accept (1 MiB); the server's own limit answers first. */
const MAX_RECORDED_BODY_BYTES = 16 * 1024 * 1024;

export interface RecordingProxyOptions {
  /** The real server, e.g. `http://127.0.0.1:41234`. */
  upstream: string;
  host: string;
  port: number;
  writer: RecordingWriter;
  masker: Masker;
}

/**
 * Listens where the server was asked to and passes every request to the real server on a private
 * loopback port, writing down each message as it crosses: the request when its body is complete, a
 * whole response when it ends, and an SSE response as its head, then each event as the server writes it.
 * Standing in front of the server, rather than inside it, it sees what a client sees (REST and MCP, and
 * the guards' refusals) without touching the server's code, Node's, or the SDK's.
 */
export function startRecordingProxy(options: RecordingProxyOptions): Promise<Listening> {
  let exchanges = 0;
  const handler = (req: IncomingMessage, res: ServerResponse) => {
    const exchange = ++exchanges;
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_RECORDED_BODY_BYTES) chunks.push(chunk);
    });
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const headers = headerPairs(req.rawHeaders);
      options.writer.write({
        kind: 'http-request',
        transport: 'http',
        direction: 'client-to-server',
        exchange,
        method: req.method ?? 'GET',
        target: req.url ?? '/',
        headers: options.masker.headers(headers),
        body: options.masker.body(encodeBody(body)),
      });
      forward(options, exchange, req, headers, body, res);
    });
  };
  return listen(handler, { host: options.host, port: options.port });
}

function forward(
  options: RecordingProxyOptions,
  exchange: number,
  req: IncomingMessage,
  headers: Headers,
  body: Buffer,
  res: ServerResponse,
): void {
  const url = new URL(req.url ?? '/', options.upstream);
  const outgoing = headers.filter(([name]) => !HOP_HEADERS.has(name.toLowerCase()));
  const upstream = httpRequest(
    {
      host: url.hostname,
      port: url.port,
      method: req.method,
      path: `${url.pathname}${url.search}`,
      headers: outgoing.flat(),
      setHost: false,
      agent: false,
    },
    (answer) => {
      const answerHeaders = headerPairs(answer.rawHeaders).filter(
        ([name]) => !HOP_HEADERS.has(name.toLowerCase()),
      );
      const status = answer.statusCode ?? 502;
      const reason = answer.statusMessage ?? '';
      res.writeHead(status, reason, answerHeaders.flat());
      const recordedHeaders = options.masker.headers(answerHeaders);
      const sse = (answer.headers['content-type'] ?? '').startsWith('text/event-stream');
      const head = {
        kind: 'http-response',
        transport: 'http',
        direction: 'server-to-client',
        exchange,
        status,
        reason,
        headers: recordedHeaders,
      } as const;
      if (sse) {
        res.flushHeaders();
        options.writer.write(head);
        const splitter = new SseSplitter();
        let ended = false;
        answer.on('data', (chunk: Buffer) => {
          res.write(chunk);
          for (const event of splitter.push(chunk)) {
            const masked = options.masker.text(event.raw);
            options.writer.write({
              kind: 'sse-event',
              transport: 'http',
              direction: 'server-to-client',
              exchange,
              raw: { encoding: 'utf8', text: masked },
              data: options.masker.text(event.data),
              ...(event.event !== undefined ? { event: event.event } : {}),
              ...(event.id !== undefined ? { id: event.id } : {}),
            });
          }
        });
        const finish = (complete: boolean) => {
          if (ended) return;
          ended = true;
          options.writer.write({
            kind: 'http-end',
            transport: 'http',
            direction: 'server-to-client',
            exchange,
            complete,
          });
        };
        answer.on('end', () => {
          finish(true);
          res.end();
        });
        answer.on('close', () => finish(false));
        return;
      }
      const parts: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => {
        parts.push(chunk);
        res.write(chunk);
      });
      answer.on('end', () => {
        options.writer.write({ ...head, body: options.masker.body(encodeBody(Buffer.concat(parts))) });
        res.end();
      });
    },
  );
  upstream.on('error', () => {
    if (!res.headersSent) {
      res.writeHead(502, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ error: 'the recorded server did not answer' }));
    } else res.destroy();
  });
  // A client that goes away mid-stream ends the upstream request too, so the server stops working for nobody.
  res.on('close', () => upstream.destroy());
  upstream.end(body);
}
