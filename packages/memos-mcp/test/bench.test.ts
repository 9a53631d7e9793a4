import { runEntry } from '@memos-kit/process';
import { describe, expect, it } from 'vitest';

const BENCH = new URL('../bench/rest-vs-mcp.bench.ts', import.meta.url);

// The benchmark is not a test and its numbers are never asserted; this only keeps `pnpm bench` from
// rotting: a short run must finish and print every row a reader of the README is told to look for.
describe('pnpm bench (a short smoke run)', () => {
  it('prints both latencies, the ratio, where the time goes, and both throughputs', async () => {
    const run = await runEntry(BENCH, {
      args: ['--no-color', '--lang', 'en'],
      env: { BENCH_ROUNDS: '20', BENCH_WARMUP: '5', BENCH_THROUGHPUT_CALLS: '64' },
      timeoutMs: 60_000,
    });
    expect(run.code, run.stderr).toBe(0);
    const number = String.raw`\d+\.\d\d`;
    for (const row of [
      new RegExp(String.raw`GET /api/v1/memos\?pageSize=50 +${number} ms +${number} ms`),
      new RegExp(String.raw`tools/call memo_list_memos \{pageSize: 50\} +${number} ms +${number} ms`),
      new RegExp(String.raw`MCP / REST: median ${number} \((within|over) the goal of 1\.3\), p99 ${number}`),
      new RegExp(`server/discover over HTTP.* +${number} ms`),
      new RegExp(`tool's own work in-process.* +${number} ms`),
      new RegExp(String.raw`\(discover \+ tool work\) / REST = ${number}`),
      /tools\/call memo_list_memos +\d+ req\/s/,
    ]) {
      expect(run.stdout).toMatch(row);
    }
    expect(run.stdout).not.toContain('\u001b[');
  });

  it('speaks Chinese by default, with the rows and numbers in the same places', async () => {
    const run = await runEntry(BENCH, {
      env: {
        BENCH_ROUNDS: '5',
        BENCH_WARMUP: '1',
        BENCH_THROUGHPUT_CALLS: '32',
        KIT_LANG: '',
        NO_COLOR: '1',
      },
      timeoutMs: 60_000,
    });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^REST 与 MCP，工作坊数据集（各 5 次调用/);
    expect(run.stdout).toMatch(/MCP \/ REST：中位数 \d+\.\d\d（(在目标 1\.3 以内|超出目标 1\.3)），p99/);
    expect(run.stdout).toMatch(/tools\/call memo_list_memos +\d+ req\/s/);
  });
});
