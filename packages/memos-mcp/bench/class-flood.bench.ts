// `pnpm --filter @memos-kit/memos-mcp bench:class`: does a flooding student slow the others? The class
// server runs in its own process, started as a teacher starts it (`pnpm serve --class 2`, through the root
// script's launcher). One student sends the workshop's two requests (REST list, MCP tools/call) one after
// another; in alternate blocks a second student floods the server from 16 connections at once. It prints
// the ratio of the first student's latency with the flood to without, measured in the same run, and how
// the flood was answered. A benchmark, not a test: it asserts nothing; the bound is printed, not enforced.
import { Agent, request } from 'node:http';
import { loadavg } from 'node:os';
import { entryArgs, startNode } from '@memos-kit/process';
import { HEADERS, PROTOCOL_VERSION, requestMeta } from '@memos-kit/protocol';
import { classAccounts } from '../src/class/accounts.ts';
import { rootScript } from './cold-start.ts';

const BLOCKS = Number(process.env.BENCH_BLOCKS ?? 6);
const PER_BLOCK = Number(process.env.BENCH_PER_BLOCK ?? 40);
/** A round every 250 ms: two requests each, 8 a second, under the 10 a second a token may send. */
const PACE_MS = 250;
const FLOODERS = 16;
/** The bound docs/guide/class-server.md states for a quiet machine. */
export const BOUND = 2;
const SEED = 'bench';
const lang =
  process.argv.includes('--lang') && process.argv.at(process.argv.indexOf('--lang') + 1) === 'en'
    ? 'en'
    : 'zh';

const { students } = classAccounts(2, SEED);
const normal = students[0] ?? { id: '', token: '' };
const flooder = students[1] ?? { id: '', token: '' };

const server = startNode(
  entryArgs(
    ...((target) => [target.entry, target.args] as const)(
      rootScript('serve', ['--class', '2', '--class-seed', SEED, '--port', '0', '--lang', 'en']),
    ),
  ),
  { env: { NO_COLOR: '1' }, stdin: 'ignore' },
);
const ready = await server.waitFor((text) => /listening on (http:\/\/\S+)/.test(text), { timeoutMs: 60_000 });
const base = /listening on (http:\/\/\S+)/.exec(ready)?.[1] ?? '';

const calmAgent = new Agent({ keepAlive: true, maxSockets: 1 });

function send(agent: Agent, path: string, token: string, body?: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { Authorization: `Bearer ${token}` };
    if (body !== undefined)
      Object.assign(headers, {
        'Content-Type': 'application/json',
        Accept: 'application/json, text/event-stream',
        [HEADERS.protocolVersion]: PROTOCOL_VERSION,
        [HEADERS.method]: 'tools/call',
        [HEADERS.name]: 'memo_list_memos',
      });
    const outgoing = request(
      new URL(path, base),
      { method: body ? 'POST' : 'GET', headers, agent },
      (incoming) => {
        incoming.resume();
        incoming.on('end', () => resolve(incoming.statusCode ?? 0));
        incoming.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

const toolCall = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'tools/call',
  params: { name: 'memo_list_memos', arguments: { pageSize: 10 }, _meta: requestMeta() },
});

/** One round of the normal student's work: the REST list, then the MCP call; its time in ms. */
async function round(): Promise<number> {
  const started = performance.now();
  const a = await send(calmAgent, '/api/v1/memos?pageSize=10', normal.token);
  const b = await send(calmAgent, '/mcp', normal.token, toolCall);
  if (a !== 200 || b !== 200) throw new Error(`the normal student got ${a} and ${b}`);
  const took = performance.now() - started;
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, PACE_MS - took)));
  return took;
}

const flood = { sent: 0, refused: 0, served: 0 };
/** Starts the flooder's process; the returned stop ends it and adds up what it was answered. */
async function startFlood(): Promise<() => Promise<void>> {
  const child = startNode(entryArgs(new URL('./class-flooder.ts', import.meta.url), [base, flooder.token]), {
    env: { NO_COLOR: '1' },
  });
  await child.waitFor((text) => text.includes('flooding'), { timeoutMs: 30_000 });
  return async () => {
    child.child.stdin?.end();
    const exit = await child.exited;
    const counts = JSON.parse(child.stdout().trim().split('\n').at(-1) ?? '{}') as typeof flood;
    if (exit.code !== 0) throw new Error(`the flooder ended with ${exit.code}: ${child.stderr()}`);
    flood.sent += counts.sent;
    flood.refused += counts.refused;
    flood.served += counts.served;
  };
}

const quiet: number[] = [];
const flooded: number[] = [];
const loadAtStart = loadavg();
for (let i = 0; i < 8; i++) await round();
for (let block = 0; block < BLOCKS; block++) {
  const withFlood = block % 2 === 1;
  const stop = withFlood ? await startFlood() : async () => {};
  for (let i = 0; i < PER_BLOCK; i++) (withFlood ? flooded : quiet).push(await round());
  await stop();
}
await server.stop();

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
};
const median = quantile(flooded, 0.5) / quantile(quiet, 0.5);
const p99 = quantile(flooded, 0.99) / quantile(quiet, 0.99);
const f = (n: number) => n.toFixed(2);
const within = median <= BOUND;
const lines =
  lang === 'en'
    ? [
        `Class server (pnpm serve --class 2, its own process): one student's REST list + MCP call, ${quiet.length} rounds quiet and ${flooded.length} while a second student floods from ${FLOODERS} connections`,
        `  median ${f(quantile(quiet, 0.5))} ms quiet, ${f(quantile(flooded, 0.5))} ms flooded; p99 ${f(quantile(quiet, 0.99))} ms, ${f(quantile(flooded, 0.99))} ms`,
        `  flooded / quiet: median ${f(median)} (${within ? 'within' : 'over'} the bound of ${BOUND}), p99 ${f(p99)}`,
        `  the flood: ${flood.sent} requests, ${flood.refused} answered 429, ${flood.served} served`,
        `  Load average (1/5/15 min): ${loadAtStart.map(f).join(' ')} at the start, ${loadavg().map(f).join(' ')} at the end`,
      ]
    : [
        `课堂服务器（pnpm serve --class 2，独立进程）：一个学生的 REST 列表 + MCP 调用，安静时 ${quiet.length} 轮，另一个学生从 ${FLOODERS} 个连接狂发请求时 ${flooded.length} 轮`,
        `  中位数：安静 ${f(quantile(quiet, 0.5))} ms，被挤 ${f(quantile(flooded, 0.5))} ms；p99：${f(quantile(quiet, 0.99))} ms，${f(quantile(flooded, 0.99))} ms`,
        `  被挤 / 安静：中位数 ${f(median)}（${within ? '在' : '超出'}上限 ${BOUND} ${within ? '以内' : ''}），p99 ${f(p99)}`,
        `  狂发的一方：${flood.sent} 个请求，${flood.refused} 个得到 429，${flood.served} 个被服务`,
        `  负载（1/5/15 分钟）：开始 ${loadAtStart.map(f).join(' ')}，结束 ${loadavg().map(f).join(' ')}`,
      ];
process.stdout.write(`${lines.join('\n')}\n`);
