// `pnpm bench`: the same "list memos" through REST and through MCP, side by side in one run on the
// workshop dataset. Prints median and p99 latency of each, their ratio (goal: MCP at most 1.3 × REST),
// and tools/call throughput with 32 concurrent clients. A benchmark, not a test: it asserts nothing.
import { Agent, request } from 'node:http';
import { styleText } from 'node:util';
import { startServer } from '../src/index.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 1000);
const WARMUP = 200;
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
const mcpBody = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'tools/call',
  params: {
    name: 'memo_list_memos',
    arguments: { pageSize: 50 },
    _meta: {
      'io.modelcontextprotocol/protocolVersion': '2026-07-28',
      'io.modelcontextprotocol/clientCapabilities': {},
    },
  },
});
const mcpCall: Call = {
  path: '/mcp',
  method: 'POST',
  headers: {
    Authorization: 'Bearer example-token',
    'Content-Type': 'application/json',
    Accept: 'application/json, text/event-stream',
    'MCP-Protocol-Version': '2026-07-28',
    'Mcp-Method': 'tools/call',
    'Mcp-Name': 'memo_list_memos',
    'Content-Length': String(Buffer.byteLength(mcpBody)),
  },
  body: mcpBody,
};

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

async function timed(base: URL, call: Call): Promise<number> {
  const started = performance.now();
  const status = await send(base, call);
  if (status !== 200) throw new Error(`${call.method} ${call.path} answered ${status}`);
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

const server = await startServer({ port: 0, dataset: 'workshop' });
try {
  const base = new URL(server.url);
  for (let i = 0; i < WARMUP; i++) {
    await timed(base, restCall);
    await timed(base, mcpCall);
  }
  const rest: number[] = [];
  const mcp: number[] = [];
  // Interleaved, so both sides see the same machine load at the same moments.
  for (let i = 0; i < ROUNDS; i++) {
    if (i % 2 === 0) {
      rest.push(await timed(base, restCall));
      mcp.push(await timed(base, mcpCall));
    } else {
      mcp.push(await timed(base, mcpCall));
      rest.push(await timed(base, restCall));
    }
  }
  rest.sort((a, b) => a - b);
  mcp.sort((a, b) => a - b);
  const row = (label: string, values: number[]) =>
    `  ${label.padEnd(44)} ${percentile(values, 50).toFixed(2).padStart(8)} ms ${percentile(values, 99).toFixed(2).padStart(8)} ms`;
  const ratio = percentile(mcp, 50) / percentile(rest, 50);
  const ratio99 = percentile(mcp, 99) / percentile(rest, 99);
  const restRate = await throughput(base, restCall, THROUGHPUT_CALLS);
  const mcpRate = await throughput(base, mcpCall, THROUGHPUT_CALLS);

  console.log(
    paint('bold', `REST vs MCP on the workshop dataset (${ROUNDS} calls each, interleaved, keep-alive)`),
  );
  console.log(paint('dim', `  ${''.padEnd(44)} ${'median'.padStart(11)} ${'p99'.padStart(11)}`));
  console.log(row('GET /api/v1/memos?pageSize=50', rest));
  console.log(row('tools/call memo_list_memos {pageSize: 50}', mcp));
  const verdict =
    ratio <= GOAL
      ? paint('green', `within the goal of ${GOAL}`)
      : paint('yellow', `over the goal of ${GOAL}`);
  console.log(`  MCP / REST: median ${ratio.toFixed(2)} (${verdict}), p99 ${ratio99.toFixed(2)}`);
  console.log('');
  console.log(paint('bold', `Throughput with ${CONCURRENCY} concurrent clients (${THROUGHPUT_CALLS} calls)`));
  console.log(`  GET /api/v1/memos?pageSize=50               ${restRate.toFixed(0).padStart(8)} req/s`);
  console.log(`  tools/call memo_list_memos                  ${mcpRate.toFixed(0).padStart(8)} req/s`);
} finally {
  agent.destroy();
  await server.close();
}
