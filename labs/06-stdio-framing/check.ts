// Lab 6: the learner's server is started the way a host starts one (Node, two pipes, stderr apart), sent the
// article's stdio request while its stdin stays open, and read line by line, as the article's client reads.
import { pathToFileURL } from 'node:url';
import { escapeBytes } from '@memos-kit/demo-sse';
import {
  LineReader,
  ReadTimeoutError,
  type ServerProcess,
  shutdown,
  spawnServer,
  writeMessage,
} from '@memos-kit/demo-stdio';
import { compareJson, loadFixture } from '@memos-kit/wire';
import { absent, type CheckContext, fail, type LabCheck } from '../src/check.ts';
import { ownImports } from '../src/own-code.ts';

const fixture = loadFixture('stdio-tools-call');
const request: unknown = JSON.parse(fixture.text('request'));
const article: unknown = JSON.parse(fixture.text('response'));
/**
 * How long the first line may take while stdin stays open; a server that only writes at EOF never sends
 * one, however long we wait. The window also covers the server's start: Node, and the launcher bundling the
 * learner's edited file first. On a busy machine (a CI run, a classroom laptop) that alone took over 4 s,
 * and a correct server then failed every check.
 */
const ANSWER_MS = 10_000;
/**
 * After stdin closes: each further line, then each step of the shutdown (EOF, SIGTERM, SIGKILL), then the
 * last bytes once it is stopped. The server is running by then. A server that says nothing and ignores EOF
 * and SIGTERM takes 10 + 3 + 3 × 2 + 0.5 = 19.5 s, under the runner's 20 s a check.
 */
const AFTER_EOF_MS = 3_000;
const EXIT_STEP_MS = 2_000;
const LAST_BYTES_MS = 500;

interface Session {
  /** The first line that came back while stdin was open, or why none did. */
  line?: Buffer;
  /** What arrived after stdin closed, for a server that held its answer until then. */
  afterEof: Buffer;
  stderr: string;
  stoppedBy: string;
}

const sessions = new WeakMap<CheckContext, Promise<Session>>();

function session(context: CheckContext): Promise<Session> {
  let running = sessions.get(context);
  if (!running) {
    running = talk(context);
    sessions.set(context, running);
  }
  return running;
}

async function talk(context: CheckContext): Promise<Session> {
  const server: ServerProcess = spawnServer({
    script: pathToFileURL(context.file('server.ts')).href,
    stderr: 'pipe',
  });
  let stderr = '';
  server.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  const reader = new LineReader(server.stdout);
  const result: Session = { afterEof: Buffer.alloc(0), stderr: '', stoppedBy: '' };
  try {
    writeMessage(server, request);
    result.line = await reader.readLine(ANSWER_MS);
  } catch {
    // No line in time: the checks below say so, with what arrived only after EOF.
  }
  server.stdin.end();
  const rest: Buffer[] = [];
  const drain = async (ms: number) => {
    try {
      for (let line = await reader.readLine(ms); line.length > 0; line = await reader.readLine(ms))
        rest.push(line);
    } catch (error) {
      // Quiet with stdout still open: a server that outlives its stdin, which the last check reports.
      if (!(error instanceof ReadTimeoutError)) throw error;
    }
  };
  await drain(AFTER_EOF_MS);
  result.stoppedBy = (await shutdown(server, EXIT_STEP_MS)).stoppedBy;
  // Stopped, its stdout ends: what it still held (a line it never finished) comes out now.
  await drain(LAST_BYTES_MS);
  result.afterEof = Buffer.concat(rest);
  result.stderr = stderr;
  return result;
}

const show = (bytes: Buffer) =>
  bytes.length === 0 ? absent('Nothing') : escapeBytes(bytes).replaceAll('\\n', '\\n\n');

export const checks: LabCheck[] = [
  {
    id: 'answersBeforeEof',
    topic: 'flush',
    run: async (context) => {
      const { line, afterEof } = await session(context);
      if (!line || line.length === 0)
        fail('noAnswer', {
          vars: { ms: ANSWER_MS },
          expected: '{"jsonrpc":"2.0","id":6,"result":{…}}\\n',
          got: afterEof.length > 0 ? `${absent('OnlyAfterEof')} ${show(afterEof)}` : absent('Nothing'),
        });
    },
  },
  {
    id: 'stdoutIsProtocol',
    topic: 'lines',
    run: async (context) => {
      const line = (await session(context)).line as Buffer;
      if (line[0] !== 0x7b) fail('notMessage', { expected: '{"jsonrpc":"2.0",…}\\n', got: show(line) });
    },
  },
  {
    id: 'oneLinePerMessage',
    topic: 'lines',
    run: async (context) => {
      const { line, afterEof } = await session(context);
      try {
        JSON.parse((line as Buffer).toString('utf8'));
      } catch {
        fail('notOneLine', {
          expected: '{"jsonrpc":"2.0","id":6,"result":{…}}\\n',
          got: show(Buffer.concat([line as Buffer, afterEof])),
        });
      }
    },
  },
  {
    id: 'articleResponse',
    topic: 'lines',
    run: async (context) => {
      const line = (await session(context)).line as Buffer;
      const differences = compareJson(JSON.parse(line.toString('utf8')), article, 'exact');
      if (differences.length > 0) fail('differs', { expected: fixture.text('response'), got: show(line) });
    },
  },
  {
    id: 'logOnStderr',
    topic: 'lines',
    run: async (context) => {
      const { stderr, afterEof } = await session(context);
      if (afterEof.length > 0)
        fail('extraOutput', { expected: absent('NothingMoreOnStdout'), got: show(afterEof) });
      if (!stderr.includes('received'))
        fail('noLog', { expected: 'server: received tools/call', got: stderr || absent('NothingOnStderr') });
    },
  },
  {
    id: 'exitsOnEof',
    topic: 'flush',
    run: async (context) => {
      const { stoppedBy } = await session(context);
      if (stoppedBy !== 'eof')
        fail('noExit', {
          expected: context.text('stoppedByEof'),
          got: context.text(stoppedBy === 'SIGTERM' ? 'stoppedBySigterm' : 'stoppedBySigkill'),
        });
    },
  },
  // Last: a file that hands over the kit's own implementation would pass every check above; here it fails.
  ownImports,
];
