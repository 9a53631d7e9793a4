// `pnpm bench`: the same "list memos" through REST and through MCP, side by side in one run on the
// workshop dataset, and how fast the kit's servers start next to the smallest server the SDK can make.
// The main figures are measured as users run the kit: `pnpm serve` in a process of its own, started the
// way the root script starts it, and a client in another process (`client.ts`). A second view times each
// layer of a tools/call inside this one process. It prints ratios, measured in the same rounds so that
// both sides see the same machine load, and the load average beside them. A benchmark, not a test: it
// asserts nothing, and its goals are printed, not enforced. docs/reference/performance.md explains each
// figure.

import { Agent, request } from 'node:http';
import { cpus, loadavg } from 'node:os';
import { listen, runEntry, startEntry } from '@memos-kit/process';
import { HEADERS, PROTOCOL_VERSION } from '@memos-kit/protocol';
import {
  bilingualMessages,
  type CommandSpec,
  command,
  type OptionSpecs,
  padStartToWidth,
  padToWidth,
  stringWidth,
  terminalWidth,
  wrapText,
} from '@memos-kit/terminal';
import { createAdapter } from '../src/index.ts';
import type { ClientPlan, ClientReport, Target } from './client.ts';
import { type ColdStart, coldStart, ENVELOPE, rootScript, wallTime } from './cold-start.ts';
import pairs from './rest-vs-mcp.messages.json' with { type: 'json' };
import { LIST_ARGUMENTS, stagesOf, TOKEN } from './stages.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 1000);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 200);
const CONCURRENCY = 16;
const LOAD_CALLS = Number(process.env.BENCH_THROUGHPUT_CALLS ?? 2000);
/** Load phases per side: REST, MCP, MCP, REST…, so a drift in the machine's load reaches both alike. */
const LOAD_PHASES = 4;
/** A tiny run (the smoke tests) starts each server once; 0 skips cold start and demos. */
const COLD_ROUNDS = Number(process.env.BENCH_COLD_ROUNDS ?? (ROUNDS < 100 ? 1 : 7));
const DEMO_ROUNDS = Math.min(COLD_ROUNDS, 3);
/** The goals, on a quiet machine. */
const GOALS = { median: 2.2, p99: 3.0, cold: 1.5, demoSeconds: 1.5 };

const spec = {
  name: 'pnpm --filter @memos-kit/memos-mcp bench',
  summary: {
    zh: '同一个“列出 memo”分别走 REST 和 MCP（工作坊数据集），按用户的用法测：pnpm serve 在自己的进程里，客户端在另一个进程里。打印单客户端的中位数与 p99 之比、16 个并发客户端下的 p99 与吞吐量之比（旁边是负载），进程内各层耗时（第二种视角），以及冷启动相对最小 SDK 服务端的倍数和演示总时长。轮数由 BENCH_ROUNDS、BENCH_WARMUP、BENCH_THROUGHPUT_CALLS、BENCH_COLD_ROUNDS（0 跳过冷启动）设定。基准只打印，不做断言。',
    en: 'The same "list memos" through REST and through MCP on the workshop dataset, measured as users run it: pnpm serve in its own process, the client in another. It prints the one-client median and p99 ratios and the p99 and throughput ratios with 16 concurrent clients, with the load average beside them, the time of each layer in-process (a second view), cold start against a minimal SDK server, and the demos\' wall time. BENCH_ROUNDS, BENCH_WARMUP, BENCH_THROUGHPUT_CALLS and BENCH_COLD_ROUNDS (0 skips cold start) set the rounds. It prints and asserts nothing.',
  },
  options: {},
} as const satisfies CommandSpec<OptionSpecs>;

const messages = bilingualMessages(pairs);

interface Call {
  path: string;
  method: string;
  headers: Record<string, string>;
  body?: string;
}

const restCall: Call = {
  path: '/api/v1/memos?pageSize=50',
  method: 'GET',
  headers: { Authorization: TOKEN, Accept: 'application/json' },
};

function mcp(method: string, params: Record<string, unknown>, name?: string): Call {
  const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: { ...params, _meta: ENVELOPE } });
  return {
    path: '/mcp',
    method: 'POST',
    headers: {
      Authorization: TOKEN,
      'Content-Type': 'application/json',
      Accept: 'application/json, text/event-stream',
      [HEADERS.protocolVersion]: PROTOCOL_VERSION,
      [HEADERS.method]: method,
      ...(name ? { [HEADERS.name]: name } : {}),
      'Content-Length': String(Buffer.byteLength(body)),
    },
    body,
  };
}

const mcpCall = mcp('tools/call', { name: 'memo_list_memos', arguments: LIST_ARGUMENTS }, 'memo_list_memos');
const target = (name: string, base: string, call: Call): Target => ({
  name,
  url: new URL(call.path, base).href,
  ...call,
});

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}
const median = (sorted: number[]) => percentile(sorted, 50);

/** Runs every measurement once per round, in a rotating order, so each sees the same load at the same moments. */
async function interleaved<K extends string>(
  rounds: number,
  measurements: Array<[K, () => Promise<number>]>,
): Promise<Record<K, number[]>> {
  const samples = Object.fromEntries(measurements.map(([kind]) => [kind, [] as number[]])) as Record<
    K,
    number[]
  >;
  for (let i = 0; i < rounds; i++) {
    for (let k = 0; k < measurements.length; k++) {
      const [kind, measure] = measurements[(i + k) % measurements.length] as [K, () => Promise<number>];
      samples[kind].push(await measure());
    }
  }
  for (const values of Object.values<number[]>(samples)) values.sort((a, b) => a - b);
  return samples;
}

const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
const here = (path: string) => new URL(path, import.meta.url);
// The kit's servers start as their root scripts start them, `pnpm mcp:stdio` and `pnpm serve` (entry and
// arguments read from the kit's package.json; only the port is a free one), as the demos do.
const STDIO = rootScript('mcp:stdio');
const SERVE = rootScript('serve', ['--port', '0']);
const CLIENT = here('./client.ts');
const FLOOR = here('./floor-server.ts');
const DEMOS: Array<[string, ColdStart]> = [
  ['pnpm demo:stdio', rootScript('demo:stdio')],
  ['pnpm demo:sse --fast', rootScript('demo:sse', ['--fast'])],
  ['pnpm demo:hateoas', rootScript('demo:hateoas')],
  ['pnpm demo:host', rootScript('demo:host')],
  ['pnpm demo:features', rootScript('demo:features')],
];

/** The client's plan for these targets: one client, then (unless told 0) concurrent clients. */
const planFor = (targets: Target[], concurrency = CONCURRENCY): ClientPlan => ({
  targets,
  rounds: ROUNDS,
  warmup: WARMUP,
  concurrency,
  loadCalls: LOAD_CALLS,
  phases: LOAD_PHASES,
});

/** Runs the client in a process of its own against a server that is already running. */
async function runClient(plan: ClientPlan): Promise<ClientReport> {
  const client = await runEntry(CLIENT, { args: [JSON.stringify(plan)], timeoutMs: 1_800_000 });
  if (client.code !== 0) throw new Error(`the bench client failed:\n${client.stderr}`);
  return JSON.parse(client.stdout) as ClientReport;
}

/** Starts an entry that prints its URL, and resolves with the URL and the running process. */
async function started({ entry, args }: ColdStart, input?: string) {
  const server = startEntry(entry, { args, env: { NO_COLOR: '1' } });
  if (input !== undefined) server.child.stdin?.end(input);
  const printed = await server.waitFor(/http:\/\/127\.0\.0\.1:\d+/, { timeoutMs: 60_000 });
  return { server, base: /http:\/\/127\.0\.0\.1:\d+/.exec(printed)?.[0] ?? '' };
}

/**
 * Starts `pnpm serve` as the root script does (the same launcher, entry and default options; only the
 * port is a free one) and runs the client in a process of its own against it. Also hands back the REST
 * answer, for the SDK's floor to serve.
 */
async function asUsersRunIt(): Promise<{ report: ClientReport; answer: string }> {
  const { server, base } = await started(SERVE);
  try {
    const report = await runClient(planFor([target('rest', base, restCall), target('mcp', base, mcpCall)]));
    const answer = await (await fetch(new URL(restCall.path, base), { headers: restCall.headers })).text();
    return { report, answer };
  } finally {
    await server.stop({ graceMs: 5_000 });
  }
}

/**
 * The SDK's own share of the same answer: its minimal server (`floor-server.ts --answer-stdin`) serves the
 * REST list as a tool, and node:http alone writes it, in one process; the client measures both the same way.
 */
async function sdkFloor(answer: string): Promise<ClientReport> {
  const { server, base } = await started({ entry: FLOOR, args: ['--http', '--answer-stdin'] }, answer);
  try {
    const plain: Call = { path: '/rest', method: 'GET', headers: { Accept: 'application/json' } };
    return await runClient(planFor([target('rest', base, plain), target('mcp', base, mcpCall)], 0));
  } finally {
    await server.stop({ graceMs: 5_000 });
  }
}

await command(spec, async ({ paint, lang }) => {
  const say = messages.in(lang);
  const before = load();
  // Judged on the figure as printed (two decimals), so "2.20" never reads as over a goal of 2.2.
  const within = (ratio: number, goal: number) => Number(ratio.toFixed(2)) <= goal;
  const verdict = (ratio: number, goal: number) =>
    within(ratio, goal) ? paint('green', say('within', { goal })) : paint('yellow', say('over', { goal }));

  // Prose wraps at spaces (and between Chinese characters) to the terminal, 100 columns when piped,
  // each line under the first one's indentation; rows are a label column measured in cells (Chinese
  // labels line up too), then right-aligned numbers.
  const print = (text: string) => {
    const lead = /^ */.exec(text)?.[0] ?? '';
    for (const piece of wrapText(text.slice(lead.length), terminalWidth() - lead.length))
      console.log(`${lead}${piece}`);
  };
  const labels = [
    'stageRest',
    'stageTool',
    'stageSdk',
    'stageHttp',
    'stageZod',
    'stageJson',
    'stageResponse',
    'coldFloorStdio',
    'coldStdio',
    'coldStdioSource',
    'coldFloorHttp',
    'coldServe',
    'sdkPlain',
    'sdkMcp',
  ] as const;
  const SDK_PARTS = new Set<string>(['stageZod', 'stageJson', 'stageResponse']);
  const labelWidth = Math.max(
    stringWidth('tools/call memo_list_memos {pageSize: 50}'),
    // The SDK's parts are printed two columns in, under their layer.
    ...labels.map((key) => stringWidth(say(key)) + (SDK_PARTS.has(key) ? 2 : 0)),
  );
  const line = (label: string, ...cells: string[]) =>
    print(`  ${padToWidth(label, labelWidth)} ${cells.join(' ')}`.trimEnd());
  const ms = (value: number) => `${value.toFixed(2).padStart(8)} ms`;
  const heading = (...names: string[]) =>
    console.log(
      paint(
        'dim',
        `  ${padToWidth('', labelWidth)} ${names.map((name) => padStartToWidth(name, 11)).join(' ')}`,
      ),
    );
  const loadCell = (value: number) => say('loadNow', { load: value.toFixed(2) });

  print(
    paint(
      'dim',
      say('machine', {
        cpus: cpus().length,
        model: cpus()[0]?.model.trim() ?? '?',
        node: process.version,
        before,
      }),
    ),
  );
  if ((loadavg()[0] ?? 0) >= cpus().length)
    print(paint('yellow', say('loaded', { load: before.split(' ')[0] ?? '' })));
  console.log('');

  // 1. As users run it: pnpm serve in its own process, the client in another.
  const { report, answer } = await asUsersRunIt();
  const rest = report.one.rest ?? { median: Number.NaN, p99: Number.NaN };
  const calls = report.one.mcp ?? { median: Number.NaN, p99: Number.NaN };
  const ratio = calls.median / rest.median;
  const ratio99 = calls.p99 / rest.p99;
  print(paint('bold', say('title', { rounds: ROUNDS })));
  heading(say('median'), 'p99');
  line('GET /api/v1/memos?pageSize=50', ms(rest.median), ms(rest.p99));
  line('tools/call memo_list_memos {pageSize: 50}', ms(calls.median), ms(calls.p99));
  print(
    `  ${say('ratio', { ratio: ratio.toFixed(2), verdict: verdict(ratio, GOALS.median), ratio99: ratio99.toFixed(2) })}${paint('dim', loadCell(report.loadAverage.one))}`,
  );
  console.log('');

  const restLoad = report.load.rest ?? { p99: Number.NaN, rate: Number.NaN };
  const mcpLoad = report.load.mcp ?? { p99: Number.NaN, rate: Number.NaN };
  const loadRatio99 = mcpLoad.p99 / restLoad.p99;
  const phaseCalls = Math.max(1, Math.floor(LOAD_CALLS / LOAD_PHASES)) * LOAD_PHASES;
  print(
    paint('bold', say('loadTitle', { concurrency: CONCURRENCY, calls: phaseCalls, phases: LOAD_PHASES })),
  );
  heading('p99', 'req/s');
  const rateCell = (rate: number) => `${rate.toFixed(0).padStart(8)} /s`;
  line('GET /api/v1/memos?pageSize=50', ms(restLoad.p99), rateCell(restLoad.rate));
  line('tools/call memo_list_memos', ms(mcpLoad.p99), rateCell(mcpLoad.rate));
  print(
    `  ${say('loadRatio', {
      ratio99: loadRatio99.toFixed(2),
      verdict: verdict(loadRatio99, GOALS.p99),
      rate: (mcpLoad.rate / restLoad.rate).toFixed(2),
    })}${paint('dim', loadCell(report.loadAverage.load))}`,
  );
  console.log('');

  // 2. What the SDK alone adds to the same answer, measured the same way.
  const floorReport = await sdkFloor(answer);
  const plainFloor = floorReport.one.rest ?? { median: Number.NaN, p99: Number.NaN };
  const sdkOnly = floorReport.one.mcp ?? { median: Number.NaN, p99: Number.NaN };
  print(paint('bold', say('sdkTitle', { rounds: ROUNDS })));
  heading(say('median'), 'p99');
  line(say('sdkPlain'), ms(plainFloor.median), ms(plainFloor.p99));
  line(say('sdkMcp'), ms(sdkOnly.median), ms(sdkOnly.p99));
  print(
    `  ${say('sdkRatio', {
      ratio: (sdkOnly.median / plainFloor.median).toFixed(2),
      ratio99: (sdkOnly.p99 / plainFloor.p99).toFixed(2),
      sdk: (sdkOnly.median - plainFloor.median).toFixed(2),
      kit: (calls.median - rest.median).toFixed(2),
    })}${paint('dim', loadCell(floorReport.loadAverage.one))}`,
  );
  console.log('');

  // 3. A second view: each layer of a tools/call, timed inside this one process, client included.
  const adapter = await createAdapter({ dataset: 'workshop' });
  const server = await listen(adapter.app);
  const stages = stagesOf(adapter);
  const base = new URL(server.url);
  // One keep-alive agent for both sides, so neither pays for connections the other does not.
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const send = (call: Call) =>
    new Promise<number>((resolve, reject) => {
      const outgoing = request(
        new URL(call.path, base),
        { method: call.method, headers: call.headers, agent },
        (incoming) => {
          incoming.resume();
          incoming.on('end', () => resolve(incoming.statusCode ?? 0));
          incoming.on('error', reject);
        },
      );
      outgoing.on('error', reject);
      outgoing.end(call.body);
    });
  const timed = async (work: () => Promise<unknown>) => {
    const started = performance.now();
    await work();
    return performance.now() - started;
  };
  const overHttp = (call: Call) => async () => {
    const status = await send(call);
    if (status !== 200) throw new Error(`${call.method} ${call.path} answered ${status}`);
  };
  try {
    const measurements: Array<[string, () => Promise<number>]> = [
      ['rest', () => timed(overHttp(restCall))],
      ['mcp', () => timed(overHttp(mcpCall))],
      ['restInProcess', () => timed(stages.rest)],
      ['tool', () => timed(stages.tool)],
      ['sdk', () => timed(stages.sdk)],
      ['zod', () => timed(stages.zod)],
      ['json', () => timed(stages.json)],
      ['response', () => timed(stages.response)],
    ];
    const loadAtStages = loadavg()[0] ?? 0;
    await interleaved(WARMUP, measurements);
    const one = await interleaved(ROUNDS, measurements);
    const inProcessRest = median(one.rest ?? []);
    const stageMedians = {
      rest: median(one.restInProcess ?? []),
      tool: median(one.tool ?? []),
      sdk: median(one.sdk ?? []),
      http: median(one.mcp ?? []),
    };
    print(paint('bold', say('whereTitle')));
    print(
      paint(
        'dim',
        `  ${say('whereNote', { ratio: (stageMedians.http / inProcessRest).toFixed(2) })}${loadCell(loadAtStages)}`,
      ),
    );
    heading(say('median'), say('adds'));
    line(say('stageRest'), ms(stageMedians.rest), ms(stageMedians.rest));
    line(say('stageTool'), ms(stageMedians.tool), ms(stageMedians.tool - stageMedians.rest));
    line(say('stageSdk'), ms(stageMedians.sdk), ms(stageMedians.sdk - stageMedians.tool));
    line(say('stageHttp'), ms(stageMedians.http), ms(stageMedians.http - stageMedians.sdk));
    print(paint('dim', `  ${say('sdkFloor')}`));
    line(`  ${say('stageZod')}`, ms(median(one.zod ?? [])));
    line(`  ${say('stageJson')}`, ms(median(one.json ?? [])));
    line(`  ${say('stageResponse')}`, ms(median(one.response ?? [])));
    // The floor of the main figures: a REST round trip from the other process, plus the REST work done
    // in-process, with nothing of MCP's around it.
    const floor = (rest.median + stageMedians.rest) / rest.median;
    print(`  ${say('floor', { floor: floor.toFixed(2) })}`);
    console.log('');
  } finally {
    agent.destroy();
    await stages.close();
    await adapter.close();
    await server.close();
  }

  // 4. Cold start, with no server of ours running in this process any more.
  if (COLD_ROUNDS <= 0) {
    print(paint('dim', say('skipped')));
  } else {
    const targets: Array<[string, ColdStart]> = [
      ['floorStdio', { entry: FLOOR }],
      ['stdio', STDIO],
      ['stdioSource', { ...STDIO, env: { KIT_FROM_SOURCE: '1' } }],
      ['floorHttp', { entry: FLOOR, args: ['--http'], http: true }],
      ['serve', { ...SERVE, http: true }],
    ];
    // The first start of each builds its bundle when it is missing or stale: not timed. A one-round smoke
    // run (the tests) times nothing worth that, and skips it.
    if (COLD_ROUNDS > 1) for (const [, target] of targets) await coldStart(target);
    const cold = await interleaved(
      COLD_ROUNDS,
      targets.map(([kind, target]) => [kind, () => coldStart(target)]),
    );
    const coldMedian = (kind: string) => median(cold[kind] ?? []);
    print(paint('bold', say('coldTitle', { rounds: COLD_ROUNDS })));
    heading(say('median'));
    const row = (kind: string, label: string, floorKind: string, goal?: number) => {
      const value = coldMedian(kind);
      const ratioToFloor = value / coldMedian(floorKind);
      const plain = say('vsFloor', { ratio: ratioToFloor.toFixed(2) });
      const note =
        kind === floorKind
          ? ''
          : goal === undefined
            ? plain
            : paint(within(ratioToFloor, goal) ? 'green' : 'yellow', `${plain} ${say('goal', { goal })}`);
      line(label, ms(value), note);
    };
    row('floorStdio', say('coldFloorStdio'), 'floorStdio');
    row('stdio', say('coldStdio'), 'floorStdio', GOALS.cold);
    row('stdioSource', say('coldStdioSource'), 'floorStdio');
    row('floorHttp', say('coldFloorHttp'), 'floorHttp');
    row('serve', say('coldServe'), 'floorHttp', GOALS.cold);
    console.log('');

    if (DEMO_ROUNDS > 1) for (const [, target] of DEMOS) await wallTime(target);
    const demos = await interleaved(
      DEMO_ROUNDS,
      DEMOS.map(([label, target]) => [label, () => wallTime(target)]),
    );
    print(paint('bold', say('demoTitle', { goal: GOALS.demoSeconds })));
    for (const [label] of DEMOS)
      line(label, `${(median(demos[label] ?? []) / 1000).toFixed(2).padStart(8)} s`);
    console.log('');
  }
  print(paint('dim', say('loadEnd', { before, after: load() })));
});
