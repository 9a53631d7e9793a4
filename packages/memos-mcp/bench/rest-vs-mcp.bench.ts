// `pnpm bench`: the same "list memos" through REST and through MCP, side by side in one run on the
// workshop dataset. Prints median and p99 latency of each, their ratio (goal: MCP at most 1.3 × REST),
// and tools/call throughput with 32 concurrent clients. Two more measurements in the same rounds say
// where the MCP time goes: a `server/discover` (the SDK's HTTP path with no business work at all) and
// the tool's own work in-process (argument validation, the in-process REST call, the result). Their sum
// is the lowest ratio this design can reach on the machine. A benchmark, not a test: it asserts nothing.
import { Agent, request } from 'node:http';
import { styleText } from 'node:util';
import { listen } from '@memos-kit/memos-rest';
import { createAdapter } from '../src/index.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 1000);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 200);
const CONCURRENCY = 32;
const THROUGHPUT_CALLS = Number(process.env.BENCH_THROUGHPUT_CALLS ?? 2000);
const GOAL = 1.3;
const color = !process.argv.includes('--no-color') && !process.env.NO_COLOR;
const paint = (format: Parameters<typeof styleText>[0], text: string) =>
  color ? styleText(format, text, { validateStream: false }) : text;

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

const adapter = await createAdapter({ dataset: 'workshop' });
const server = await listen(adapter.app, '127.0.0.1', 0);
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
  const row = (label: string, values: number[]) =>
    `  ${label.padEnd(52)} ${median(values).toFixed(2).padStart(8)} ms ${percentile(values, 99).toFixed(2).padStart(8)} ms`;
  const ratio = median(calls) / median(rest);
  const ratio99 = percentile(calls, 99) / percentile(rest, 99);
  const floor = (median(discover) + median(tool)) / median(rest);
  const restRate = await throughput(base, restCall, THROUGHPUT_CALLS);
  const mcpRate = await throughput(base, mcpCall, THROUGHPUT_CALLS);

  console.log(
    paint('bold', `REST vs MCP on the workshop dataset (${ROUNDS} calls each, interleaved, keep-alive)`),
  );
  console.log(paint('dim', `  ${''.padEnd(52)} ${'median'.padStart(11)} ${'p99'.padStart(11)}`));
  console.log(row('GET /api/v1/memos?pageSize=50', rest));
  console.log(row('tools/call memo_list_memos {pageSize: 50}', calls));
  const verdict =
    ratio <= GOAL
      ? paint('green', `within the goal of ${GOAL}`)
      : paint('yellow', `over the goal of ${GOAL}`);
  console.log(`  MCP / REST: median ${ratio.toFixed(2)} (${verdict}), p99 ${ratio99.toFixed(2)}`);
  console.log('');
  console.log(paint('bold', 'Where the tools/call time goes (same rounds)'));
  console.log(row('server/discover over HTTP: the SDK path, no tool', discover));
  console.log(row("the tool's own work in-process (REST call included)", tool));
  console.log(
    `  Lowest ratio this design can reach here: (discover + tool work) / REST = ${floor.toFixed(2)}`,
  );
  console.log('');
  console.log(paint('bold', `Throughput with ${CONCURRENCY} concurrent clients (${THROUGHPUT_CALLS} calls)`));
  console.log(
    `  GET /api/v1/memos?pageSize=50                       ${restRate.toFixed(0).padStart(8)} req/s`,
  );
  console.log(
    `  tools/call memo_list_memos                          ${mcpRate.toFixed(0).padStart(8)} req/s`,
  );
} finally {
  agent.destroy();
  await adapter.close();
  await server.close();
}
