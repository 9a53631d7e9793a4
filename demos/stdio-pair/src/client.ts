/**
 * The minimal stdio client: the TypeScript twin of the article's client.py.
 * It starts the server as a child process and talks to it over two pipes.
 */
import { type ChildProcessByStdio, spawn } from 'node:child_process';
import { once } from 'node:events';
import type { Readable, Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { entryArgs } from '@memos-kit/process';
import { requestMeta } from '@memos-kit/protocol';
import { runCommand } from '@memos-kit/terminal';
import { decodeLine, LineReader } from './line-reader.ts';
import { pythonDumps } from './python-json.ts';

export const request = {
  jsonrpc: '2.0',
  id: 6,
  method: 'tools/call',
  params: {
    name: 'memo_list_memos',
    arguments: { pageSize: 1, filter: 'visibility != "PRIVATE"' },
    _meta: requestMeta({ clientInfo: { name: 'memos-demo-client', version: '1.0.0' } }),
  },
} as const;

/** How long the client waits for an answer it expects (and for the server to exit) before giving up. */
const TIMEOUT_MS = 5000;

export type ServerProcess = ChildProcessByStdio<Writable, Readable, Readable | null>;

/** Every server this process started and that has not exited yet (tests and Ctrl-C clean these up). */
export const liveServers = new Set<ServerProcess>();

export interface SpawnOptions {
  /** Extra arguments for the server script. */
  args?: string[];
  /** Another server script, e.g. one of the lessons' faulty servers. */
  script?: string;
  /** 'inherit' as in the article: the server's logs go straight to our terminal. */
  stderr?: 'inherit' | 'pipe';
}

/**
 * Whether this Node runs a `.ts` file itself, stripping the types: Node 22.18 and later do, so every Node the
 * kit supports does. An older one runs the server through the kit's launcher instead, from a bundle.
 */
const STRIPS_TYPES = 'typescript' in process.features && Boolean(process.features.typescript);

export function spawnServer({ args = [], script = 'server.ts', stderr = 'inherit' }: SpawnOptions = {}) {
  // #region spawn
  // `python3 memo_stdio_demo.py`, in Node: `node server.ts`, the running Node on the server's own file.
  // No npx, no PATH lookup, no shell, no build. Two pipes: A into the server's stdin (fd 0), B out of its
  // stdout (fd 1). Its stderr (fd 2) is ours by default, so its logs reach the terminal without passing
  // through this program.
  const file = fileURLToPath(new URL(script, import.meta.url));
  const server = spawn(process.execPath, STRIPS_TYPES ? [file, ...args] : entryArgs(file, args), {
    stdio: ['pipe', 'pipe', stderr],
  }) as ServerProcess;
  // #endregion spawn
  // A server that died makes our next write fail with EPIPE. The read side reports that clearly
  // ("closed stdout before..."), so the write error must not crash the client first.
  server.stdin.on('error', () => {});
  liveServers.add(server);
  server.once('exit', () => liveServers.delete(server));
  return server;
}

/**
 * Who wants to see what the client writes into a server's stdin (the pipe trace). Node's Writable has no
 * event per write, so the client tells them itself instead of anyone patching `stdin.write`.
 */
const stdinWatchers = new WeakMap<ServerProcess, (bytes: Buffer) => void>();

export function watchStdin(server: ServerProcess, watcher: (bytes: Buffer) => void): void {
  stdinWatchers.set(server, watcher);
}

/** Sends one message: a line of UTF-8 JSON closed by the newline that frames it. */
export function writeMessage(server: ServerProcess, message: unknown): void {
  // #region write-request
  const line = `${JSON.stringify(message)}\n`;
  server.stdin.write(line);
  // #endregion write-request
  stdinWatchers.get(server)?.(Buffer.from(line));
}

/** Reads the next message and checks it is the response to `id`, as the article's client does. */
export async function readResponse(reader: LineReader, id: number | string, timeoutMs: number) {
  // #region read-response
  const line = await reader.readLine(timeoutMs);
  if (line.length === 0) {
    throw new Error('Server closed stdout before sending a response');
  }
  if (line.at(-1) !== 0x0a) {
    throw new Error('Server closed stdout with an incomplete message');
  }
  const response = JSON.parse(decodeLine(line));
  if (response.id !== id) {
    throw new Error('Unexpected response id');
  }
  // #endregion read-response
  return response;
}

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** What it took: closing stdin was enough, or we had to send a signal. */
  stoppedBy: 'eof' | 'SIGTERM' | 'SIGKILL';
}

/** Closes the server's stdin and waits for it to leave; escalates to SIGTERM, then SIGKILL. */
export async function shutdown(server: ServerProcess, timeoutMs = TIMEOUT_MS): Promise<Exit> {
  // #region shutdown
  // No more requests: closing our end of pipe A is the server's EOF, and its read loop ends.
  // If it does not leave in time: SIGTERM, then SIGKILL, as the spec suggests (the article's
  // client goes straight to kill(), which is SIGKILL).
  server.stdin.end();
  for (const step of ['eof', 'SIGTERM', 'SIGKILL'] as const) {
    if (step !== 'eof') server.kill(step);
    const exited = await exitWithin(server, timeoutMs);
    if (exited) return { code: server.exitCode, signal: server.signalCode, stoppedBy: step };
  }
  // #endregion shutdown
  throw new Error(`server ${server.pid} survived SIGKILL`);
}

async function exitWithin(server: ServerProcess, ms: number): Promise<boolean> {
  if (server.exitCode !== null || server.signalCode !== null) return true;
  const timer = AbortSignal.timeout(ms);
  try {
    await once(server, 'exit', { signal: timer });
    return true;
  } catch {
    return false;
  }
}

export interface ClientOptions extends SpawnOptions {
  /** Where the client prints its result (its own stdout by default). */
  print?: (line: string) => void;
  /** Called with the server right after it starts, e.g. to trace its pipes. */
  onSpawn?: (server: ServerProcess) => void;
  timeoutMs?: number;
}

/** The article's client.py: one request, one response, a clean shutdown. */
export async function runClient(options: ClientOptions = {}) {
  const { print = (line) => process.stdout.write(`${line}\n`), timeoutMs = TIMEOUT_MS } = options;
  // #region run-client
  const server = spawnServer(options);
  options.onSpawn?.(server);
  const reader = new LineReader(server.stdout);
  try {
    writeMessage(server, request);
    const response = await readResponse(reader, request.id, timeoutMs);
    // Our own stdout is not connected to the server: this line is for the person at the terminal.
    print(pythonDumps(response.result.structuredContent));
    return response;
  } finally {
    // Also after an error: the server must not outlive the client.
    await shutdown(server, timeoutMs);
  }
  // #endregion run-client
}

// Run on its own (`node src/client.ts`), it is the article's `python3 client.py`; an error is one line on
// stderr, as the article's client prints it.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await runCommand({ name: 'client' }, () => runClient());
}
