// `pnpm mcp:stdio`: the Memos tools over MCP stdio. stdout is the MCP channel: only `--help` and
// `--version` (which end the process before it serves) print there; everything else a person reads goes to
// stderr.
import { sampleToken } from '@memos-kit/memos-rest/cli';
import { DEFAULT_DATASET } from '@memos-kit/memos-rest/light';
import { closeOnSignals } from '@memos-kit/process';
import { command } from '@memos-kit/terminal';
import type { Adapter } from './app.ts';
import {
  adapterSettings,
  allOperationsWarning,
  cannotStart,
  cliWords,
  contractLine,
  stdioCommand,
} from './cli-options.ts';

/** How long calls in flight get on Ctrl-C or SIGTERM, as `pnpm serve` gives them. */
const GRACE_MS = 4_000;

// The log prefix tells these lines from a host's own when both write to one terminal.
const writeLog = (line: string) => process.stderr.write(`memos-mcp: ${line}\n`);

await command(stdioCommand, async ({ values, lang }) => {
  // The SDK and the server load once the options are read: --help, --version and a wrong option never wait on them.
  const [
    { serveStdio },
    { createMcpServer, describeMcpServer },
    { LineTransport },
    { startAfterFirstAnswer },
  ] = await Promise.all([
    import('@modelcontextprotocol/server/stdio'),
    import('./mcp/create-server.ts'),
    import('./stdio/line-transport.ts'),
    import('./stdio/start-after-first-answer.ts'),
  ]);
  const log = values.quiet ? () => {} : writeLog;
  const say = cliWords.in(lang);
  const settings = adapterSettings(values, lang);
  const { memosUrl, pace, profile } = settings;
  const dataset = values.dataset ?? DEFAULT_DATASET;
  // stdio has no HTTP headers: the credential comes from the environment, as the spec says it should.
  const given = values.token ?? process.env.MEMOS_TOKEN;
  // The REST mock, Express and the catalog builder load only here, when the adapter is made.
  const makeAdapter = async () =>
    (await import('./app.ts')).createAdapter({
      ...settings,
      dataset,
      log,
      ...(given === undefined ? {} : { probeAuthorization: `Bearer ${given}` }),
    });
  // Without one, the in-process mock's own data says which token its host signs in with.
  const tokenOf = (adapter: Adapter) => given ?? sampleToken(adapter.store?.users ?? []);
  const record = values.record;
  // A recording masks the token the adapter settles on, so with --record the adapter is made first.
  const recorded = record === undefined ? undefined : makeAdapter();
  const pipes =
    record === undefined
      ? { input: process.stdin, output: process.stdout }
      : // Loaded only when asked for: a start without --record loads no recorder.
        (await import('./record.ts')).recordStdio(
          record,
          await recorded?.then(tokenOf).catch(() => given),
          'pnpm mcp:stdio --record',
        );
  if (record !== undefined) log(say('recording', { file: record }));
  const transport = new LineTransport(pipes.input, pipes.output);
  // Calls in flight get their answers before command() says it stopped.
  closeOnSignals(() => transport.drain(GRACE_MS));
  const onerror = (error: Error) => log(`error: ${error.message.split('\n')[0]}`);
  // A missing dataset, an unreachable --memos-url, a document without Memos' operations: one line a person
  // can act on, not a stack trace, and the process ends instead of serving tools it does not have.
  const adapter = await (
    recorded ?? startAfterFirstAnswer(transport, () => describeMcpServer({ profile }), makeAdapter, onerror)
  ).catch(async (error: unknown) => {
    await transport.close();
    process.stdin.destroy();
    throw cannotStart(error, lang);
  });
  const token = tokenOf(adapter);
  const caller = { authorization: token === undefined ? undefined : `Bearer ${token}` };
  const { runner, memoEvents } = adapter;
  const server = () => createMcpServer({ runner, log, pace, profile, memoEvents }, caller);
  serveStdio(server, { transport, onerror });
  // What came while the adapter was being made is served now, in order.
  transport.release();
  if (token === undefined) log(say('anonymous'));
  if (memosUrl) {
    log(`${say('contract')}: ${contractLine(adapter.contract, lang)}`);
    if (adapter.upstreamUser) log(say('signedInAs', { url: memosUrl, user: adapter.upstreamUser }));
    else log(say(token === undefined ? 'upstreamAnonymous' : 'tokenRejected', { url: memosUrl }));
  }
  if (settings.allOperations) {
    const { toolsBeyondAllowlist } = await import('./catalog/index.ts');
    log(allOperationsWarning(toolsBeyondAllowlist(adapter.catalog), lang));
  }
  const source = memosUrl ? say('restAt', { url: memosUrl }) : say('datasetNamed', { name: dataset });
  log(say('serving', { count: adapter.catalog.length, source }));
});
