// `pnpm serve`: the mock Memos REST API and its MCP adapter, on 127.0.0.1:5230.
import { bannerWords, datasetCounts, listenProblem, tokenTable, tryRequest } from '@memos-kit/memos-rest/cli';
import { closeOnSignals } from '@memos-kit/process';
import { command, type Lang, type Paint, stopCause, table, wrapText } from '@memos-kit/terminal';
import { KIT_OVERLAID_OPERATIONS } from './catalog/kit-descriptions.ts';
import {
  allOperationsWarning,
  type CliOptions,
  cannotStart,
  cliOptions,
  cliWords,
  contractLine,
  hostNotHere,
  lanAddresses,
  paceRow,
  serveCommand,
} from './cli-options.ts';
import type { RunningAdapter } from './index.ts';
import { batchedLog } from './server-log.ts';

/** Long enough for a call in flight to finish (the article's pace answers at 3 s), short enough to feel like a stop. */
const GRACE_MS = 4_000;

function banner(server: RunningAdapter, options: CliOptions, paint: Paint, lang: Lang): string {
  const say = cliWords.in(lang);
  const rest = bannerWords(lang);
  const restUrl = options.memosUrl ? `${options.memosUrl.replace(/\/$/, '')}/api/v1` : `${server.url}/api/v1`;
  const mcpUrl = options.publicUrl ? `${options.publicUrl.replace(/\/$/, '')}/mcp` : server.mcpUrl;
  const endpoints = [
    ['REST API', `${paint('cyan', restUrl)}${options.memosUrl ? `  ${paint('dim', say('remote'))}` : ''}`],
    // A real Memos serves no OpenAPI route: say which contract the tools come from instead.
    options.memosUrl
      ? [say('contract'), contractLine(server.contract, lang)]
      : ['OpenAPI', paint('cyan', `${restUrl}/openapi.json`)],
    [
      'MCP',
      `${paint('cyan', `POST ${mcpUrl}`)}  ${paint('dim', say('tools', { count: server.tools.length }))}`,
    ],
    ...lanRows(server, paint, say('lan')),
    ...(server.oauth
      ? [['OAuth', `${paint('cyan', server.oauth.issuer)}  ${paint('dim', say('oauthIssuer'))}`]]
      : []),
  ];
  const settings = [
    options.memosUrl
      ? ['', say(server.oauth ? 'forwardsOwn' : 'forwards', { url: paint('bold', options.memosUrl) })]
      : [
          rest('dataset'),
          `${paint('bold', options.dataset)}${server.store ? `: ${datasetCounts(server.store, lang)}` : ''}`,
        ],
    [
      say('profile'),
      `${paint('bold', options.profile)}${paint('dim', say(options.profile === 'full' ? 'profileFull' : 'profileArticle'))}`,
    ],
    paceRow(options.pace, paint, lang),
    [say('errorText'), say(options.errorText === 'article' ? 'errorTextArticle' : 'errorTextMemos')],
    [
      say('descriptions'),
      options.descriptions === 'kit'
        ? say('descriptionsKit', { count: KIT_OVERLAID_OPERATIONS.length })
        : say('descriptionsMemos'),
    ],
    ...(options.allowedHosts.length > 0 || options.publicUrl
      ? [[say('allowedHosts'), server.allowedHostnames.join(', ')]]
      : []),
    ...(options.corsOrigins.length > 0 ? [[say('cors'), options.corsOrigins.join('  ')]] : []),
  ];
  return [
    rest('listening', { title: paint('bold', say('title')), url: paint('cyan', server.url) }),
    ...table(endpoints).map((line) => `  ${line}`),
    '',
    ...table(settings).map((line) => `  ${line}`.trimEnd()),
    ...(server.users.length > 0
      ? ['', `  ${say(server.oauth ? 'restTokens' : 'tokens')}`, ...tokenTable(server.users, paint, lang)]
      : []),
    '',
    `  ${rest('try')}`,
    `    ${tryRequest(restUrl, server.users)}`,
    `    ${paint('dim', say('indexHint', { url: `${server.url}/` }))}`,
    `  ${paint('dim', rest('stop'))}`,
  ].join('\n');
}

/** Bound to every interface, the addresses students can use instead of 0.0.0.0, which is nobody's. */
function lanRows(server: RunningAdapter, paint: Paint, hint: string): string[][] {
  const url = new URL(server.url);
  if (url.hostname !== '0.0.0.0' && url.hostname !== '[::]') return [];
  const addresses = lanAddresses().map((address) => `http://${address}:${url.port}`);
  if (addresses.length === 0) return [];
  return [['LAN', `${addresses.map((address) => paint('cyan', address)).join('  ')}  ${paint('dim', hint)}`]];
}

/** After the banner: the allowlist, or the loud warning that it is off, and what the upstream said. */
function startNotes(server: RunningAdapter, options: CliOptions, lang: Lang): string[] {
  const say = cliWords.in(lang);
  const notes: string[] = [];
  if (options.memosUrl) {
    notes.push(say('upstreamAnonymous', { url: options.memosUrl }));
    notes.push(say('allowlist', { count: server.tools.length - server.beyondAllowlist.length }));
  }
  if (options.allOperations) notes.push(allOperationsWarning(server.beyondAllowlist, lang));
  if (server.oauth) {
    const { resource, metadataUrl: metadata, users, password, otherResources } = server.oauth;
    notes.push(say('oauthResource', { resource, metadata }));
    if (otherResources.length > 0)
      notes.push(say('oauthOtherResources', { resources: otherResources.join(', ') }));
    notes.push(say('oauthUsers', { users: users.join(', '), password }));
    notes.push(say('oauthUpstream'));
  }
  return notes;
}

await command(serveCommand, async ({ values, lang, paint, width }) => {
  const options = cliOptions(values, lang);
  // The server, Express and the SDK load once the options are read: --help, --version and a wrong option
  // never wait on them.
  const { allowedHostnamesFor, startServer } = await import('./index.ts');
  const time = () => new Date().toISOString().slice(11, 23);
  // Each line carries the moment of its call; lines are written in batches (see server-log.ts), and
  // whatever else goes to stdout is written after the lines waiting before it.
  const calls = batchedLog(process.stdout);
  process.once('exit', calls.flush);
  const log = (line: string) => calls.line(`${paint('dim', time())}  ${line}`);
  const record = values.record;
  if (values.class !== undefined) {
    const { runClass } = await import('./class/run.ts');
    return runClass({ values, options, lang, paint, log });
  }
  // Recording: the server moves to a private loopback port and the recorder takes the one asked for,
  // accepting the Host names the server would have accepted there.
  const behind = { host: '127.0.0.1', port: 0, allowedHostnames: allowedHostnamesFor(options.host) };
  // With OAuth the resource is where clients connect: the recorder's port when it stands in front.
  const oauth = options.oauth && {
    ...options.oauth,
    lang,
    ...(record === undefined ? {} : { origin: `http://${options.host}:${options.port}` }),
  };
  const server = await startServer({
    ...options,
    log,
    ...(record === undefined ? {} : behind),
    ...(oauth ? { oauth } : {}),
  })
    .then((started) =>
      record === undefined
        ? started
        : // Loaded only when asked for: a start without --record loads no recorder.
          import('./record.ts').then(({ recordInFront }) =>
            recordInFront(started, options, record, 'pnpm serve --record'),
          ),
    )
    .catch((error: unknown) => {
      const problem = hostNotHere(error, options.host, lang) ?? listenProblem(error, options, lang);
      throw problem === error ? cannotStart(error, lang) : problem;
    });
  calls.flush();
  process.stdout.write(`${banner(server, options, paint, lang)}\n`);
  for (const note of startNotes(server, options, lang))
    for (const line of wrapText(note, width)) process.stdout.write(`${line}\n`);
  if (record !== undefined)
    process.stdout.write(`  ${paint('dim', cliWords.t(lang, 'recording', { file: record }))}\n`);
  const rest = bannerWords(lang);
  // command() says "stopped" once this is done.
  closeOnSignals(async (signal) => {
    calls.flush();
    process.stdout.write(`\n${rest('stopping', { signal: stopCause(signal), seconds: GRACE_MS / 1000 })}\n`);
    await server.close({ graceMs: GRACE_MS });
    calls.flush();
  });
});
