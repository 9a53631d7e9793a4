import { runEntry } from '@memos-kit/process';
import { catalogProblems, createPaint } from '@memos-kit/terminal';
import { describe, expect, it } from 'vitest';
import { messages } from '../src/messages.ts';
import { Printer } from '../src/printer.ts';
import { runFeatures } from '../src/run.ts';

const DEMO = new URL('../src/demo.ts', import.meta.url);

describe('pnpm demo:features', () => {
  it('has every sentence in both languages, with the same placeholders', () => {
    expect(catalogProblems(messages.catalogs)).toEqual([]);
  });

  it('shows the round trip and the listen stream in order, and ends with 0', async () => {
    const run = await runEntry(DEMO, { args: ['--lang', 'en'], env: { NO_COLOR: '1' } });
    expect(run.code, run.stderr).toBe(0);
    const out = run.stdout;
    const at = (text: string) => {
      const index = out.indexOf(text);
      expect(index, `missing: ${text}`).toBeGreaterThan(-1);
      return index;
    };
    // The acknowledgement before the REST create, the list change after it; -32021, then the retry.
    expect(at('"method":"notifications/subscriptions/acknowledged"')).toBeLessThan(
      at('POST /api/v1/memos?memoId=friday-demo'),
    );
    expect(at('POST /api/v1/memos?memoId=friday-demo')).toBeLessThan(
      at('"method":"notifications/resources/list_changed"'),
    );
    expect(at('"code": -32021')).toBeLessThan(at('"resultType": "input_required"'));
    expect(at('"resultType": "input_required"')).toBeLessThan(at('"inputResponses"'));
    expect(out).not.toContain('✗');
  });

  it('counts its checks and records each step once', async () => {
    // A printer that reports every step; the scenario's checks are then counted, not printed only.
    const lines: string[] = [];
    const failures = await runFeatures(
      new Printer(createPaint(false), 100, (text) => lines.push(text)),
      messages.in('en'),
      (id) => {
        // Recording a step twice would mean the scenario lost track of its ids.
        expect(lines.filter((line) => line.includes(`recorded ${id}`))).toEqual([]);
        lines.push(`recorded ${id}\n`);
      },
    );
    expect(failures).toBe(0);
    expect(lines.join('')).toContain('✓ the retry with inputResponses completes the delete');
  });
});
