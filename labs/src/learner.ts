/**
 * The learner's server, started the way a host starts it, and talked to over the wire. A host runs
 * `<node> <absolute entry>` (lab.json `server`), with MEMOS_URL and MEMOS_TOKEN in the environment and, for an
 * HTTP server, PORT; Node strips the types of a `.ts` entry itself from 22.18 on, and on an older Node the
 * entry goes through tsx. Either way the process also loads module-trace.mjs, so `ownProcess` can say what it
 * ran. Requests are written as a 2026-07-28 client writes them: the `_meta` envelope, and over HTTP the
 * `Mcp-*` headers, from @memos-kit/protocol.
 */
import { existsSync, readdirSync, readFileSync, readlinkSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RunningAdapter } from '@memos-kit/memos-mcp';
import { portIsClosed, type RunningEntry, startNode } from '@memos-kit/process';
import { mcpHeadersFor, requestMeta } from '@memos-kit/protocol';
import { type HttpHeaders, type RawResponse, rawHttp } from '@memos-kit/wire';
import type { CheckContext } from './check.ts';
import { traced } from './own-code.ts';

const TRACE_HOOK = fileURLToPath(new URL('./module-trace.mjs', import.meta.url));
const TSX = fileURLToPath(import.meta.resolve('tsx'));
/** Node 22.18 and later run a `.ts` file as a host starts it, with no loader: `process.features.typescript`. */
const STRIPS_TYPES = Boolean((process.features as { typescript?: unknown }).typescript);

/**
 * How long a server may take to start and answer: Node, then the SDK, and tsx on a Node that does not strip
 * types. A run of every lab beside other work on a busy two-core machine took over 10 s for one start; the
 * runner gives a check 20 s in all.
 */
export const ANSWER_MS = 15_000;

/** Who the checks say they are, in every request's `_meta`. */
const CLIENT = { name: 'memos-kit-lab-check', version: '1.0.0' };

/** A request as a 2026-07-28 client sends it: its own `_meta` envelope with the capabilities it declares. */
export function request(
  id: number,
  method: string,
  params: Record<string, unknown> = {},
  options: { capabilities?: Record<string, unknown>; meta?: Record<string, unknown> } = {},
) {
  return {
    jsonrpc: '2.0' as const,
    id,
    method,
    params: {
      ...params,
      _meta: {
        ...requestMeta({ clientCapabilities: options.capabilities ?? {}, clientInfo: CLIENT }),
        ...options.meta,
      },
    },
  };
}

/** The command line a host would run, as the check runs it (absolute Node, absolute entry). */
function hostCommand(entry: string): string[] {
  return STRIPS_TYPES ? ['--import', TRACE_HOOK, entry] : ['--import', TSX, '--import', TRACE_HOOK, entry];
}

/** Where the learner's server reaches Memos, and with whose token: the kit's first user's. */
function memosEnv(memos: RunningAdapter): Record<string, string> {
  return { MEMOS_URL: memos.url, MEMOS_TOKEN: memos.users[0]?.tokens[0] ?? '' };
}

let traceCount = 0;

async function start(
  context: CheckContext,
  env: Record<string, string>,
  stdin: 'pipe' | 'ignore',
): Promise<RunningEntry> {
  const entry = join(context.dir, context.lab.server?.entry ?? 'server.ts');
  const trace = join(tmpdir(), `memos-kit-lab-trace-${process.pid}-${++traceCount}.jsonl`);
  const running = startNode(hostCommand(entry), {
    cwd: context.dir,
    env: { ...memosEnv(await context.writable()), ...env, KIT_LAB_MODULE_TRACE: trace },
    stdin,
    stderr: 'pipe',
  });
  let kept: string | undefined;
  const read = () => kept ?? (existsSync(trace) ? readFileSync(trace, 'utf8') : '');
  traced(context).push(read);
  context.onClose(async () => {
    await running.stop({ graceMs: 2_000 });
    kept = read();
    rmSync(trace, { force: true });
  });
  return running;
}

/** A stdout line that is not a JSON-RPC message (a log on the protocol channel). */
export class NotAMessage extends Error {
  override name = 'NotAMessage';
  constructor(readonly line: string) {
    super('a stdout line is not a JSON-RPC message');
  }
}

/** The server ended or said nothing in time; `output` is what it wrote on stderr. */
export class NoAnswer extends Error {
  override name = 'NoAnswer';
  constructor(
    readonly reason: string,
    readonly output: string,
  ) {
    super(reason);
  }
}

export type Json = Record<string, unknown> & {
  result?: Record<string, unknown> & { [key: string]: unknown };
  error?: { code: number; message: string; data?: Record<string, unknown> };
};

export interface StdioServer {
  /** Sends one message as one line; resolves with the line of the response of the same id. */
  call(message: { id: number }): Promise<{ response: Json; line: string }>;
  /** Closes stdin; says whether the server left by itself (`eof`) or had to be signalled. */
  close(): Promise<'eof' | 'signal'>;
  /**
   * Sends one message and closes stdin at once, as `printf '<request>\n' | node server.ts` does; says how the
   * server left and the answer it wrote before it did, if any.
   */
  closeAfter(message: {
    id: number;
  }): Promise<{ how: 'eof' | 'signal'; answer?: { response: Json; line: string } }>;
  stderr(): string;
}

export async function startStdio(context: CheckContext): Promise<StdioServer> {
  const running = await start(context, {}, 'pipe');
  running.child.stdin?.on('error', () => {});
  let consumed = 0;
  /** Reads stdout's lines from where the last call stopped, up to the answer of `id` or a line that is not JSON. */
  const scanner = (id: number) => {
    const seen: { found?: { response: Json; line: string }; stray?: string } = {};
    const scan = (text: string) => {
      for (let end = text.indexOf('\n', consumed); end >= 0; end = text.indexOf('\n', consumed)) {
        const line = text.slice(consumed, end).replace(/\r$/, '');
        consumed = end + 1;
        let parsed: Json;
        try {
          parsed = JSON.parse(line) as Json;
        } catch {
          seen.stray = line;
          return true;
        }
        // A notification (progress, a log) on the way is fine; the answer is the one with our id.
        if (parsed.id === id && !('method' in parsed)) {
          seen.found = { response: parsed, line };
          return true;
        }
      }
      return false;
    };
    return { seen, scan };
  };
  /** Ends stdin and waits a bounded time for the server to leave by itself, else signals it. */
  const close = async (waitMs: number): Promise<'eof' | 'signal'> => {
    running.child.stdin?.end();
    const left = await Promise.race([
      running.exited.then(() => true),
      new Promise<false>((resolve) => setTimeout(() => resolve(false), waitMs).unref()),
    ]);
    if (left) return 'eof';
    await running.stop({ graceMs: 2_000 });
    return 'signal';
  };
  return {
    stderr: () => running.stderr(),
    async call(message) {
      running.child.stdin?.write(`${JSON.stringify(message)}\n`);
      const { seen, scan } = scanner(message.id);
      try {
        await running.waitFor(scan, { timeoutMs: ANSWER_MS });
      } catch (error) {
        throw new NoAnswer((error as Error).message.split('\n')[0] ?? '', running.stderr());
      }
      if (seen.stray !== undefined) throw new NotAMessage(seen.stray);
      return seen.found as { response: Json; line: string };
    },
    close: () => close(3_000),
    async closeAfter(message) {
      running.child.stdin?.write(`${JSON.stringify(message)}\n`);
      // The call goes to REST first, and the runner gives a check 20 s in all: 8 s to answer and leave.
      const how = await close(8_000);
      const { seen, scan } = scanner(message.id);
      scan(running.stdout());
      return { how, ...(seen.found ? { answer: seen.found } : {}) };
    },
  };
}

/** A port free on 127.0.0.1 now, for the learner's server to listen on. */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

export interface HttpServer {
  pid: number;
  port: number;
  base: string;
  output(): string;
  /** POSTs one JSON-RPC message with the headers a 2026-07-28 client sends, changed by `overrides`. */
  post(message: unknown, overrides?: Record<string, string | null>): Promise<RawResponse>;
}

/** Starts the learner's HTTP server with PORT, and `env` besides (lab 13's AUTH_ISSUER and MCP_RESOURCE). */
export async function startHttp(
  context: CheckContext,
  port: number,
  env: Record<string, string> = {},
): Promise<HttpServer> {
  const running = await start(context, { ...env, PORT: String(port) }, 'ignore');
  let exited = false;
  void running.exited.then(() => {
    exited = true;
  });
  // Bounded: the port opens, the process ends, or the time runs out; the check that follows says which.
  const deadline = Date.now() + ANSWER_MS;
  while (!exited && Date.now() < deadline && (await portIsClosed(port)))
    await new Promise((resolve) => setTimeout(resolve, 100));
  const base = `http://127.0.0.1:${port}`;
  return {
    pid: running.child.pid ?? -1,
    port,
    base,
    output: () => `${running.stdout()}${running.stderr()}`,
    post(message, overrides = {}) {
      const written: HttpHeaders = [
        // A raw request carries Host itself, as every HTTP client writes it.
        ['Host', `127.0.0.1:${port}`],
        ['Content-Type', 'application/json'],
        ['Accept', 'application/json, text/event-stream'],
        ...Object.entries(mcpHeadersFor(message)),
      ];
      const headers: HttpHeaders = written
        .filter(([name]) => !Object.keys(overrides).some((key) => key.toLowerCase() === name.toLowerCase()))
        .concat(Object.entries(overrides).filter((entry): entry is [string, string] => entry[1] !== null));
      return rawHttp(base, { method: 'POST', target: '/mcp', headers, body: JSON.stringify(message) });
    },
  };
}

/** An HTTP body as JSON, or nothing when it is not JSON (an HTML error page, an empty 401). */
export const json = (body: string): Json | undefined => {
  try {
    return JSON.parse(body) as Json;
  } catch {
    return undefined;
  }
};

/** The request as the learner reads it in a failure: start line, headers in order, body. */
export function showRequest(message: unknown, port: number, overrides: Record<string, string | null> = {}) {
  const extra = Object.entries(overrides)
    .filter(([, value]) => value !== null)
    .map(([name, value]) => `${name}: ${value}\n`)
    .join('');
  const mirrored = Object.entries(mcpHeadersFor(message))
    .filter(([name]) => !(name in overrides))
    .map(([name, value]) => `${name}: ${value}\n`)
    .join('');
  return `POST /mcp HTTP/1.1\nHost: 127.0.0.1:${port}\nContent-Type: application/json\nAccept: application/json, text/event-stream\n${mirrored}${extra}\n${JSON.stringify(message)}`;
}

/** An answer as the learner reads it: status line, headers, body (cut where long). */
export function showResponse(response: RawResponse): string {
  const body = response.body.length > 1_200 ? `${response.body.slice(0, 1_200)}…` : response.body;
  return `HTTP/1.1 ${response.status} ${response.reason}\n${response.headers.map(([name, value]) => `${name}: ${value}`).join('\n')}\n\n${body}`;
}

/** The inode of every TCP socket listening on `port`, from the kernel's tables (Linux). */
function listeningInodes(port: number): Set<string> {
  const inodes = new Set<string>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    if (!existsSync(table)) continue;
    for (const row of readFileSync(table, 'utf8').split('\n').slice(1)) {
      const cols = row.trim().split(/\s+/);
      if (cols[3] === '0A' && Number.parseInt(cols[1]?.split(':')[1] ?? '', 16) === port && cols[9])
        inodes.add(cols[9]);
    }
  }
  return inodes;
}

/**
 * Whether process `pid` itself holds the socket listening on `port` (not a child it started, not another
 * program): true or false on Linux, null where the kernel's tables cannot be read.
 */
export function listensItself(pid: number, port: number): boolean | null {
  if (!existsSync(`/proc/${pid}/fd`)) return null;
  const inodes = listeningInodes(port);
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    try {
      const inode = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`))?.[1];
      if (inode && inodes.has(inode)) return true;
    } catch {
      // The descriptor closed while we looked.
    }
  }
  return false;
}
