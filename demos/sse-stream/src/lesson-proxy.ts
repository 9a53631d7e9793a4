import type { PaceTimeline } from '@memos-kit/memos-mcp';
import type { Paint } from '@memos-kit/terminal';
import { type ArticleRequest, loadArticleRequest } from './article-request.ts';
import { asProgress, eventLabel, responseId } from './jsonrpc.ts';
import { parseData } from './live-call.ts';
import {
  BUFFERED_PATH,
  findNginx,
  INSTALL_HINT,
  type NginxProxy,
  STREAMING_PATH,
  startNginxProxy,
} from './nginx-proxy.ts';
import type { DemoOptions } from './options.ts';
import { type ProxiedRun, runProxiedCall, type TimelineEntry, warmUp } from './proxied-call.ts';
import { type Print, progressBar, stamp } from './show-call.ts';
import { startTappedAdapter, type TappedServer } from './tapped-server.ts';

/** The lesson is about time, so even `--fast` keeps a gap a buffer can visibly swallow. */
export const PROXY_FAST_TIMELINE: PaceTimeline = { progressAtMs: 200, resultAtMs: 700 };

/**
 * Prints each step of one proxied call the moment it happens. A client read that completes events gets the
 * progress bar as it stands after them: 1/2 after the progress notification, full once the result is there
 * (also when both come in the same read).
 */
function createEntryPrinter(print: Print, paint: Paint, request: ArticleRequest) {
  let done = 0;
  let total = 1;
  return (entry: TimelineEntry): void => {
    print(`  ${stamp(entry.at)}  ${describeEntry(entry, paint)}`);
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
    const bar = finished ? `${progressBar(total, total)} done` : progressBar(done, total);
    print(`${' '.repeat(21)}${paint('green', bar)}`);
  };
}

function describeEntry(entry: TimelineEntry, paint: Paint): string {
  const who = entry.side === 'server' ? paint('blue', 'server') : paint('magenta', 'client');
  const events = entry.events.map((event) => eventLabel(event.data) ?? 'unreadable data').join(' + ');
  if (entry.what === 'head') return `${who}  sent the status line and headers`;
  if (entry.what === 'headers') return `${who}  ← status line and headers`;
  if (entry.side === 'server') {
    const what = entry.what === 'wrote' ? `wrote ${entry.bytes} bytes` : 'ended the response';
    return `${who}  ${what}${events ? `: ${events}` : ''}`;
  }
  if (entry.what === 'end') return `${who}  end of body → ${events}`;
  return `${who}  read ${entry.bytes} bytes → ${events || 'no complete event'}`;
}

function printHeaderNotes(print: Print, paint: Paint, run: ProxiedRun): void {
  const server = run.headers.find(([name]) => name === 'server')?.[1];
  const hint = run.headers.find(([name]) => name === 'x-accel-buffering');
  const indent = ' '.repeat(13);
  print(paint('dim', `${indent}status ${run.status}, server: ${server ?? '?'}`));
  print(
    paint(
      'dim',
      `${indent}X-Accel-Buffering ${hint ? 'reached the client' : 'did not reach the client: nginx keeps X-Accel-* headers to itself'}`,
    ),
  );
}

const ROUTES = [
  { path: STREAMING_PATH, title: 'the adapter says X-Accel-Buffering: no' },
  { path: BUFFERED_PATH, title: 'proxy_ignore_headers X-Accel-Buffering' },
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
): Promise<RouteRun[]> {
  const request = loadArticleRequest();
  print();
  print(paint('dim', 'Each line below is printed the moment it happens, in ms since the request went out.'));
  const results: RouteRun[] = [];
  for (const [index, { path, title }] of ROUTES.entries()) {
    print();
    print(paint('bold', `Run ${index + 1}: POST ${proxyUrl}${path} (${title})`));
    const onEntry = createEntryPrinter(print, paint, request);
    const run = await runProxiedCall(proxyUrl, path, server, { request, onEntry });
    printHeaderNotes(print, paint, run);
    results.push({ label: `nginx ${path}`, run });
  }
  printSummary(print, paint, results);
  return results;
}

function printSummary(print: Print, paint: Paint, runs: RouteRun[]): void {
  const row = (cells: string[], verdict: string) =>
    `  ${cells[0]?.padEnd(21)}${cells[1]?.padEnd(18)}${cells[2]?.padEnd(15)}${cells[3]?.padEnd(13)}${verdict}`.trimEnd();
  const time = (ms: number) => stamp(ms).trim();
  print();
  print(paint('bold', 'Progress vs result, in ms since the request went out (the same clock as above):'));
  print(row(['route', 'progress written', 'progress read', 'result read'], ''));
  for (const { label, run } of runs) {
    const [progressWritten = Number.NaN] = run.serverEventAt;
    const [progressAt = Number.NaN, resultAt = Number.NaN] = run.clientEventAt;
    const together = run.clientEventRead[0] === run.clientEventRead[1];
    const verdict = together
      ? paint('red', 'held back: same read as result')
      : paint('green', `${Math.round(resultAt - progressAt)} ms ahead of the result`);
    print(row([label, time(progressWritten), time(progressAt), time(resultAt)], verdict));
  }
  print(paint('dim', "  (read: when the client's read that carried the event came in)"));
}

/** `--lesson proxy`: the same stream through a real nginx, with its buffering on and off. */
export async function runProxyLesson(print: Print, paint: Paint, options: DemoOptions): Promise<number> {
  const binary = findNginx();
  if (!binary) {
    print('This lesson runs a real nginx on 127.0.0.1, and none was found. Install it:');
    for (const line of INSTALL_HINT) print(`  ${line}`);
    if (process.env.KIT_REQUIRE_NGINX === '1') {
      print(paint('red', 'KIT_REQUIRE_NGINX=1: nginx is expected here, so this is a failure.'));
      return 1;
    }
    return 0;
  }
  const pace = options.fast ? PROXY_FAST_TIMELINE : 'article';
  const server = await startTappedAdapter({ pace });
  let proxy: NginxProxy | undefined;
  try {
    proxy = await startNginxProxy(binary, server.url);
    const paceText = options.fast
      ? `progress at ${PROXY_FAST_TIMELINE.progressAtMs} ms, result at ${PROXY_FAST_TIMELINE.resultAtMs} ms`
      : "the article's pace: progress at 1 s, result at 3 s";
    print(`Adapter: ${server.url}/mcp, dataset "empty", ${paceText};`);
    print('its writes are tapped inside the server process, so both ends of the stream show below.');
    print(`${proxy.version} in front of it at ${proxy.url}, with its own config in a temp folder:`);
    for (const line of proxy.config.split('\n')) {
      if (/^\s{4}(#|location|\s{2}proxy_|})/.test(line)) print(paint('dim', `  ${line.trimEnd()}`));
    }

    await warmUp(server.url);
    print(
      paint('dim', 'The adapter answered one plain call first, so these timings are not first-call times.'),
    );

    await printProxyRuns(print, paint, server, proxy.url);
    print();
    for (const line of [
      'The server wrote the progress event at the same moment both times. With buffering on, nginx kept',
      'it until the response was complete, so the client saw the progress and the result together.',
      '"X-Accel-Buffering: no" is a hint from the server that nginx honours unless told not to;',
      '`proxy_buffering off;` in the location does the same from the proxy side. Every hop between the',
      'server and the client (proxies, CDNs, compression) must pass events on as they come.',
    ])
      print(line);
    return 0;
  } finally {
    await proxy?.close();
    await server.close();
  }
}
