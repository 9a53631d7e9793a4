import type { PaceTimeline } from '@memos-kit/memos-mcp';
import { closeOnSignals } from '@memos-kit/process';
import { type Paint, type Printer, padToWidth, stringWidth } from '@memos-kit/terminal';
import { type ArticleRequest, loadArticleRequest } from '../article-request.ts';
import { asProgress, eventLabel, responseId } from '../jsonrpc.ts';
import { parseData } from '../live-call.ts';
import { type MessageKey, messages, type Say } from '../messages.ts';
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
import { progressBar, stamp } from '../show-call.ts';
import { startTappedAdapter, type TappedServer } from '../tapped-server.ts';

/** The lesson is about time, so even `--fast` keeps a gap a buffer can visibly swallow. */
export const PROXY_FAST_TIMELINE: PaceTimeline = { progressAtMs: 200, resultAtMs: 700 };

/**
 * Prints each step of one proxied call the moment it happens. A client read that completes events gets the
 * progress bar as it stands after them: 1/2 after the progress notification, full once the result is there
 * (also when both come in the same read).
 */
function createEntryPrinter(printer: Printer, say: Say, request: ArticleRequest) {
  const { paint } = printer;
  let done = 0;
  let total = 1;
  return (entry: TimelineEntry): void => {
    printer.line(`  ${paint('timing', stamp(entry.at))}  ${describeEntry(entry, paint, say)}`);
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
    printer.line(`${' '.repeat(21)}${paint('green', bar)}`);
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

function printHeaderNotes(printer: Printer, say: Say, run: ProxiedRun): void {
  const { paint } = printer;
  const server = run.headers.find(([name]) => name === 'server')?.[1];
  const hint = run.headers.find(([name]) => name === 'x-accel-buffering');
  const indent = ' '.repeat(13);
  printer.line(
    paint('muted', `${indent}${say('statusAndServer', { status: run.status, server: server ?? '?' })}`),
  );
  printer.prose(say(hint ? 'hintReached' : 'hintKept'), { indent, role: 'muted' });
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
  printer: Printer,
  server: TappedServer,
  proxyUrl: string,
  { lang }: Pick<DemoOptions, 'lang'>,
): Promise<RouteRun[]> {
  const say = messages.in(lang);
  const { paint } = printer;
  const request = loadArticleRequest();
  printer.line();
  printer.prose(say('printedLive'), { role: 'muted' });
  const results: RouteRun[] = [];
  for (const [index, { path, title }] of ROUTES.entries()) {
    printer.line();
    printer.line(
      paint('bold', say('runTitle', { n: index + 1, url: `${proxyUrl}${path}`, title: say(title) })),
    );
    const onEntry = createEntryPrinter(printer, say, request);
    const run = await runProxiedCall(proxyUrl, path, server, { request, onEntry });
    printHeaderNotes(printer, say, run);
    results.push({ label: `nginx ${path}`, run });
  }
  printSummary(printer, say, results);
  return results;
}

function printSummary(printer: Printer, say: Say, runs: RouteRun[]): void {
  const { paint } = printer;
  const columns = [21, 18, 15, 13];
  const row = (cells: string[], verdict: string) =>
    `  ${cells.map((cell, index) => padToWidth(cell, columns[index] ?? 0)).join('')}${verdict}`.trimEnd();
  const time = (ms: number) => stamp(ms).trim();
  printer.line();
  printer.prose(say('summaryTitle'), { role: 'bold' });
  const headings: MessageKey[] = [
    'columnRoute',
    'columnProgressWritten',
    'columnProgressRead',
    'columnResultRead',
  ];
  printer.line(
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
    printer.line(row([label, time(progressWritten), time(progressAt), time(resultAt)], verdict));
  }
  printer.line(paint('muted', `  ${say('readColumnNote')}`));
}

/** `--lesson proxy`: the same stream through a real nginx, with its buffering on and off. */
export async function runProxyLesson(printer: Printer, options: DemoOptions): Promise<number> {
  const say = messages.in(options.lang);
  const { paint } = printer;
  const binary = findNginx();
  if (!binary) {
    printer.prose(say('noNginx'));
    const labels = [say('installDebian'), say('installMac')];
    const labelWidth = Math.max(...labels.map((label) => stringWidth(label))) + 1;
    printer.line(`  ${padToWidth(say('installDebian'), labelWidth)}${INSTALL_COMMANDS.debian}`);
    printer.line(`  ${padToWidth(say('installMac'), labelWidth)}${INSTALL_COMMANDS.mac}`);
    printer.line(`  ${say('installOr')}`);
    if (process.env.KIT_REQUIRE_NGINX === '1') {
      printer.line(paint('red', say('nginxRequired')));
      return 1;
    }
    return 0;
  }
  const pace = options.fast ? PROXY_FAST_TIMELINE : 'article';
  const server = await startTappedAdapter({ pace });
  let proxy: NginxProxy | undefined;
  // nginx registers its own stop (nginx-proxy.ts); this one stops the adapter behind it.
  const release = closeOnSignals(() => server.close());
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
    printer.prose(say('adapterLine', { url: `${server.url}/mcp`, pace }));
    printer.prose(say('proxyLine', { version: proxy.version, url: proxy.url }));
    for (const line of proxy.config.split('\n')) {
      if (/^\s{4}(#|location|\s{2}proxy_|})/.test(line)) printer.line(paint('muted', `  ${line.trimEnd()}`));
    }

    await warmUp(server.url);
    printer.prose(say('proxyWarmedUp'), { role: 'muted' });

    await printProxyRuns(printer, server, proxy.url, options);
    printer.line();
    printer.prose(say('proxyMoral'));
    return 0;
  } finally {
    release();
    await proxy?.close();
    await server.close();
  }
}
