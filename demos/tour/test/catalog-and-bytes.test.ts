import { runEntry } from '@memos-kit/process';
import { loadFixture } from '@memos-kit/wire';
import { describe, expect, it } from 'vitest';
import { keyOrderDifferences } from '../src/key-order.ts';
import { steps } from '../src/steps.ts';
import { tourMain, tourRun } from './tour-process.ts';

const catalogStep = String(steps.findIndex((step) => step.layout === 'tool-catalog') + 1);

describe('the tools/list step', () => {
  it('shows a summary a class can read by default, and memo_list_memos whole with --full', async () => {
    const args = ['--step', catalogStep, '--pace', 'fast', '--no-color', '--lang', 'en'];
    const [summary, full] = await Promise.all([
      runEntry(tourMain, { ...tourRun(args), timeoutMs: 60_000 }),
      runEntry(tourMain, { ...tourRun([...args, '--full']), timeoutMs: 60_000 }),
    ]);
    for (const run of [summary, full]) expect(run.code, run.stderr).toBe(0);
    const lines = (text: string) => text.split('\n').length;
    expect(lines(summary.stdout)).toBeLessThan(130);
    expect(lines(full.stdout)).toBeGreaterThan(lines(summary.stdout) + 300);
    // The summary: every argument of memo_list_memos in a table, the filter help, the way to the rest.
    for (const argument of ['pageSize', 'pageToken', 'state', 'orderBy', 'filter', 'showDeleted']) {
      expect(summary.stdout).toMatch(new RegExp(`^  ${argument} `, 'm'));
    }
    expect(summary.stdout).toContain('Available fields:');
    expect(summary.stdout).toContain(`pnpm demo --step ${catalogStep} --full`);
    expect(summary.stdout).not.toContain('"$defs"');
    expect(full.stdout).toContain('"$defs"');
    expect(full.stdout).toContain('Available fields:');
  }, 90_000);
});

describe('keyOrderDifferences', () => {
  const article = JSON.parse(loadFixture('stdio-tools-call').text('response')) as unknown;

  it('finds nothing when the live value is the article, byte for byte', () => {
    expect(keyOrderDifferences(article, article)).toEqual([]);
  });

  it('names each object whose members come in another order, and strings holding the same JSON spelt differently', () => {
    const live = JSON.parse(
      '{"result":{"content":[{"type":"text","text":"{\\"memos\\":[]}"}],"structuredContent":{"memos":[]},"resultType":"complete","_meta":{"io.modelcontextprotocol/serverInfo":{"name":"memos-example-adapter","version":"1.0.0"}}},"jsonrpc":"2.0","id":6}',
    ) as unknown;
    expect(keyOrderDifferences(live, article)).toEqual([
      { kind: 'order', path: '$', live: ['result', 'jsonrpc', 'id'], article: ['jsonrpc', 'id', 'result'] },
      {
        kind: 'order',
        path: '$.result',
        live: ['content', 'structuredContent', 'resultType', '_meta'],
        article: ['resultType', 'content', 'structuredContent', '_meta'],
      },
      { kind: 'text', path: '$.result.content[0].text', live: '{"memos":[]}', article: '{"memos": []}' },
    ]);
  });

  it('leaves a different value to the matcher: only the same JSON in other bytes is reported here', () => {
    expect(keyOrderDifferences({ text: 'a b' }, { text: 'a  b' })).toEqual([]);
    expect(keyOrderDifferences({ a: 1, b: 2 }, { a: 1, b: 3 })).toEqual([]);
  });
});
