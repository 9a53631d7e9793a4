// `pnpm bench`: the same "list memos" through REST and through MCP, side by side in one run on the
// workshop dataset. Prints median and p99 latency of each, their ratio (goal: MCP at most 1.3 × REST),
// and tools/call throughput with 32 concurrent clients. Two more measurements in the same rounds say
// where the MCP time goes: a `server/discover` (the SDK's HTTP path with no business work at all) and
// the tool's own work in-process (argument validation, the in-process REST call, the result). Their sum
// is the lowest ratio this design can reach on the machine. A benchmark, not a test: it asserts nothing.
import { Agent, request } from 'node:http';
import { listen } from '@memos-kit/process';
import {
  bilingualMessages,
  type CommandSpec,
  command,
  type OptionSpecs,
  padStartToWidth,
  padToWidth,
  stringWidth,
} from '@memos-kit/terminal';
import { createAdapter } from '../src/index.ts';
import pairs from './rest-vs-mcp.messages.json' with { type: 'json' };

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 1000);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 200);
const CONCURRENCY = 32;
const THROUGHPUT_CALLS = Number(process.env.BENCH_THROUGHPUT_CALLS ?? 2000);
const GOAL = 1.3;

const spec = {
  name: 'pnpm --filter @memos-kit/memos-mcp bench',
  summary: {
    zh: '在工作坊数据集上，同一个“列出 memo”分别走 REST 和 MCP，交替测量：中位数与 p99 延迟、二者之比（目标：MCP 不超过 REST 的 1.3 倍），以及 32 个并发客户端下 tools/call 的吞吐量。轮数由环境变量 BENCH_ROUNDS、BENCH_WARMUP、BENCH_THROUGHPUT_CALLS 设定。基准不做任何断言。',
    en: 'The same "list memos" through REST and through MCP on the workshop dataset, interleaved: median and p99 latency, their ratio (goal: MCP at most 1.3 × REST), and tools/call throughput with 32 concurrent clients. BENCH_ROUNDS, BENCH_WARMUP and BENCH_THROUGHPUT_CALLS set the rounds. A benchmark asserts nothing.',
  },
  options: {},
} as const satisfies CommandSpec<OptionSpecs>;

const messages = bilingualMessages(pairs);

// One keep-alive agent for both sides, so neither pays for connections the other does not.
const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });

interface Call {
  path: string;
  method: string;
  headers: Record<string, string>;
  body?: string;
}

function send(base: URL, call: Call): Promise<number> {
  return new Promise((resolve, reject) => {
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
}

const restCall: Call = {
  path: '/api/v1/memos?pageSize=50',
  method: 'GET',
  headers: { Authorization: 'Bearer example-token', Accept: 'application/json' },
};
const ENVELOPE = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
};

function mcp(method: string, params: Record<string, unknown>, name?: string): Call {
  const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: { ...params, _meta: ENVELOPE } });
  return {
    path: '/mcp',
    method: 'POST',
    headers: {
      Authorization: 'Bearer example-token',
      'Content-Type': 'application/json',
      Accept: 'application/json, text/event-stream',
      'MCP-Protocol-Version': '2026-07-28',
      'Mcp-Method': method,
      ...(name ? { 'Mcp-Name': name } : {}),
      'Content-Length': String(Buffer.byteLength(body)),
    },
    body,
  };
}

const mcpCall = mcp(
  'tools/call',
  { name: 'memo_list_memos', arguments: { pageSize: 50 } },
  'memo_list_memos',
);
const discoverCall = mcp('server/discover', {});

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

async function timed(base: URL, call: Call): Promise<number> {
  const started = performance.now();
  const status = await send(base, call);
  if (status !== 200) throw new Error(`${call.method} ${call.path} answered ${status}`);
  return performance.now() - started;
}

async function timedInProcess(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

async function throughput(base: URL, call: Call, total: number): Promise<number> {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < total) {
        next++;
        await timed(base, call);
      }
    }),
  );
  return total / ((performance.now() - started) / 1000);
}

await command(spec, async ({ paint, lang }) => {
  const say = messages.in(lang);
  const adapter = await createAdapter({ dataset: 'workshop' });
  const server = await listen(adapter.app);
  const toolWork = async () => {
    const result = await adapter.runner.call(
      'memo_list_memos',
      { pageSize: 50 },
      { authorization: 'Bearer example-token' },
    );
    if (result.isError) throw new Error(`memo_list_memos failed: ${result.content[0]?.text}`);
  };
  try {
    const base = new URL(server.url);
    const samples = {
      rest: [] as number[],
      mcp: [] as number[],
      discover: [] as number[],
      tool: [] as number[],
    };
    const measurements: Array<[keyof typeof samples, () => Promise<number>]> = [
      ['rest', () => timed(base, restCall)],
      ['mcp', () => timed(base, mcpCall)],
      ['discover', () => timed(base, discoverCall)],
      ['tool', () => timedInProcess(toolWork)],
    ];
    for (let i = 0; i < WARMUP; i++) for (const [, measure] of measurements) await measure();
    // Interleaved, and in a rotating order, so every kind sees the same machine load at the same moments.
    for (let i = 0; i < ROUNDS; i++) {
      for (let k = 0; k < measurements.length; k++) {
        const [kind, measure] = measurements[(i + k) % measurements.length] as (typeof measurements)[number];
        samples[kind].push(await measure());
      }
    }
    for (const values of Object.values(samples)) values.sort((a, b) => a - b);
    const { rest, mcp: calls, discover, tool } = samples;
    const median = (values: number[]) => percentile(values, 50);
    const ratio = median(calls) / median(rest);
    const ratio99 = percentile(calls, 99) / percentile(rest, 99);
    const floor = (median(discover) + median(tool)) / median(rest);
    const restRate = await throughput(base, restCall, THROUGHPUT_CALLS);
    const mcpRate = await throughput(base, mcpCall, THROUGHPUT_CALLS);

    const labels = {
      rest: 'GET /api/v1/memos?pageSize=50',
      mcp: 'tools/call memo_list_memos {pageSize: 50}',
      mcpRate: 'tools/call memo_list_memos',
      discover: say('discover'),
      tool: say('toolWork'),
    };
    // One label column for every row, measured in cells so Chinese labels line up too.
    const labelWidth = Math.max(...Object.values(labels).map((label) => stringWidth(label)));
    const line = (label: string, ...cells: string[]) =>
      console.log(`  ${padToWidth(label, labelWidth)} ${cells.join(' ')}`);
    const latency = (label: string, values: number[]) =>
      line(
        label,
        `${median(values).toFixed(2).padStart(8)} ms`,
        `${percentile(values, 99).toFixed(2).padStart(8)} ms`,
      );
    // A heading over a number column ("   12.34 ms") ends where the number ends. TOOLKIT-CANDIDATE: a
    // right-aligned padToWidth (padStart counts a Chinese character as one cell).
    const rightAligned = (heading: string) => padStartToWidth(heading, 11);
    const rate = (label: string, perSecond: number) =>
      line(label, `${perSecond.toFixed(0).padStart(8)} req/s`);

    console.log(paint('bold', say('title', { rounds: ROUNDS })));
    console.log(
      paint('dim', `  ${padToWidth('', labelWidth)} ${[say('median'), 'p99'].map(rightAligned).join(' ')}`),
    );
    latency(labels.rest, rest);
    latency(labels.mcp, calls);
    const verdict =
      ratio <= GOAL
        ? paint('green', say('within', { goal: GOAL }))
        : paint('yellow', say('over', { goal: GOAL }));
    console.log(`  ${say('ratio', { ratio: ratio.toFixed(2), verdict, ratio99: ratio99.toFixed(2) })}`);
    console.log('');
    console.log(paint('bold', say('whereTitle')));
    latency(labels.discover, discover);
    latency(labels.tool, tool);
    console.log(`  ${say('floor', { floor: floor.toFixed(2) })}`);
    console.log('');
    console.log(paint('bold', say('throughputTitle', { concurrency: CONCURRENCY, calls: THROUGHPUT_CALLS })));
    rate(labels.rest, restRate);
    rate(labels.mcpRate, mcpRate);
  } finally {
    agent.destroy();
    await adapter.close();
    await server.close();
  }
});
