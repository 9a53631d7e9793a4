// The kit as the claims test meets it: the adapter and the mock in-process on loopback, in the variants a
// page speaks of, the stdio server as a child process started as `pnpm mcp:stdio` starts it, and the
// commands' help. Each is started the first time a probe asks for it, and stopped in `close()`.
import { readFileSync } from 'node:fs';
import { type RequestListener, request } from 'node:http';
import { fileURLToPath } from 'node:url';
import { type AdapterOptions, createAdapter, type RunningAdapter, startServer } from '@memos-kit/memos-mcp';
import { type RunningClass, startClassServer } from '@memos-kit/memos-mcp/class';
import { type Listening, listen, type RunningEntry, runEntry, startEntry } from '@memos-kit/process';
import { mcpHeadersFor, requestMeta } from '@memos-kit/protocol';

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  /** The body parsed as JSON, when it is JSON. */
  json?: unknown;
}

export interface Outgoing {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
}

/** node:http, not fetch: fetch would not send a chosen `Host`, nor a body of bytes that are not UTF-8. */
export function send(server: Pick<Listening, 'port'>, outgoing: Outgoing): Promise<Answer> {
  return new Promise((resolve, reject) => {
    // The answer so far: a server that refuses a large body answers first, then reads on for a while and
    // closes, so the client may see the connection reset while it is still writing. What was answered
    // before that is the answer.
    let answer: Answer | undefined;
    const parts: Buffer[] = [];
    const settle = () => {
      if (!answer) return false;
      answer.body = Buffer.concat(parts).toString('utf8');
      try {
        answer.json = JSON.parse(answer.body);
      } catch {
        // not JSON: the probe reads the status alone
      }
      resolve(answer);
      return true;
    };
    const call = request(
      {
        host: '127.0.0.1',
        port: server.port,
        method: outgoing.method ?? (outgoing.body === undefined ? 'GET' : 'POST'),
        path: outgoing.path,
        headers: outgoing.headers,
        // One connection per request, as each curl command on a page has: a server that answered early and
        // then closes after draining a refused body must not take the next probe's request down with it.
        agent: false,
        timeout: 10_000,
      },
      (incoming) => {
        answer = { status: incoming.statusCode ?? 0, headers: incoming.headers, body: '' };
        incoming.on('data', (chunk: Buffer) => parts.push(chunk));
        incoming.on('error', (error) => settle() || reject(error));
        incoming.on('end', settle);
      },
    );
    call.on('timeout', () =>
      call.destroy(new Error(`no answer within 10 s to ${outgoing.method ?? ''} ${outgoing.path}`)),
    );
    call.on(
      'error',
      (error) =>
        settle() ||
        reject(new Error(`${outgoing.method ?? ''} ${outgoing.path}: ${error.message}`, { cause: error })),
    );
    call.end(outgoing.body);
  });
}

/** The few curl options the pages use; anything else is an error, so the pages stay this simple. */
export function parseCurl(command: string): {
  method: string;
  url: URL;
  headers: [string, string][];
  body?: string;
} {
  const words = [...command.matchAll(/"([^"]*)"|(\S+)/g)].map(([, quoted, bare]) => quoted ?? bare ?? '');
  let method: string | undefined;
  let url: URL | undefined;
  const headers: [string, string][] = [];
  let body: string | undefined;
  for (let at = 1; at < words.length; at++) {
    const word = words[at] ?? '';
    if (word === '-i') continue;
    else if (word === '-X') method = words[++at];
    else if (word === '-H') {
      const [name = '', ...value] = (words[++at] ?? '').split(':');
      headers.push([name, value.join(':').trim()]);
    } else if (word === '-d') body = words[++at];
    else if (/^https?:/.test(word)) url = new URL(word);
    else throw new Error(`an option the curl reader does not know: ${word}`);
  }
  if (!url) throw new Error(`no URL in ${command}`);
  return { method: method ?? (body === undefined ? 'GET' : 'POST'), url, headers, body };
}

/** The `_meta` every 2026-07-28 request carries. */
export function envelope(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { ...requestMeta(), ...extra };
}

/** A well-formed request: its body, and the headers a client sends with it (the Mcp-* ones mirror the body). */
export function mcpRequest(
  method: string,
  params: Record<string, unknown> = {},
  id: number | string = 1,
): { body: string; headers: Record<string, string> } {
  const meta = (params._meta as Record<string, unknown> | undefined) ?? {};
  const message = { jsonrpc: '2.0', id, method, params: { ...params, _meta: envelope(meta) } };
  const headers = {
    'Content-Type': 'application/json',
    Accept: 'application/json, text/event-stream',
    Authorization: 'Bearer example-token',
    ...mcpHeadersFor(message),
  };
  return { body: JSON.stringify(message), headers };
}

/** A JSON-RPC error's code and message, or the result, of an answer. */
export function rpc(answer: Answer | unknown): {
  code?: number;
  message?: string;
  result?: Record<string, unknown>;
} {
  const message = (
    answer && typeof answer === 'object' && 'status' in answer ? (answer as Answer).json : answer
  ) as { error?: { code?: number; message?: string }; result?: Record<string, unknown> } | undefined;
  return { code: message?.error?.code, message: message?.error?.message, result: message?.result };
}

/** The stdio server: bytes in, one JSON-RPC message a line out. Probes use it one at a time. */
class StdioServer {
  /** How many of its lines a probe has already been given. */
  private taken = new Set<number>();

  constructor(private readonly running: RunningEntry) {}

  write(bytes: string | Buffer): void {
    this.running.child.stdin?.write(bytes);
  }

  private lines(): Record<string, unknown>[] {
    return this.running
      .stdout()
      .split('\n')
      .slice(0, -1)
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  }

  /** The first line not given out yet that satisfies `predicate`, waiting for it. */
  async next(
    predicate: (message: Record<string, unknown>) => boolean,
    timeoutMs = 10_000,
  ): Promise<Record<string, unknown>> {
    const find = () =>
      this.lines().findIndex((message, index) => !this.taken.has(index) && predicate(message));
    await this.running.waitFor(() => find() >= 0, { timeoutMs });
    const index = find();
    this.taken.add(index);
    return this.lines()[index] ?? {};
  }

  /** The answer to the request `id`. */
  answer(id: unknown): Promise<Record<string, unknown>> {
    return this.next((message) => message.id === id && ('result' in message || 'error' in message));
  }

  /** The next error answered to a line whose `id` could not be read (or was `id`). */
  nextError(id: unknown = null): Promise<Record<string, unknown>> {
    return this.next((message) => (message.id === null || message.id === id) && 'error' in message);
  }

  async stop(): Promise<void> {
    this.running.child.stdin?.end();
    await this.running.stop({ graceMs: 5_000 });
  }
}

export type { StdioServer };

const entry = (path: string) => fileURLToPath(new URL(`../../../${path}`, import.meta.url));

/**
 * The `.ts` entry a root script starts (`node …/launch.mjs <entry> …`), read from the kit's package.json: the
 * probes run what a learner's `pnpm <script>` runs, and an entry that moves cannot leave them reading a file
 * that is no longer there.
 */
function scriptEntry(script: string): string {
  const scripts = (
    JSON.parse(readFileSync(entry('package.json'), 'utf8')) as { scripts: Record<string, string> }
  ).scripts;
  const file = scripts[script]?.split(/\s+/).find((word) => word.endsWith('.ts'));
  if (!file) throw new Error(`package.json has no script "${script}" that starts a .ts entry`);
  return entry(file);
}

/** The entries of the root scripts whose help states defaults. */
export const commands = {
  serve: scriptEntry('serve'),
  stdio: scriptEntry('mcp:stdio'),
  replay: scriptEntry('replay'),
  playground: scriptEntry('playground'),
  tour: scriptEntry('demo'),
} as const;

export class Kit {
  private readonly servers = new Map<string, Promise<Listening>>();
  private readonly stdioServers = new Map<string, StdioServer>();
  private readonly helps = new Map<string, Promise<string>>();
  private readonly started: (() => Promise<unknown>)[] = [];
  private readonly memo = new Map<string, Promise<unknown>>();

  /**
   * The adapter and the mock on loopback, as `pnpm serve` makes them (the workshop dataset unless told), or
   * another of the kit's servers by its request listener.
   */
  server(
    name = 'workshop',
    options: AdapterOptions = { dataset: 'workshop' },
    app?: RequestListener,
  ): Promise<Listening> {
    let server = this.servers.get(name);
    if (!server) {
      server = app ? listen(app) : createAdapter(options).then((adapter) => listen(adapter.app));
      this.servers.set(name, server);
      const made = server;
      this.started.push(async () => (await made).close());
    }
    return server;
  }

  /** `pnpm serve --class 2` on loopback, with a burst small enough for a probe to go past it. */
  classServer(): Promise<RunningClass> {
    return this.once('class', async () => {
      const running = await startClassServer({
        students: 2,
        port: 0,
        limits: { ratePerSecond: 10, burst: 3, concurrent: 4 },
      });
      this.started.push(() => running.close());
      return running;
    });
  }

  /** `pnpm serve --auth oauth` in process (the workshop dataset, free ports for the adapter and the AS). */
  oauth(): Promise<RunningAdapter> {
    return this.once('oauth', async () => {
      const running = await startServer({ port: 0, dataset: 'workshop', oauth: { port: 0, lang: 'en' } });
      this.started.push(() => running.close());
      return running;
    });
  }

  /** `pnpm mcp:stdio` on the workshop dataset; one process for each name. */
  async stdio(name = 'shared'): Promise<StdioServer> {
    let server = this.stdioServers.get(name);
    if (!server) {
      const running = startEntry(commands.stdio, {
        args: ['--dataset', 'workshop', '--lang', 'en'],
        env: { NO_COLOR: '1' },
      });
      const made = new StdioServer(running);
      server = made;
      this.stdioServers.set(name, made);
      this.started.push(() => made.stop());
    }
    return server;
  }

  /** What `pnpm <command> --help --lang en` prints. */
  help(command: keyof typeof commands): Promise<string> {
    let text = this.helps.get(command);
    if (!text) {
      text = runEntry(commands[command], {
        args: ['--help', '--lang', 'en'],
        env: { NO_COLOR: '1', COLUMNS: '200' },
      }).then((run) => {
        // A help that did not run states nothing; say why rather than let every line of it look unproven.
        if (run.code !== 0) throw new Error(`${command} --help ended with ${run.code}: ${run.stderr}`);
        return run.stdout;
      });
      this.helps.set(command, text);
    }
    return text;
  }

  /** `make()`'s promise, made once for each key: a costly check a probe repeats for several lines. */
  once<T>(key: string, make: () => Promise<T>): Promise<T> {
    let made = this.memo.get(key) as Promise<T> | undefined;
    if (!made) {
      made = make();
      this.memo.set(key, made);
    }
    return made;
  }

  async close(): Promise<void> {
    await Promise.all(this.started.splice(0).map((stop) => stop()));
  }
}
