import { once } from 'node:events';
import { entryArgs } from '@memos-kit/process';
import ts from 'typescript';
import { afterEach, describe, expect, it } from 'vitest';
import { readResponse, request, runClient, shutdown, spawnServer, writeMessage } from '../src/client.ts';
import { FAULTY_SERVER } from '../src/lessons/faults.ts';
import { LineReader, ReadTimeoutError } from '../src/line-reader.ts';
import { type PipeEvent, tracePipes } from '../src/trace.ts';
import { expectNoLeftovers, fixtureBytes, runScript, srcPath } from './helpers.ts';

afterEach(expectNoLeftovers);

const ODD_SERVER = '../test/__fixtures__/odd-server.ts';
/**
 * How long these tests let a server start, answer and leave: they check what the pair does, not how fast, and
 * a server started from its .ts file on two cores shared with a whole CI run took longer than the client's own
 * 5 s. The test of that timeout sets its own; vitest stops any test at 20 s.
 */
const PATIENT_MS = 15_000;

/** Starts the minimal server with its stderr collected, the way a Host that keeps logs would. */
function startServer() {
  const server = spawnServer({ stderr: 'pipe' });
  const stderr: Buffer[] = [];
  server.stderr?.on('data', (chunk: Buffer) => stderr.push(chunk));
  return { server, stderr: () => Buffer.concat(stderr) };
}

describe('the minimal server', () => {
  it("answers the fixture's request line with the fixture's response line, and logs on stderr", async () => {
    const { server, stderr } = startServer();
    const reader = new LineReader(server.stdout);
    server.stdin.write(fixtureBytes('request'));
    expect(await reader.readLine(10_000)).toEqual(fixtureBytes('response'));
    const exit = await shutdown(server, PATIENT_MS);
    expect(exit).toEqual({ code: 0, signal: null, stoppedBy: 'eof' });
    expect(stderr()).toEqual(fixtureBytes('stderr'));
  });

  it('ends at EOF without writing anything when no request came', async () => {
    const { server, stderr } = startServer();
    const stdout: Buffer[] = [];
    server.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
    expect(await shutdown(server, PATIENT_MS)).toMatchObject({ code: 0, stoppedBy: 'eof' });
    expect(Buffer.concat(stdout).length).toBe(0);
    expect(stderr().length).toBe(0);
  });

  it('says on stderr, not stdout, that stdin ended inside a message', async () => {
    const { server, stderr } = startServer();
    const stdout: Buffer[] = [];
    server.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
    server.stdin.write(fixtureBytes('request').subarray(0, -1));
    expect(await shutdown(server, PATIENT_MS)).toMatchObject({ code: 1, stoppedBy: 'eof' });
    expect(stderr().toString()).toBe(
      `server: the stream ended inside a message: ${fixtureBytes('request').length - 1} bytes without a closing newline\n`,
    );
    expect(Buffer.concat(stdout).length).toBe(0);
  });

  it('stops on any other method, like the Python original, instead of answering a JSON-RPC error', async () => {
    const { server, stderr } = startServer();
    writeMessage(server, { jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} });
    const [code] = await once(server, 'exit');
    expect(code).toBe(1);
    expect(stderr().toString()).toBe('server: This demo only handles memo_list_memos\n');
  });
});

describe('the minimal client', () => {
  it('starts the server as `python3 memo_stdio_demo.py` starts it: the running Node on server.ts', async () => {
    const server = spawnServer({ stderr: 'pipe' });
    const file = srcPath('server.ts');
    // Node 22.18 and later run a .ts file themselves; an older Node (the kit's CI runs one) needs the launcher.
    const strips = 'typescript' in process.features && Boolean(process.features.typescript);
    expect(server.spawnargs).toEqual([process.execPath, ...(strips ? [file] : entryArgs(file))]);
    expect(await shutdown(server, PATIENT_MS)).toMatchObject({ code: 0, stoppedBy: 'eof' });
  });

  it('runs, as its servers do, on syntax Node can strip (no enum, no parameter property)', () => {
    // What `node server.ts` and `node client.ts` (the README's commands) need of every file they load:
    // TypeScript's erasableSyntaxOnly check, on the client, the servers it starts and everything they import,
    // the kit's packages included.
    const program = ts.createProgram([srcPath('client.ts'), srcPath('server.ts'), srcPath(FAULTY_SERVER)], {
      erasableSyntaxOnly: true,
      allowImportingTsExtensions: true,
      noEmit: true,
      noLib: true,
      types: [],
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
    });
    const files = program.getSourceFiles().filter((file) => !file.isDeclarationFile);
    const names = files.map((file) => file.fileName);
    expect(names).toContain(srcPath('line-reader.ts'));
    expect(names.some((name) => name.endsWith('/packages/terminal/src/width.ts'))).toBe(true);
    const notErasable = files
      .flatMap((file) => program.getSemanticDiagnostics(file))
      .filter((diagnostic) => diagnostic.code === 1294)
      .map(
        ({ file, start }) =>
          `${file?.fileName}:${(file?.getLineAndCharacterOfPosition(start ?? 0).line ?? 0) + 1}`,
      );
    expect(notErasable).toEqual([]);
  });

  it("writes the fixture's request line and prints the fixture's client output", async () => {
    const events: PipeEvent[] = [];
    const printed: string[] = [];
    let closed: Promise<unknown> = Promise.resolve();
    const response = await runClient({
      timeoutMs: PATIENT_MS,
      stderr: 'pipe',
      print: (line) => printed.push(`${line}\n`),
      onSpawn: (server) => {
        tracePipes(server, (event) => events.push(event));
        // The trace records the exit on 'close', after the pipes end; the client returns on 'exit', which can
        // come first on a busy machine.
        closed = once(server, 'close');
      },
    });
    await closed;
    expect(response.id).toBe(6);
    expect(printed.join('')).toBe(fixtureBytes('stdout').toString('utf8'));
    const bytesOn = (fd: number) =>
      Buffer.concat(
        events.flatMap((event) => (event.kind === 'bytes' && event.fd === fd ? [event.bytes] : [])),
      );
    expect(bytesOn(0)).toEqual(fixtureBytes('request'));
    expect(bytesOn(1)).toEqual(fixtureBytes('response'));
    expect(bytesOn(2)).toEqual(fixtureBytes('stderr'));
    // The client closes stdin before the server exits, and the server leaves on its own.
    const order = events.filter((event) => event.kind !== 'bytes').map((event) => JSON.stringify(event));
    expect(order.indexOf('{"kind":"eof","fd":0}')).toBeLessThan(
      order.indexOf('{"kind":"exit","code":0,"signal":null}'),
    );
  });

  it("shows exactly the article's terminal when run as a program", async () => {
    const { code, output } = await runScript('client.ts');
    expect(code).toBe(0);
    expect(output).toBe(fixtureBytes('terminal').toString('utf8'));
  });

  it('fails clearly when the server closes stdout before answering', async () => {
    await expect(runClient({ script: ODD_SERVER, args: ['exit-now'], print: () => {} })).rejects.toThrow(
      'Server closed stdout before sending a response',
    );
  });

  it('reports the closed stdout, not EPIPE, when the server stopped reading', async () => {
    const server = spawnServer({ script: ODD_SERVER, args: ['close-stdin'], stderr: 'pipe' });
    const reader = new LineReader(server.stdout);
    await once(server.stderr as NodeJS.ReadableStream, 'data');
    writeMessage(server, request);
    await expect(readResponse(reader, request.id, 5000)).rejects.toThrow(
      'Server closed stdout before sending a response',
    );
    await shutdown(server, PATIENT_MS);
  });

  it('fails clearly when the server leaves half a message', async () => {
    await expect(
      runClient({ script: ODD_SERVER, args: ['partial'], timeoutMs: PATIENT_MS, print: () => {} }),
    ).rejects.toThrow('Server closed stdout with an incomplete message');
  });

  it('rejects a response to another request', async () => {
    await expect(
      runClient({ script: ODD_SERVER, args: ['wrong-id'], timeoutMs: PATIENT_MS, print: () => {} }),
    ).rejects.toThrow('Unexpected response id');
  });

  it('gives up on a silent server after its timeout and leaves no process behind', async () => {
    let pid: number | undefined;
    const run = runClient({
      script: ODD_SERVER,
      args: ['silent'],
      timeoutMs: 300,
      print: () => {},
      onSpawn: (server) => {
        pid = server.pid;
      },
    });
    await expect(run).rejects.toThrow(ReadTimeoutError);
    expect(pid).toBeDefined();
    expect(isAlive(pid ?? 0)).toBe(false);
  });
});

describe('shutdown', () => {
  async function startOddServer(mode: string) {
    const server = spawnServer({ script: ODD_SERVER, args: [mode] });
    expect((await new LineReader(server.stdout).readLine(10_000)).toString()).toBe('ready\n');
    return server;
  }

  it('sends SIGTERM to a server that ignores EOF', async () => {
    const server = await startOddServer('ready');
    expect(await shutdown(server, 200)).toEqual({ code: null, signal: 'SIGTERM', stoppedBy: 'SIGTERM' });
  });

  it('sends SIGKILL to a server that also ignores SIGTERM', async () => {
    const server = await startOddServer('ignore-sigterm');
    expect(await shutdown(server, 200)).toEqual({ code: null, signal: 'SIGKILL', stoppedBy: 'SIGKILL' });
  });
});

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
