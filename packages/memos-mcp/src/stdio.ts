// `pnpm mcp:stdio`: the Memos tools over MCP stdio. stdout is the MCP channel: only `--help` and
// `--version` (which end the process before it serves) print there; everything else a person reads goes to
// stderr.
import { DEFAULT_DATASET } from '@memos-kit/memos-rest';
import { sampleToken } from '@memos-kit/memos-rest/cli';
import { command } from '@memos-kit/terminal';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { createAdapter } from './app.ts';
import { toolsBeyondAllowlist } from './catalog/index.ts';
import {
  adapterSettings,
  allOperationsWarning,
  cannotStart,
  cliWords,
  contractLine,
  stdioCommand,
} from './cli-options.ts';
import { createMcpServer } from './mcp/create-server.ts';
import { LineTransport } from './stdio/line-transport.ts';

// The log prefix tells these lines from a host's own when both write to one terminal.
const writeLog = (line: string) => process.stderr.write(`memos-mcp: ${line}\n`);

await command(stdioCommand, async ({ values, lang }) => {
  const log = values.quiet ? () => {} : writeLog;
  const say = cliWords.in(lang);
  const settings = adapterSettings(values, lang);
  const { memosUrl, pace, profile } = settings;
  const dataset = values.dataset ?? DEFAULT_DATASET;
  // stdio has no HTTP headers: the credential comes from the environment, as the spec says it should.
  const given = values.token ?? process.env.MEMOS_TOKEN;
  // A missing dataset, an unreachable --memos-url, a document without Memos' operations: one line a person
  // can act on, not a stack trace.
  const adapter = await createAdapter({
    ...settings,
    dataset,
    log,
    ...(given === undefined ? {} : { probeAuthorization: `Bearer ${given}` }),
  }).catch((error: unknown) => {
    throw cannotStart(error, lang);
  });
  // Without one, the in-process mock's own data says which token its host signs in with.
  const token = given ?? sampleToken(adapter.store?.users ?? []);
  if (token === undefined) log(say('anonymous'));
  if (memosUrl) {
    log(`${say('contract')}: ${contractLine(adapter.contract, lang)}`);
    if (adapter.upstreamUser) log(say('signedInAs', { url: memosUrl, user: adapter.upstreamUser }));
    else log(say(token === undefined ? 'upstreamAnonymous' : 'tokenRejected', { url: memosUrl }));
  }
  if (settings.allOperations) log(allOperationsWarning(toolsBeyondAllowlist(adapter.catalog), lang));
  const record = values.record;
  const pipes =
    record === undefined
      ? { input: process.stdin, output: process.stdout }
      : // Loaded only when asked for, so a plain start stays as quick as before.
        (await import('./record.ts')).recordStdio(record, token, 'pnpm mcp:stdio --record');
  if (record !== undefined) log(say('recording', { file: record }));
  const transport = new LineTransport(pipes.input, pipes.output);
  serveStdio(
    () =>
      createMcpServer(
        {
          runner: adapter.runner,
          log,
          pace,
          profile,
          ...(adapter.memoEvents ? { memoEvents: adapter.memoEvents } : {}),
        },
        { authorization: token === undefined ? undefined : `Bearer ${token}` },
      ),
    {
      transport,
      onerror: (error) => log(`error: ${error.message.split('\n')[0]}`),
    },
  );
  const source = memosUrl ? say('restAt', { url: memosUrl }) : say('datasetNamed', { name: dataset });
  log(say('serving', { count: adapter.catalog.length, source }));
});
