import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type EntryRun, runEntry } from '@memos-kit/process';
import { tourReportSchemaUrl } from '@memos-kit/recording/tour-report';
import { stringWidth } from '@memos-kit/terminal';
import { loadManifest } from '@memos-kit/wire';
import { Ajv2020 } from 'ajv/dist/2020';
import { beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../src/messages.ts';
import type { TourReport } from '../src/report.ts';
import { steps } from '../src/steps.ts';
import { normalizeTranscript } from '../src/transcript.ts';
import { tourMain, tourRun } from './tour-process.ts';

const transcriptPath = fileURLToPath(new URL('../transcripts/tour.txt', import.meta.url));
const schema = JSON.parse(readFileSync(tourReportSchemaUrl, 'utf8')) as object;

describe('pnpm demo --pace fast --no-color (the text tour, as a child process)', () => {
  let tour: EntryRun;
  beforeAll(async () => {
    // runEntry kills the tour if it hangs, so no test leaves a process behind.
    tour = await runEntry(tourMain, {
      ...tourRun(['--pace', 'fast', '--no-color', '--lang', 'zh']),
      timeoutMs: 100_000,
    });
  }, 120_000);

  it('walks every step against the live servers and every step matches the article', () => {
    expect(tour.stderr).toBe('');
    expect(tour.code).toBe(0);
    const out = tour.stdout;
    for (const [i] of steps.entries()) expect(out).toContain(`步骤 ${i + 1}/${steps.length} · `);
    expect(out).not.toContain('✗');
    expect(out).toContain(messages.t('zh', 'summaryAll', { total: steps.length }));
  });

  it('says on its first screen, before the first step, how to go one step at a time', () => {
    const firstScreen = tour.stdout.slice(0, tour.stdout.indexOf('步骤 1/'));
    expect(firstScreen.replace(/\s+/g, ' ')).toContain(messages.t('zh', 'pacingHint').replace(/\s+/g, ' '));
    for (const option of ['--interactive', '--step N', '--list']) expect(firstScreen).toContain(option);
  });

  it('prints plain text when asked to', () => {
    expect(tour.stdout).not.toContain('\u001b[');
  });

  it('fits 100 columns when piped, and keeps step 1 side by side with the gutter in one column', () => {
    const lines = tour.stdout.split('\n');
    const wide = lines.filter((line) => stringWidth(line) > 100);
    expect(wide, 'lines wider than 100 columns').toEqual([]);
    const step1 = lines.slice(lines.findIndex((line) => line.startsWith('步骤 1/')));
    const rows = step1
      .slice(
        0,
        step1.findIndex((line) => line.startsWith('步骤 2/')),
      )
      .filter((l) => l.includes('│'));
    expect(rows.length).toBeGreaterThan(20);
    const gutters = new Set(rows.map((row) => stringWidth(row.slice(0, row.indexOf('│')))));
    expect([...gutters]).toHaveLength(1);
  });

  it('is what transcripts/tour.txt shows (ports, pids and times aside)', () => {
    const captured = readFileSync(transcriptPath, 'utf8');
    const stale = 'transcripts/tour.txt is stale; refresh it with: pnpm --filter @memos-kit/tour transcript';
    expect(normalizeTranscript(tour.stdout), stale).toBe(normalizeTranscript(captured));
  });
});

describe('pnpm demo --json', () => {
  let report: TourReport;
  beforeAll(async () => {
    const tour = await runEntry(tourMain, {
      ...tourRun(['--json', '--pace', 'fast', '--lang', 'en']),
      timeoutMs: 100_000,
    });
    expect(tour.code, tour.stderr).toBe(0);
    report = JSON.parse(tour.stdout) as TourReport;
  }, 120_000);

  it('validates against the published schema', () => {
    const validate = new Ajv2020({ allErrors: true }).compile(schema);
    expect(validate(report), JSON.stringify(validate.errors, null, 2)).toBe(true);
  });

  it('names its schema with a $schema URL that leads to the schema file', () => {
    expect(report.$schema).toMatch(/^file:/);
    expect(JSON.parse(readFileSync(new URL(report.$schema), 'utf8'))).toEqual(schema);
  });

  it('records every step in order, each exchange matching its fixture', () => {
    expect(report.steps.map((s) => s.id)).toEqual(steps.map((s) => s.id));
    expect(report.matches).toBe(true);
    for (const step of report.steps) {
      for (const exchange of step.exchanges) expect(exchange.differences, step.id).toEqual([]);
    }
  });

  it('replays every exchange of the article that the MCP server answers', () => {
    const replayed = new Set(report.steps.flatMap((s) => s.exchanges.map((e) => e.fixture)));
    const served = loadManifest().fixtures.filter((f) => f.dataset !== 'orders');
    expect([...replayed].filter(Boolean).sort()).toEqual(served.map((f) => f.id).sort());
  });

  it('the schema is not a rubber stamp: a match with differences is refused', () => {
    const validate = new Ajv2020().compile(schema);
    const broken = structuredClone(report);
    const first = broken.steps[0]?.exchanges[0];
    if (!first) throw new Error('no exchange');
    first.differences = [{ where: 'body', path: '$.memos', kind: 'missing', expected: [] }];
    expect(validate(broken)).toBe(false);
  });
});
