import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runEntry } from '@memos-kit/process';
import { replayEntry } from '@memos-kit/recording/entries';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TourReport } from '../src/report.ts';
import { stepNumber, tourMain, tourRun } from './tour-process.ts';

const dir = mkdtempSync(join(tmpdir(), 'tour-replay-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function tourJson(
  args: string[],
): Promise<{ code: number | null; report: TourReport; stderr: string }> {
  const run = await runEntry(tourMain, {
    ...tourRun(['--json', '--pace', 'fast', ...args]),
    timeoutMs: 100_000,
  });
  return { code: run.code, report: JSON.parse(run.stdout) as TourReport, stderr: run.stderr };
}

/** `pnpm replay REPORT --export jsonl --out FILE`: the one command that turns a tour report into a recording. */
async function convert(report: TourReport, name: string): Promise<string> {
  const source = join(dir, `${name}.json`);
  const target = join(dir, `${name}.jsonl`);
  writeFileSync(source, JSON.stringify(report));
  const run = await runEntry(replayEntry, {
    args: [source, '--export', 'jsonl', '--out', target],
    timeoutMs: 30_000,
  });
  expect(run.code, run.stderr).toBe(0);
  return target;
}

describe('the tour, recorded and replayed', () => {
  let live: TourReport;
  beforeAll(async () => {
    const run = await tourJson([]);
    expect(run.code, run.stderr).toBe(0);
    live = run.report;
  }, 120_000);

  it('passes every step against pnpm replay, over HTTP and over stdio', async () => {
    const recording = await convert(live, 'tour');
    const replayed = await tourJson(['--replay', recording]);
    expect(replayed.code, replayed.stderr).toBe(0);
    expect(replayed.report.steps.map((step) => [step.id, step.matches])).toEqual(
      live.steps.map((step) => [step.id, true]),
    );
    const exchanges = replayed.report.steps.flatMap((step) => step.exchanges);
    // Every answer came from the replay: one HTTP server for all datasets, and the replay as the stdio child.
    const urls = new Set(
      exchanges.flatMap((exchange) => (exchange.transport === 'stdio' ? [] : [exchange.server.url])),
    );
    expect(urls.size).toBe(1);
    const liveUrls = live.steps
      .flatMap((step) => step.exchanges)
      .flatMap((e) => (e.transport === 'stdio' ? [] : [e.server.url]));
    expect(liveUrls).not.toContain([...urls][0]);
    const stdio = exchanges.find((exchange) => exchange.transport === 'stdio');
    expect(stdio?.transport === 'stdio' && stdio.command.join(' ')).toContain(
      'packages/recording/src/cli.ts',
    );
    expect(stdio?.transport === 'stdio' && stdio.command).toContain('stdio');
    // SSE stays SSE: the progress step's answer arrives as two events.
    const sse = replayed.report.steps.find((step) => step.id === 'sse-progress')?.exchanges[0];
    expect(sse?.transport).toBe('sse');
    expect(sse?.transport !== 'stdio' && sse?.response.events?.length).toBe(2);
  }, 120_000);

  it('fails the one step whose exchange the recording lacks, with the replay\'s "not recorded" error', async () => {
    const missing = stepNumber('header-mismatch');
    const partial: TourReport = {
      ...live,
      steps: live.steps.filter((step) => String(step.number) !== missing),
    };
    const replayed = await tourJson(['--replay', await convert(partial, 'partial')]);
    expect(replayed.code).toBe(1);
    const failed = replayed.report.steps.filter((step) => !step.matches).map((step) => String(step.number));
    expect(failed).toEqual([missing]);
    const answer = replayed.report.steps.find((step) => String(step.number) === missing)?.exchanges[0];
    expect(answer?.transport !== 'stdio' && answer?.response.body).toContain('Not recorded');
  }, 120_000);
});
