import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { loadManifest } from '@memos-kit/wire';
import { Ajv2020 } from 'ajv/dist/2020';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { t } from '../src/i18n.ts';
import type { TourReport } from '../src/report.ts';
import { steps } from '../src/steps.ts';
import { normalizeTranscript } from '../src/transcript.ts';
import { startTour, stopTour, type TourProcess } from './tour-process.ts';

const transcriptPath = fileURLToPath(new URL('../transcripts/tour.txt', import.meta.url));
const schema = JSON.parse(
  readFileSync(fileURLToPath(new URL('../schema/tour-report.schema.json', import.meta.url)), 'utf8'),
) as object;

describe('pnpm demo --pace fast --no-color (the text tour, as a child process)', () => {
  let tour: TourProcess | undefined;
  let code: number | string;
  beforeAll(async () => {
    tour = startTour(['--pace', 'fast', '--no-color', '--lang', 'zh']);
    code = await tour.exited;
  }, 120_000);
  afterAll(() => stopTour(tour));

  it('walks every step against the live servers and every step matches the article', () => {
    expect(tour?.stderr()).toBe('');
    expect(code).toBe(0);
    const out = tour?.stdout() ?? '';
    for (const [i] of steps.entries()) expect(out).toContain(`步骤 ${i + 1}/${steps.length} · `);
    expect(out).not.toContain('✘');
    expect(out).toContain(t('zh', 'summaryAll', { total: steps.length }));
  });

  it('prints plain text when asked to', () => {
    expect(tour?.stdout()).not.toContain('\u001b[');
  });

  it('is what transcripts/tour.txt shows (ports, pids and times aside)', () => {
    const captured = readFileSync(transcriptPath, 'utf8');
    const stale = 'transcripts/tour.txt is stale; refresh it with: pnpm --filter @memos-kit/tour transcript';
    expect(normalizeTranscript(tour?.stdout() ?? ''), stale).toBe(normalizeTranscript(captured));
  });
});

describe('pnpm demo --json', () => {
  let tour: TourProcess | undefined;
  let report: TourReport;
  beforeAll(async () => {
    tour = startTour(['--json', '--pace', 'fast', '--lang', 'en']);
    expect(await tour.exited).toBe(0);
    report = JSON.parse(tour.stdout()) as TourReport;
  }, 120_000);
  afterAll(() => stopTour(tour));

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
