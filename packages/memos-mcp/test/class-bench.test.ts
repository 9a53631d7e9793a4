import { runEntry } from '@memos-kit/process';
import { describe, expect, it } from 'vitest';

const BENCH = new URL('../bench/class-flood.bench.ts', import.meta.url);

// The benchmark's numbers are never asserted; this keeps `bench:class` from rotting: a short run starts
// pnpm serve --class as a teacher does, floods it from a second process, and prints every row the class
// server page tells a reader to look for.
describe('bench:class (a short smoke run)', () => {
  it('prints the flooded / quiet ratio against its bound and how the flood was answered', async () => {
    const run = await runEntry(BENCH, {
      args: ['--lang', 'en'],
      env: { BENCH_BLOCKS: '2', BENCH_PER_BLOCK: '3' },
      timeoutMs: 120_000,
    });
    expect(run.code, run.stderr).toBe(0);
    const number = String.raw`\d+\.\d\d`;
    expect(run.stdout).toMatch(
      new RegExp(`flooded / quiet: median ${number} \\((within|over) the bound of 2\\), p99 ${number}`),
    );
    expect(run.stdout).toMatch(/the flood: (\d+) requests, (\d+) answered 429, (\d+) served/);
  }, 150_000);
});
