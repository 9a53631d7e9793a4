import type { PaceTimeline } from '@memos-kit/memos-mcp';
import { type Paint, padToWidth, stringWidth, wrapText } from '@memos-kit/terminal';
import { type ArticleRequest, loadArticleRequest } from '../article-request.ts';
import { asProgress, eventLabel, responseId } from '../jsonrpc.ts';
import { parseData } from '../live-call.ts';
import { type MessageKey, type Say, sayIn } from '../messages.ts';
import {
  BUFFERED_PATH,
  findNginx,
  INSTALL_COMMANDS,
  type NginxProxy,
  NginxStartError,
  STREAMING_PATH,
  startNginxProxy,
} from '../nginx-proxy.ts';
import type { DemoOptions } from '../options.ts';
import { type ProxiedRun, runProxiedCall, type TimelineEntry, warmUp } from '../proxied-call.ts';
import { type Print, progressBar, stamp } from '../show-call.ts';
import { startTappedAdapter, type TappedServer } from '../tapped-server.ts';

/** The lesson is about time, so even `--fast` keeps a gap a buffer can visibly swallow. */
export const PROXY_FAST_TIMELINE: PaceTimeline = { progressAtMs: 200, resultAtMs: 700 };

/**
 * Prints each step of one proxied call the moment it happens. A client read that completes events gets the
 * progress bar as it stands after them: 1/2 after the progress notification, full once the result is there
 * (also when both come in the same read).
 */
function createEntryPrinter(print: Print, paint: Paint, say: Say, request: ArticleRequest) {
  let done = 0;
  let total = 1;
  return (entry: TimelineEntry): void => {
    print(`  ${paint('timing', stamp(entry.at))}  ${describeEntry(entry, paint, say)}`);
    if (entry.side !== 'client' || entry.events.length === 0) return;
    let finished = false;
    for (const event of entry.events) {
      const message = parseData(event.data);
      const progress = asProgress(message);
      if (progress) {
        done = progress.progress;
        total = progress.total ?? total;
      }
      if (responseId(message) === request.jsonrpcId) finished = true;
    }
    const bar = finished ? `${progressBar(total, total)} ${say('done')}` : progressBar(done, total);
    print(`${' '.repeat(21)}${paint('green', bar)}`);
  };
}

function describeEntry(entry: TimelineEntry, paint: Paint, say: Say): string {
  // Padded by cells, so "server" and "客户端" line up in either language.
  const who =
    entry.side === 'server'
      ? paint('blue', padToWidth(say('sideServer'), 6))
      : paint('magenta', padToWidth(say('sideClient'), 6));
  const events = entry.events
    .map((event) => eventLabel(event.data, say) ?? say('unreadableData'))
    .join(' + ');
  if (entry.what === 'head') return `${who}  ${say('sentHead')}`;
  if (entry.what === 'headers') return `${who}  ${say('gotHead')}`;
  if (entry.side === 'server') {
    const what = entry.what === 'wrote' ? say('wroteBytes', { bytes: entry.bytes }) : say('endedResponse');
    return `${who}  ${what}${events ? say('withEvents', { events }) : ''}`;
  }
  if (entry.what === 'end') return `${who}  ${say('clientEnd', { events })}`;
  return `${who}  ${say('clientRead', { bytes: entry.bytes, events: events || say('noCompleteEvent') })}`;
}

function printHeaderNotes(print: Print, paint: Paint, say: Say, run: ProxiedRun, width: number): void {
  const server = run.headers.find(([name]) => name === 'server')?.[1];
  const hint = run.headers.find(([name]) => name === 'x-accel-buffering');
  const indent = ' '.repeat(13);
  print(paint('muted', `${indent}${say('statusAndServer', { status: run.status, server: server ?? '?' })}`));
  for (const line of wrapText(say(hint ? 'hintReached' : 'hintKept'), width - indent.length))
    print(paint('muted', `${indent}${line}`));
}

const ROUTES: Array<{ path: string; title: MessageKey }> = [
  { path: STREAMING_PATH, title: 'routeStreaming' },
  { path: BUFFERED_PATH, title: 'routeBuffered' },
];

export interface RouteRun {
  label: string;
  run: ProxiedRun;
}

/**
 * Both runs through nginx, printed live (server writes and client reads interleaved as they happen), then
 * the summary table. `server` must be the tapped adapter behind `proxyUrl`.
 */
export async function printProxyRuns(
  print: Print,
  paint: Paint,
  server: TappedServer,
  proxyUrl: string,
  { lang, width }: Pick<DemoOptions, 'lang' | 'width'>,
): Promise<RouteRun[]> {
  const say = sayIn(lang);
  const request = loadArticleRequest();
  print();
  for (const line of wrapText(say('printedLive'), width - 1)) print(paint('muted', line));
  const results: RouteRun[] = [];
  for (const [index, { path, title }] of ROUTES.entries()) {
    print();
    print(paint('bold', say('runTitle', { n: index + 1, url: `${proxyUrl}${path}`, title: say(title) })));
    const onEntry = createEntryPrinter(print, paint, say, request);
    const run = await runProxiedCall(proxyUrl, path, server, { request, onEntry });
    printHeaderNotes(print, paint, say, run, width);
    results.push({ label: `nginx ${path}`, run });
  }
  printSummary(print, paint, say, results, width);
  return results;
}

function printSummary(print: Print, paint: Paint, say: Say, runs: RouteRun[], width: number): void {
  const columns = [21, 18, 15, 13];
  const row = (cells: string[], verdict: string) =>
    `  ${cells.map((cell, index) => padToWidth(cell, columns[index] ?? 0)).join('')}${verdict}`.trimEnd();
  const time = (ms: number) => stamp(ms).trim();
  print();
  for (const line of wrapText(say('summaryTitle'), width - 1)) print(paint('bold', line));
  const headings: MessageKey[] = [
    'columnRoute',
    'columnProgressWritten',
    'columnProgressRead',
    'columnResultRead',
  ];
  print(
    row(
      headings.map((key) => say(key)),
      '',
    ),
  );
  for (const { label, run } of runs) {
    const [progressWritten = Number.NaN] = run.serverEventAt;
    const [progressAt = Number.NaN, resultAt = Number.NaN] = run.clientEventAt;
    const together = run.clientEventRead[0] === run.clientEventRead[1];
    const verdict = together
      ? paint('red', say('heldBack'))
      : paint('green', say('aheadOfResult', { ms: Math.round(resultAt - progressAt) }));
    print(row([label, time(progressWritten), time(progressAt), time(resultAt)], verdict));
  }
  print(paint('muted', `  ${say('readColumnNote')}`));
}

/** `--lesson proxy`: the same stream through a real nginx, with its buffering on and off. */
export async function runProxyLesson(print: Print, paint: Paint, options: DemoOptions): Promise<number> {
  const say = sayIn(options.lang);
  const prose = (text: string) => wrapText(text, options.width - 1);
  const binary = findNginx();
  if (!binary) {
    for (const line of prose(say('noNginx'))) print(line);
    const labels = [say('installDebian'), say('installMac')];
    const labelWidth = Math.max(...labels.map((label) => stringWidth(label))) + 1;
    print(`  ${padToWidth(say('installDebian'), labelWidth)}${INSTALL_COMMANDS.debian}`);
    print(`  ${padToWidth(say('installMac'), labelWidth)}${INSTALL_COMMANDS.mac}`);
    print(`  ${say('installOr')}`);
    if (process.env.KIT_REQUIRE_NGINX === '1') {
      print(paint('red', say('nginxRequired')));
      return 1;
    }
    return 0;
  }
  const pace = options.fast ? PROXY_FAST_TIMELINE : 'article';
  const server = await startTappedAdapter({ pace });
  let proxy: NginxProxy | undefined;
  try {
    proxy = await startNginxProxy(binary, server.url).catch((error: unknown) => {
      // The command prints an error's message as its one line: say it in the class's language.
      throw error instanceof NginxStartError
        ? new Error(say('nginxFailed', { reason: error.reason }))
        : error;
    });
    const pace = options.fast
      ? say('proxyPaceFast', {
          progress: PROXY_FAST_TIMELINE.progressAtMs,
          result: PROXY_FAST_TIMELINE.resultAtMs,
        })
      : say('proxyPaceArticle');
    for (const line of prose(say('adapterLine', { url: `${server.url}/mcp`, pace }))) print(line);
    for (const line of prose(say('proxyLine', { version: proxy.version, url: proxy.url }))) print(line);
    for (const line of proxy.config.split('\n')) {
      if (/^\s{4}(#|location|\s{2}proxy_|})/.test(line)) print(paint('muted', `  ${line.trimEnd()}`));
    }

    await warmUp(server.url);
    for (const line of prose(say('proxyWarmedUp'))) print(paint('muted', line));

    await printProxyRuns(print, paint, server, proxy.url, options);
    print();
    for (const line of prose(say('proxyMoral'))) print(line);
    return 0;
  } finally {
    await proxy?.close();
    await server.close();
  }
}
