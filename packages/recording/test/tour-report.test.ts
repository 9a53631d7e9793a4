import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { fromTourReport, NotATourReport } from '../src/convert.ts';
import {
  type TourReport,
  tourReportJsonSchema,
  tourReportSchema,
  tourReportSchemaUrl,
} from '../src/tour-report.ts';

/** A small report of one step with one exchange of each transport, as the tour writes one. */
function report(): TourReport {
  const verdict = { fixture: null, against: 'a rule', mode: 'rule' as const, matches: true, differences: [] };
  return {
    $schema: tourReportSchemaUrl.href,
    kit: 'memos-mcp-rest-kit',
    protocolVersion: '2026-07-28',
    lang: 'en',
    pace: 'fast',
    matches: true,
    steps: [
      {
        number: 1,
        id: 'discover',
        title: 'Discover',
        section: { number: '3.1', title: 'Discovery' },
        matches: true,
        exchanges: [
          {
            ...verdict,
            transport: 'http',
            server: { url: 'http://127.0.0.1:5230', dataset: 'empty' },
            request: { method: 'POST', target: '/mcp', headers: [['Host', 'memos.example.com']], body: '{}' },
            response: { status: 200, reason: 'OK', headers: [], body: '{}', headersMs: 1.5, endMs: 2 },
          },
          {
            ...verdict,
            transport: 'stdio',
            command: ['node', 'stdio.ts'],
            pid: 42,
            request: { line: '{}' },
            response: { line: '{}', stderr: '', elapsedMs: 3 },
          },
        ],
      },
    ],
  };
}

/** The same report with its first exchange claiming a match it does not have, or the reverse. */
function contradicting(matches: boolean): TourReport {
  const broken = report();
  const exchange = broken.steps[0]?.exchanges[0];
  if (!exchange) throw new Error('no exchange');
  exchange.matches = matches;
  exchange.differences = matches
    ? [{ where: 'status', path: 'status', kind: 'changed', expected: 200, actual: 400 }]
    : [];
  return broken;
}

describe('the tour report schema, written once', () => {
  it('is the file the JSON Schema users read, as made from the zod schema', () => {
    const committed: unknown = JSON.parse(readFileSync(tourReportSchemaUrl, 'utf8'));
    expect(committed, 'run pnpm --filter @memos-kit/recording write-schema').toEqual(tourReportJsonSchema());
  });

  it('accepts a report as the tour writes it, in zod and in the JSON Schema alike', () => {
    const validate = new Ajv2020({ allErrors: true }).compile(tourReportJsonSchema());
    expect(validate(report()), JSON.stringify(validate.errors)).toBe(true);
    expect(tourReportSchema.safeParse(report()).success).toBe(true);
  });

  it.each([
    ['a match with differences', true],
    ['a mismatch without any', false],
  ])('refuses %s, in zod and in the JSON Schema alike', (_label, matches) => {
    const validate = new Ajv2020().compile(tourReportJsonSchema());
    expect(validate(contradicting(matches))).toBe(false);
    expect(tourReportSchema.safeParse(contradicting(matches)).success).toBe(false);
  });

  it('is what pnpm replay checks a report with, and it says where a report is wrong', () => {
    expect(fromTourReport(report()).frames.length).toBeGreaterThan(0);
    const wrong = report();
    Object.assign(wrong.steps[0]?.exchanges[1] ?? {}, { pid: 0 });
    expect(() => fromTourReport(wrong)).toThrow(NotATourReport);
    expect(() => fromTourReport(wrong)).toThrow(/^\/steps\/0\/exchanges\/1/);
  });
});
