// `pnpm playground`: the docs site and `pnpm serve` in one command, wired to each other: the server's CORS
// list names exactly the docs' origin, and the printed page address carries the server's. The docs site is
// the built one (docs/.vitepress/dist) when it is newer than every source, served from this process at once;
// otherwise, or with --dev, VitePress's dev server, which takes seconds to half a minute to come up.
// Everything binds 127.0.0.1 (the page must come from loopback, the MCP endpoint's Origin guard stays on);
// Ctrl-C or SIGTERM stops all of it.
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { dirname, join, relative } from 'node:path';
import { cannotStart, paceOption, paceSetting } from '@memos-kit/memos-mcp/cli';
import { listenProblem, serveOptions, serveSettings } from '@memos-kit/memos-rest/cli';
import { closeOnSignals, startNode } from '@memos-kit/process';
import {
  type CommandSpec,
  command,
  type OptionSpecs,
  stopCause,
  table,
  UsageError,
  wrapText,
} from '@memos-kit/terminal';
import { playgroundWords } from './messages.ts';
import { dirOption, docsRoot, portFrom, serveSite, siteDir, siteState, userDir } from './site.ts';

const DOCS_HOST = '127.0.0.1';
const DOCS_PORT = 5173;
/** The server drains a paced call in flight (3 s at the article's pace) before it stops. */
const GRACE_MS = 4_000;
/** The built site as the banner names it: where `pnpm docs:build` leaves it, from the repository's root. */
const SITE_SHOWN = relative(join(docsRoot, '..'), siteDir).split('\\').join('/');

const options = {
  ...serveOptions,
  pace: paceOption('article'),
  'docs-port': {
    type: 'string',
    value: 'N',
    help: {
      zh: `文档站的端口（默认 ${DOCS_PORT}；0 表示任选一个空闲端口）`,
      en: `port of the docs site (default ${DOCS_PORT}; 0 picks a free one)`,
    },
  },
  ...dirOption,
  dev: {
    type: 'boolean',
    help: {
      zh: '总是启动 VitePress 开发服务器（改文档时页面即时刷新），即使已有构建好的站点',
      en: 'always start the VitePress dev server (pages reload as you edit the docs), even when a built site exists',
    },
  },
} as const satisfies OptionSpecs;

const playgroundCommand = {
  name: 'pnpm playground',
  summary: {
    zh: `启动 pnpm serve（MCP 2026-07-28 + REST）和文档站，并打开 /playground 页面需要的 CORS：在浏览器里编辑请求，看 REST 和 MCP 怎样回答。文档站用 pnpm docs:build 构建好的 ${SITE_SHOWN}，几秒钟就能打开；还没有构建、或者构建之后源文件又改过时，改为启动 VitePress 开发服务器（第一次可能要半分钟）。`,
    en: `Starts pnpm serve (MCP 2026-07-28 + REST) and the docs site, with the CORS the /playground page needs: edit requests in a browser and watch REST and MCP answer. The docs site is the one pnpm docs:build leaves in ${SITE_SHOWN}, up in a few seconds; when there is none, or a source changed after it was built, the VitePress dev server starts instead (up to half a minute the first time).`,
  },
  options,
  ctrlC: 'key',
} satisfies CommandSpec<typeof options>;

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

type Say = ReturnType<typeof playgroundWords.in>;

interface DocsSite {
  origin: string;
  /** Settles only if the site stops by itself (the dev server crashing), with how it ended. */
  ended: Promise<string>;
}

/** What has started so far, each with its stop: Ctrl-C at any moment stops exactly these. */
type Running = Array<() => Promise<unknown>>;

/** A built site, served from this process: ready as soon as it listens. */
async function builtSite(dir: string, port: number, say: Say, running: Running): Promise<DocsSite> {
  const site = await serveSite(dir, { port }).catch((error: unknown) => {
    throw new Error(
      say('docsFailed', { port, reason: error instanceof Error ? error.message : String(error) }),
    );
  });
  running.push(() => site.close());
  return { origin: site.url, ended: new Promise(() => {}) };
}

/** VitePress's dev server in a child process: ready once it prints its address. */
async function devSite(port: number, say: Say, running: Running): Promise<DocsSite> {
  // The docs first: with --docs-port 0 its port is known only once it listens, and the CORS list needs it.
  const wanted = port === 0 ? await freePort() : port;
  const vitepress = join(
    dirname(createRequire(import.meta.url).resolve('vitepress/package.json')),
    'bin',
    'vitepress.js',
  );
  const docs = startNode(
    [vitepress, 'dev', docsRoot, '--host', DOCS_HOST, '--port', String(wanted), '--strictPort'],
    { stdin: 'ignore', env: { FORCE_COLOR: '0', NO_COLOR: '1' } },
  );
  running.push(() => docs.stop());
  try {
    const ready = await docs.waitFor((text) => /Local:\s+http:\/\/\S+/.test(text.replace(ANSI, '')), {
      timeoutMs: 90_000,
    });
    const origin = new URL(/Local:\s+(http:\/\/\S+)/.exec(ready.replace(ANSI, ''))?.[1] ?? '').origin;
    return { origin, ended: docs.exited.then((exit) => exit.signal ?? String(exit.code)) };
  } catch (error) {
    await docs.stop();
    const reason = (docs.stderr().trim().split('\n').at(-1) ?? '') || (String(error).split('\n')[0] ?? '');
    throw new Error(say('docsFailed', { port: wanted, reason: reason.replace(ANSI, '') }));
  }
}

await command(playgroundCommand, async ({ values, lang, paint, width }) => {
  const say = playgroundWords.in(lang);
  // The playground always runs the built-in mock on loopback, with the REST server's own settings and a
  // pace; its CORS list is made from the docs' origin below.
  const settings = { ...serveSettings(values, lang), pace: paceSetting(values.pace, lang) };
  const port = portFrom(values['docs-port'], DOCS_PORT);
  if (port === null) throw new UsageError(say('badDocsPort', { value: String(values['docs-port']) }));
  if (values.dev && values.dir !== undefined) throw new UsageError(say('devOrDir'));

  const running: Running = [];
  let stopping = false;
  // From the first moment: a Ctrl-C while the dev server starts must stop it too, not leave it behind.
  // command() says "stopped" once everything is down.
  closeOnSignals(async (signal) => {
    stopping = true;
    process.stdout.write(`\n${say('stopping', { signal: stopCause(signal) })}\n`);
    await Promise.all(running.map((stop) => stop()));
  });
  /** Stopped by a signal while starting: closeOnSignals exits once everything is down. */
  const unlessStopping = async (error: unknown): Promise<never> => {
    if (stopping) await new Promise(() => {});
    throw error;
  };

  process.stdout.write(`${paint('bold', say('title'))}\n`);
  // One line per phase, before it starts, so a wait is never silent.
  const phase = (line: string) =>
    process.stdout.write(
      `${wrapText(line, width - 2, '  ')
        .map((part) => `  ${part}`)
        .join('\n')}\n`,
    );

  const state = values.dev || values.dir !== undefined ? null : siteState(siteDir);
  if (values.dir !== undefined) phase(say('siteDir', { dir: values.dir }));
  else if (state === null) phase(say('siteDev'));
  else if (state.state === 'fresh') phase(say('siteBuilt', { dir: SITE_SHOWN }));
  else if (state.state === 'missing') phase(say('siteMissing', { dir: SITE_SHOWN }));
  else phase(say('siteStale', { dir: SITE_SHOWN, file: state.newer }));
  const built = values.dir !== undefined || state?.state === 'fresh';
  phase(built ? say('waitBuilt') : say('waitDev'));
  const docs = await (built
    ? builtSite(values.dir === undefined ? siteDir : userDir(values.dir), port, say, running)
    : devSite(port, say, running)
  ).catch(unlessStopping);

  // A learner may type localhost instead of 127.0.0.1: both name this same page.
  const corsOrigins = [docs.origin, docs.origin.replace(DOCS_HOST, 'localhost')];
  phase(say('waitServer'));
  // Imported once the options are read: `--help` and `--version` need no server.
  const { startServer } = await import('@memos-kit/memos-mcp');
  const server = await startServer({
    ...settings,
    corsOrigins,
    log: (line) => process.stdout.write(`${paint('dim', new Date().toISOString().slice(11, 23))}  ${line}\n`),
  }).catch(async (error: unknown) => {
    await Promise.all(running.map((stop) => stop()));
    const problem = listenProblem(error, settings, lang);
    return unlessStopping(problem === error ? cannotStart(error, lang) : problem);
  });
  running.push(() => server.close({ graceMs: GRACE_MS }));

  // Unencoded: a URL is allowed in a query, and the address stays readable on a projector.
  const query = `?server=${server.url}`;
  // The site's own links end in .html (cleanUrls is off), and both ways of serving it answer them.
  const page = (prefix: string) => `${docs.origin}/${prefix}playground.html${query}`;
  const rows = [
    [say('page'), paint('cyan', page(lang === 'zh' ? '' : 'en/'))],
    [say('pageEn'), paint('dim', page(lang === 'zh' ? 'en/' : ''))],
    [
      say('server'),
      `${paint('cyan', server.url)}  ${paint('dim', `(${settings.dataset}, pace ${settings.pace})`)}`,
    ],
    [say('cors'), corsOrigins.join('  ')],
  ];
  process.stdout.write(
    `\n${[...table(rows).map((line) => `  ${line}`), '', `  ${say('openHint')}`, `  ${paint('dim', say('stop'))}`].join('\n')}\n`,
  );

  // The docs server dying on its own (a broken theme, say) leaves a page that cannot load: stop the rest too.
  const exit = await docs.ended;
  if (!stopping) {
    process.stderr.write(`${say('docsExited', { exit })}\n`);
    await server.close();
    return 1;
  }
  // Stopped by a signal: closeOnSignals exits once both are down.
  return undefined;
});
