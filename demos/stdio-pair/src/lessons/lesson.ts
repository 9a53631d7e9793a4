import { EventEmitter, once } from 'node:events';
import { type Lang, type Printer, wrapText } from '@memos-kit/terminal';
import { type Exit, type ServerProcess, type SpawnOptions, shutdown, spawnServer } from '../client.ts';
import { LineReader, ReadTimeoutError, type TimeoutReason } from '../line-reader.ts';
import type { MessageKey, Say } from '../messages.ts';
import { formatEvent, type PipeEvent, tracePipes } from '../trace.ts';
import { FAULTY_SERVER, type Fault } from './faults.ts';

/**
 * How long a lesson waits for bytes that *will* come (the server starting, an answer it is sure to send).
 * Generous on purpose: it only ends early on success, and a busy classroom laptop or CI runner can take
 * seconds to start a TypeScript child. The pitfalls themselves are timed with `LessonContext.timeoutMs`.
 */
export const ARRIVAL_TIMEOUT_MS = 20_000;

export interface LessonContext {
  /** What the lesson's story is printed through, fitted to the terminal (or 100 columns when piped). */
  printer: Printer;
  /** The story's sentences in the class's language. */
  say: Say;
  /** That language, for a server the lesson starts that speaks too (the kit's full MCP server logs). */
  lang: Lang;
  /** Show every pipe event as it happens. */
  trace: boolean;
  /** How long the client waits before it gives up on a read. */
  timeoutMs: number;
}

export interface Lesson<Outcome = unknown> {
  name: string;
  title: MessageKey;
  /** What the lesson shows (for a pitfall: what goes wrong), in one sentence, for --list-lessons. */
  summary: MessageKey;
  run(ctx: LessonContext): Promise<Outcome>;
}

export interface Session {
  server: ServerProcess;
  reader: LineReader;
  /** Everything the server wrote to stderr so far. */
  stderr: () => string;
  /** Resolves once the server's stderr contains `text`: proof that it got this far. */
  logged: (text: string) => Promise<void>;
}

/**
 * Starts a server for a lesson with its three pipes watched, runs the lesson's client code,
 * then shuts the server down (close stdin, then signals) whatever happened.
 */
export function withServer<T>(
  ctx: LessonContext,
  options: SpawnOptions,
  body: (session: Session) => Promise<T>,
): Promise<Run<T>> {
  return withProcess(ctx, spawnServer({ ...options, stderr: 'pipe' }), body);
}

/** What a lesson's server did: the lesson's result, how it ended, its log, and every pipe event in order. */
export interface Run<T> {
  result: T;
  exit: Exit;
  stderr: string;
  events: PipeEvent[];
}

/** `withServer` for a server started another way (the article's Python one), its three pipes piped. */
export async function withProcess<T>(
  ctx: LessonContext,
  server: ServerProcess,
  body: (session: Session) => Promise<T>,
): Promise<Run<T>> {
  let stderr = '';
  const events: PipeEvent[] = [];
  const logs = new EventEmitter();
  const logged = async (text: string) => {
    const signal = AbortSignal.timeout(ARRIVAL_TIMEOUT_MS);
    while (!stderr.includes(text)) await once(logs, 'data', { signal });
  };
  tracePipes(server, (event) => {
    events.push(event);
    if (event.kind === 'bytes' && event.fd === 2) {
      stderr += event.bytes.toString('utf8');
      logs.emit('data');
    }
    if (ctx.trace)
      for (const line of formatEvent(event, ctx.printer.paint, ctx.printer.width, ctx.say))
        ctx.printer.line(line);
    else if (event.kind === 'bytes' && event.fd === 2) process.stderr.write(event.bytes);
  });
  // 'exit' can come before the last bytes of the pipes have been read; 'close' comes after them.
  const closed = new Promise((resolve) => server.once('close', resolve));
  const reader = new LineReader(server.stdout);
  try {
    const result = await body({ server, reader, stderr: () => stderr, logged });
    const exit = await shutdown(server);
    await closed;
    return { result, exit, stderr, events };
  } catch (error) {
    await shutdown(server);
    throw error;
  }
}

/** `withServer` with the server that makes one deliberate mistake (see faulty-server.ts). */
export function withFaultyServer<T>(
  ctx: LessonContext,
  fault: Fault,
  body: (session: Session) => Promise<T>,
): Promise<Run<T>> {
  return withServer(ctx, { script: FAULTY_SERVER, args: [fault] }, body);
}

/** Runs a read that is expected to hang, and reports the timeout instead of throwing it. */
export async function expectTimeout<T>(ctx: LessonContext, read: Promise<T>): Promise<ReadTimeoutError | T> {
  note(ctx, ctx.say('waitsUpTo', { ms: ctx.timeoutMs }));
  try {
    return await read;
  } catch (error) {
    if (!(error instanceof ReadTimeoutError)) throw error;
    const reason = ctx.say(TIMEOUT_REASONS[error.reason], {
      ms: error.waitedMs,
      count: error.reason === 'open' ? error.received : error.pendingBytes,
    });
    failed(ctx, ctx.say('timeout'), reason);
    return error;
  }
}

const TIMEOUT_REASONS: Record<TimeoutReason, MessageKey> = {
  nothing: 'timeoutNothing',
  idle: 'timeoutIdle',
  partial: 'timeoutPartial',
  open: 'timeoutOpen',
};

/** What happens meanwhile, dimmed and indented under the trace (`indent` spaces), wrapped to the screen. */
export function note(ctx: LessonContext, text: string, indent = 2): void {
  ctx.printer.prose(text, { indent: ' '.repeat(indent), hanging: '  ', role: 'muted' });
}

/** A result worth pointing at, after a sign (`!`, in the warn colour) or none, wrapped to the screen. */
export function mark(ctx: LessonContext, text: string, sign = ''): void {
  const line = sign === '' ? text : `${ctx.printer.paint('warn', sign)} ${text}`;
  ctx.printer.prose(line, { indent: '  ', hanging: '  ' });
}

/**
 * What went wrong, as the Printer's ✗: a label (`timeout:`, `超时：`) and what happened. A label that ends in
 * Chinese punctuation needs no space after it.
 */
export function failed(ctx: LessonContext, label: string, text: string): void {
  const gap = /[\u3000-\u303f\uff00-\uffef]$/.test(label) ? '' : ' ';
  ctx.printer.verdict(false, `${label}${gap}${text}`);
}

/** The lesson's points, one › each, wrapped to the screen. */
export function explain(ctx: LessonContext, ...points: MessageKey[]): void {
  const { printer } = ctx;
  for (const point of points)
    for (const [index, line] of wrapText(ctx.say(point), printer.width - 4).entries())
      printer.line(`  ${index === 0 ? printer.paint('accent', '›') : ' '} ${line}`);
}
