// `pnpm mcp:stdio`: the Memos tools over MCP stdio. stdout is the MCP channel: only `--help` and
// `--version` (which end the process before it serves) print there; everything else a person reads goes to
// stderr.
import { setTimeout as delay } from 'node:timers/promises';
import { sampleToken } from '@memos-kit/memos-rest/cli';
import { DEFAULT_DATASET } from '@memos-kit/memos-rest/light';
import { closeOnSignals } from '@memos-kit/process';
import { command } from '@memos-kit/terminal';
import {
  adapterSettings,
  allOperationsWarning,
  cannotStart,
  cliWords,
  contractLine,
  stdioCommand,
} from './cli-options.ts';

/** How long a request waiting on stdin at the spawn has to be answered before the adapter is made. */
const STARTUP_GRACE_MS = 100;
/** How long calls in flight get on Ctrl-C or SIGTERM, as `pnpm serve` gives them. */
const GRACE_MS = 4_000;

// The log prefix tells these lines from a host's own when both write to one terminal.
const writeLog = (line: string) => process.stderr.write(`memos-mcp: ${line}\n`);

await command(stdioCommand, async ({ values, lang }) => {
  // The SDK and the server load once the options are read: --help, --version and a wrong option never wait on them.
  const [{ serveStdio }, { createMcpServer }, { LineTransport }] = await Promise.all([
    import('@modelcontextprotocol/server/stdio'),
    import('./mcp/create-server.ts'),
    import('./stdio/line-transport.ts'),
  ]);
  const log = values.quiet ? () => {} : writeLog;
  const say = cliWords.in(lang);
  const settings = adapterSettings(values, lang);
  const { memosUrl, pace, profile } = settings;
  const dataset = values.dataset ?? DEFAULT_DATASET;
  // stdio has no HTTP headers: the credential comes from the environment, as the spec says it should.
  const given = values.token ?? process.env.MEMOS_TOKEN;
  // Serving starts before the adapter (the REST mock, its dataset, the catalog from the OpenAPI document)
  // is made: a host's first request is `server/discover`, which needs none of it, and hosts give that
  // answer a deadline counted from the spawn (@ai-sdk/mcp: 1 s, then it falls back to the 2025 era).
  // Making the adapter holds this thread for a while, so it starts once the first answer is out, or
  // after STARTUP_GRACE_MS when no request came (a person typing); tool requests wait for it.
  // The full profile registers resources and prompts with the adapter's runner and memo events when its
  // server is made, and a recording masks the token the adapter settles on, so there the adapter comes first.
  const record = values.record;
  const eager = profile === 'full' || record !== undefined;
  // Imported here, not at the top: the REST mock, Express and the catalog builder are not even loaded
  // before the first answer is out.
  const makeAdapter = async () =>
    (await import('./app.ts')).createAdapter({
      ...settings,
      dataset,
      log,
      ...(given === undefined ? {} : { probeAuthorization: `Bearer ${given}` }),
    });
  const eagerAdapter = eager ? makeAdapter() : undefined;
  const pipes =
    record === undefined
      ? { input: process.stdin, output: process.stdout }
      : // Loaded only when asked for, so a plain start stays as quick as before.
        (await import('./record.ts')).recordStdio(
          record,
          await eagerAdapter
            ?.then((ready) => given ?? sampleToken(ready.store?.users ?? []))
            .catch(() => given),
          'pnpm mcp:stdio --record',
        );
  if (record !== undefined) log(say('recording', { file: record }));
  const transport = new LineTransport(pipes.input, pipes.output);
  // Calls in flight get their answers before command() says it stopped.
  closeOnSignals(() => transport.drain(GRACE_MS));
  const adapter =
    eagerAdapter ?? Promise.race([transport.firstSent, delay(STARTUP_GRACE_MS)]).then(makeAdapter);
  // Without one, the in-process mock's own data says which token its host signs in with.
  const token = adapter.then((ready) => given ?? sampleToken(ready.store?.users ?? []));
  const caller = token.then((value) => ({
    authorization: value === undefined ? undefined : `Bearer ${value}`,
  }));
  const runner = adapter.then((ready) => ready.runner);
  // Failures are reported once, below; these keep a promise nobody awaited yet from counting as unhandled.
  for (const promise of [token, caller, runner]) promise.catch(() => {});
  const early = eager ? await Promise.all([adapter, caller]).catch(() => undefined) : undefined;
  const served = serveStdio(
    () =>
      createMcpServer(
        {
          runner: early?.[0].runner ?? runner,
          log,
          pace,
          profile,
          ...(early?.[0].memoEvents ? { memoEvents: early[0].memoEvents } : {}),
        },
        early?.[1] ?? caller,
      ),
    {
      transport,
      onerror: (error) => log(`error: ${error.message.split('\n')[0]}`),
    },
  );
  // A missing dataset, an unreachable --memos-url, a document without Memos' operations: one line a person
  // can act on, not a stack trace, and the process ends instead of serving tools it does not have.
  const ready = await adapter.catch(async (error: unknown) => {
    await served.close();
    process.stdin.destroy();
    throw cannotStart(error, lang);
  });
  const signedIn = await token;
  if (signedIn === undefined) log(say('anonymous'));
  if (memosUrl) {
    log(`${say('contract')}: ${contractLine(ready.contract, lang)}`);
    if (ready.upstreamUser) log(say('signedInAs', { url: memosUrl, user: ready.upstreamUser }));
    else log(say(signedIn === undefined ? 'upstreamAnonymous' : 'tokenRejected', { url: memosUrl }));
  }
  if (settings.allOperations) {
    const { toolsBeyondAllowlist } = await import('./catalog/index.ts');
    log(allOperationsWarning(toolsBeyondAllowlist(ready.catalog), lang));
  }
  const source = memosUrl ? say('restAt', { url: memosUrl }) : say('datasetNamed', { name: dataset });
  log(say('serving', { count: ready.catalog.length, source }));
});
