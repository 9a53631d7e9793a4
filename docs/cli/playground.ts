// `pnpm playground`: the docs site's dev server and `pnpm serve` in one command, wired to each other: the
// server's CORS list names exactly the docs' origin, and the printed page address carries the server's.
// Both bind 127.0.0.1 (the page must come from loopback, the MCP endpoint's Origin guard stays on);
// Ctrl-C or SIGTERM stops both.
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cannotStart, paceSetting, serveCommand } from '@memos-kit/memos-mcp/cli';
import { bannerWords, listenProblem, serveOptions, serveSettings } from '@memos-kit/memos-rest/cli';
import { closeOnSignals, startNode } from '@memos-kit/process';
import { type CommandSpec, command, type OptionSpecs, table, UsageError } from '@memos-kit/terminal';
import { playgroundWords } from './messages.ts';

const DOCS_HOST = '127.0.0.1';
const DOCS_PORT = 5173;
/** The server drains a paced call in flight (3 s at the article's pace) before it stops. */
const GRACE_MS = 4_000;
const docsRoot = fileURLToPath(new URL('..', import.meta.url));

const options = {
  ...serveOptions,
  pace: serveCommand.options.pace,
  'docs-port': {
    type: 'string',
    value: 'N',
    help: {
      zh: `文档站的端口（默认 ${DOCS_PORT}；0 表示任选一个空闲端口）`,
      en: `port of the docs site (default ${DOCS_PORT}; 0 picks a free one)`,
    },
  },
} as const satisfies OptionSpecs;

const playgroundCommand = {
  name: 'pnpm playground',
  summary: {
    zh: '启动 pnpm serve（MCP 2026-07-28 + REST）和文档站，并打开 /playground 页面需要的 CORS：在浏览器里编辑请求，看 REST 和 MCP 怎样回答。默认节奏 article（SSE 事件在第 1 秒和第 3 秒到达）。',
    en: 'Starts pnpm serve (MCP 2026-07-28 + REST) and the docs site, with the CORS the /playground page needs: edit requests in a browser and watch REST and MCP answer. The pace defaults to article (SSE events at 1 s and 3 s).',
  },
  options,
} satisfies CommandSpec<typeof options>;

function docsPort(value: string | undefined, lang: 'zh' | 'en'): number {
  const port = Number(value ?? DOCS_PORT);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new UsageError(playgroundWords.t(lang, 'badDocsPort', { value: String(value) }));
  return port;
}

/** A port free right now: Vite reads `--port 0` as its default port, not as "any free one". */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, DOCS_HOST, () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

const ANSI = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');

await command(playgroundCommand, async ({ values, lang, paint }) => {
  const say = playgroundWords.in(lang);
  // The playground always runs the built-in mock on loopback, with the REST server's own settings and a
  // pace; its CORS list is made from the docs' origin below.
  const settings = {
    ...serveSettings(values, lang),
    pace: paceSetting(values.pace ?? 'article', lang),
  };
  const askedPort = docsPort(values['docs-port'], lang);
  const wantedDocsPort = askedPort === 0 ? await freePort() : askedPort;
  process.stdout.write(`${paint('bold', say('title'))}\n${paint('dim', say('startingDocs'))}\n`);

  // The docs first: with --docs-port 0 its port is known only once it listens, and the CORS list needs it.
  const vitepress = join(
    dirname(createRequire(import.meta.url).resolve('vitepress/package.json')),
    'bin',
    'vitepress.js',
  );
  const docs = startNode(
    [vitepress, 'dev', docsRoot, '--host', DOCS_HOST, '--port', String(wantedDocsPort), '--strictPort'],
    { stdin: 'ignore', env: { FORCE_COLOR: '0', NO_COLOR: '1' } },
  );
  let docsUrl: string;
  try {
    const ready = await docs.waitFor((text) => /Local:\s+http:\/\/\S+/.test(text.replace(ANSI, '')), {
      timeoutMs: 60_000,
    });
    docsUrl = new URL(/Local:\s+(http:\/\/\S+)/.exec(ready.replace(ANSI, ''))?.[1] ?? '').origin;
  } catch (error) {
    await docs.stop();
    const reason = (docs.stderr().trim().split('\n').at(-1) ?? '') || (String(error).split('\n')[0] ?? '');
    throw new Error(say('docsFailed', { port: wantedDocsPort, reason: reason.replace(ANSI, '') }));
  }
  // A learner may type localhost instead of 127.0.0.1: both name this same page.
  const corsOrigins = [docsUrl, docsUrl.replace(DOCS_HOST, 'localhost')];
  // Imported once the options are read: `--help` and `--version` need no server.
  const { startServer } = await import('@memos-kit/memos-mcp');
  const server = await startServer({
    ...settings,
    corsOrigins,
    log: (line) => process.stdout.write(`${paint('dim', new Date().toISOString().slice(11, 23))}  ${line}\n`),
  }).catch(async (error: unknown) => {
    await docs.stop();
    const problem = listenProblem(error, settings, lang);
    throw problem === error ? cannotStart(error, lang) : problem;
  });

  // Unencoded: a URL is allowed in a query, and the address stays readable on a projector.
  const query = `?server=${server.url}`;
  const rows = [
    [say('page'), paint('cyan', `${docsUrl}/${lang === 'zh' ? '' : 'en/'}playground${query}`)],
    [say('pageEn'), paint('dim', `${docsUrl}/${lang === 'zh' ? 'en/' : ''}playground${query}`)],
    [
      say('server'),
      `${paint('cyan', server.url)}  ${paint('dim', `(${settings.dataset}, pace ${settings.pace})`)}`,
    ],
    [say('cors'), corsOrigins.join('  ')],
  ];
  process.stdout.write(
    `${[...table(rows).map((line) => `  ${line}`), '', `  ${say('openHint')}`, `  ${paint('dim', say('stop'))}`].join('\n')}\n`,
  );

  const rest = bannerWords(lang);
  let stopping = false;
  const stopAll = async (signal: string) => {
    stopping = true;
    process.stdout.write(`\n${say('stopping', { signal })}\n`);
    await Promise.all([docs.stop(), server.close({ graceMs: GRACE_MS })]);
    process.stdout.write(`${rest('stopped')}\n`);
  };
  closeOnSignals(stopAll);
  // The docs server dying on its own (a broken theme, say) leaves a page that cannot load: stop the rest too.
  const exit = await docs.exited;
  if (!stopping) {
    process.stderr.write(`${say('docsExited', { exit: exit.signal ?? String(exit.code) })}\n`);
    await server.close();
    return 1;
  }
  // Stopped by a signal: closeOnSignals exits once both are down.
  return undefined;
});
