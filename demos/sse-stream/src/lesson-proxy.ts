import type { PaceTimeline } from '@memos-kit/memos-mcp';
import { describeMessage, responseId } from './jsonrpc.ts';
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
import type { SseEvent } from './sse-event.ts';
import type { Style } from './style.ts';
import { startTappedAdapter } from './tapped-server.ts';

/** The lesson is about time, so even `--fast` keeps a gap a buffer can visibly swallow. */
export const PROXY_FAST_TIMELINE: PaceTimeline = { progressAtMs: 200, resultAtMs: 700 };

function eventLabel(event: SseEvent): string {
  try {
    const message = JSON.parse(event.data) as unknown;
    const id = responseId(message);
    return id === undefined ? describeMessage(message).replace(/^notification /, '') : `result for id ${id}`;
  } catch {
    return 'unreadable data';
  }
}

function describeEntry(entry: TimelineEntry, style: Style): string {
  const who = entry.side === 'server' ? style('blue', 'server') : style('magenta', 'client');
  const events = entry.events.map(eventLabel).join(' + ');
  if (entry.what === 'head') return `${who}  sent the status line and headers`;
  if (entry.what === 'headers') return `${who}  ← status line and headers`;
  if (entry.side === 'server') {
    const what = entry.what === 'wrote' ? `wrote ${entry.bytes} bytes` : 'ended the response';
    return `${who}  ${what}${events ? `: ${events}` : ''}`;
  }
  let line = `${who}  read ${entry.bytes} bytes${events ? ` → ${events}` : ' → no complete event'}`;
  if (entry.events.some((event) => event.data.includes('notifications/progress')))
    line += `  ${style('green', progressBar(1, 2))}`;
  return line;
}

function printRun(print: Print, style: Style, run: ProxiedRun): void {
  for (const entry of run.timeline) print(`  ${stamp(entry.at)}  ${describeEntry(entry, style)}`);
  const server = run.headers.find(([name]) => name === 'server')?.[1];
  const hint = run.headers.find(([name]) => name === 'x-accel-buffering');
  print(
    style(
      'dim',
      `             (status ${run.status}, server: ${server ?? '?'}; X-Accel-Buffering ${hint ? 'reached the client' : 'did not reach the client: nginx keeps X-Accel-* headers to itself'})`,
    ),
  );
}

function printSummary(print: Print, style: Style, runs: Array<{ label: string; run: ProxiedRun }>): void {
  print();
  print(style('bold', 'Progress vs result, as the client saw them:'));
  print(
    `  ${'route'.padEnd(36)}${'server wrote progress'.padEnd(23)}${'client got it'.padEnd(15)}client got result`,
  );
  for (const { label, run } of runs) {
    const [progressWritten = Number.NaN] = run.serverEventAt;
    const [progressAt = Number.NaN, resultAt = Number.NaN] = run.clientEventAt;
    const together = run.clientEventRead[0] === run.clientEventRead[1];
    const verdict = together
      ? style('red', 'held back: same read as the result')
      : style('green', `${Math.round(resultAt - progressAt)} ms ahead of the result`);
    print(
      `  ${label.padEnd(36)}${stamp(progressWritten).trim().padEnd(23)}${stamp(progressAt).trim().padEnd(15)}${stamp(resultAt).trim().padEnd(12)}${verdict}`,
    );
  }
}

/** `--lesson proxy`: the same stream through a real nginx, with its buffering on and off. */
export async function runProxyLesson(print: Print, style: Style, options: DemoOptions): Promise<number> {
  print(style('bold', 'Lesson: a buffering proxy between client and server'));
  const binary = findNginx();
  if (!binary) {
    print('This lesson runs a real nginx on 127.0.0.1, and none was found. Install it:');
    for (const line of INSTALL_HINT) print(`  ${line}`);
    if (process.env.KIT_REQUIRE_NGINX === '1') {
      print(style('red', 'KIT_REQUIRE_NGINX=1: nginx is expected here, so this is a failure.'));
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
    print(`Adapter: ${server.url}/mcp (dataset "empty", ${paceText}), writes tapped inside the server.`);
    print(`${proxy.version} in front of it at ${proxy.url}, with its own config in a temp folder:`);
    for (const line of proxy.config.split('\n')) {
      if (/^\s{4}(#|location|\s{2}proxy_|})/.test(line)) print(style('dim', `  ${line.trimEnd()}`));
    }

    await warmUp(server.url);
    print(
      style('dim', 'The adapter answered one plain call first, so these timings are not first-call times.'),
    );

    const runs = [
      {
        label: `nginx ${STREAMING_PATH}`,
        path: STREAMING_PATH,
        title: 'the adapter says X-Accel-Buffering: no',
      },
      {
        label: `nginx ${BUFFERED_PATH}`,
        path: BUFFERED_PATH,
        title: 'the same, with proxy_ignore_headers X-Accel-Buffering',
      },
    ];
    const results: Array<{ label: string; run: ProxiedRun }> = [];
    for (const [index, { label, path, title }] of runs.entries()) {
      print();
      print(style('bold', `Run ${index + 1}: POST ${proxy.url}${path} (${title})`));
      const run = await runProxiedCall(proxy.url, path, server);
      printRun(print, style, run);
      results.push({ label, run });
    }
    printSummary(print, style, results);
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
