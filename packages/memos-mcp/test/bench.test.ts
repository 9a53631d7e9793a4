import { runEntry } from '@memos-kit/process';
import { describe, expect, it } from 'vitest';

const BENCH = new URL('../bench/rest-vs-mcp.bench.ts', import.meta.url);

// The benchmark is not a test and its numbers are never asserted; this only keeps `pnpm bench` from
// rotting: a short run must finish and print every row a reader of the README and of
// docs/reference/performance.md is told to look for.
describe('pnpm bench (a short smoke run)', () => {
  it('prints the ratios at one client and at 16 out of process, each layer in-process, cold start against the floor, the demos and the load', async () => {
    const run = await runEntry(BENCH, {
      args: ['--no-color', '--lang', 'en'],
      env: { BENCH_ROUNDS: '20', BENCH_WARMUP: '5', BENCH_THROUGHPUT_CALLS: '64', BENCH_COLD_ROUNDS: '1' },
      timeoutMs: 120_000,
    });
    expect(run.code, run.stderr).toBe(0);
    // Prose wraps to 100 columns: read it with each line break and the indentation after it as one space.
    const flat = run.stdout.replace(/\s*\n\s*/g, ' ');
    const number = String.raw`\d+\.\d\d`;
    const load = String.raw`\d+\.\d\d \d+\.\d\d \d+\.\d\d`;
    for (const row of [
      new RegExp(String.raw`Load average \(1/5/15 min\): ${load} at the start, ${load} at the end`),
      new RegExp(String.raw`GET /api/v1/memos\?pageSize=50 +${number} ms +${number} ms`),
      new RegExp(String.raw`tools/call memo_list_memos \{pageSize: 50\} +${number} ms +${number} ms`),
      /As users run it: pnpm serve in its own process, the client \(node:http, keep-alive\) in another/,
      new RegExp(
        String.raw`MCP / REST: median ${number} \((within|over) the goal of 2\.2\), p99 ${number}; 1-minute load ${number}`,
      ),
      new RegExp(`the REST request: in-process dispatch.* +${number} ms +${number} ms`),
      new RegExp(String.raw`ToolRunner\.call.* +${number} ms +-?${number} ms`),
      new RegExp(`the SDK's web handler.* +${number} ms +-?${number} ms`),
      new RegExp(`MCP over HTTP.* +${number} ms +-?${number} ms`),
      new RegExp(`zod check of the CallToolResult.* +${number} ms`),
      new RegExp(String.raw`as a web Response and back \(Response\.json \+ body read\) +${number} ms`),
      new RegExp(String.raw`\(REST \+ REST in-process\) / REST ≈ ${number}`),
      new RegExp(
        String.raw`MCP / REST: p99 ${number} \((within|over) the goal of 3\), throughput ${number}; 1-minute load ${number}`,
      ),
      /The SDK's own share of the same answer: its minimal server \(McpServer \+ toNodeHandler on node:http/,
      new RegExp(`node:http alone: GET +${number} ms +${number} ms`),
      new RegExp(`the SDK's minimal server: tools/call +${number} ms +${number} ms`),
      new RegExp(
        `SDK / node:http: median ${number}, p99 ${number}; the SDK adds -?${number} ms here, the kit's MCP -?${number} ms to its REST; 1-minute load ${number}`,
      ),
      /A second view: the layers of one tools\/call, all timed in this one process/,
      new RegExp(`the ratio reads lower: MCP ÷ REST median ${number} here; 1-minute load ${number}`),
      new RegExp(String.raw`a minimal v2-SDK stdio server \(one tool\) +${number} ms`),
      new RegExp(String.raw`pnpm mcp:stdio \(bundle\) +${number} ms ÷ floor ${number} \(goal ≤ 1\.5\)`),
      new RegExp(`pnpm mcp:stdio from source via tsx.* +${number} ms ÷ floor ${number}`),
      new RegExp(String.raw`pnpm serve \(bundle\) +${number} ms ÷ floor ${number} \(goal ≤ 1\.5\)`),
      ...['stdio', 'sse --fast', 'hateoas', 'host', 'features'].map(
        (demo) => new RegExp(`pnpm demo:${demo} +${number} s`),
      ),
    ]) {
      expect(flat).toMatch(row);
    }
    expect(run.stdout).not.toContain('\u001b[');
    expect(Math.max(...run.stdout.split('\n').map((line) => line.length))).toBeLessThanOrEqual(100);
  }, 130_000);

  it('speaks Chinese by default, with the rows and numbers in the same places; BENCH_COLD_ROUNDS=0 skips starts', async () => {
    const run = await runEntry(BENCH, {
      env: {
        BENCH_ROUNDS: '5',
        BENCH_WARMUP: '1',
        BENCH_THROUGHPUT_CALLS: '32',
        BENCH_COLD_ROUNDS: '0',
        KIT_LANG: '',
        NO_COLOR: '1',
      },
      timeoutMs: 60_000,
    });
    expect(run.code, run.stderr).toBe(0);
    // Chinese wraps between any two characters and at spaces: a line break and its indentation are read as
    // nothing, so a space the wrap took is optional.
    const flat = run.stdout.replace(/\s*\n\s*/g, '');
    expect(run.stdout).toMatch(/^本机：\d+ 核/);
    expect(flat).toMatch(/按用户的用法：pnpm ?serve ?在自己的进程里/);
    expect(flat).toMatch(/一个客户端，REST ?与 ?MCP ?交替，各 ?5 ?次调用/);
    expect(flat).toMatch(/MCP ?\/ ?REST：中位数 ?\d+\.\d\d（(在目标 ?2\.2 ?以内|超出目标 ?2\.2)），p99/);
    expect(flat).toMatch(/MCP ?\/ ?REST：p99 ?\d+\.\d\d（(在目标 ?3 ?以内|超出目标 ?3)），吞吐量/);
    expect(flat).toMatch(/SDK ?自己的一份/);
    expect(flat).toMatch(/第二种视角/);
    expect(run.stdout).toContain('BENCH_COLD_ROUNDS=0');
    expect(run.stdout).not.toContain('pnpm mcp:stdio');
  });
});
