import { startServer } from '@memos-kit/memos-mcp';
import { createPaint, Printer } from '@memos-kit/terminal';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ExchangeContext, replayFixture } from '../src/exchanges.ts';
import { parseTourArgs } from '../src/options.ts';
import type { ResourcePool } from '../src/servers.ts';
import { steps } from '../src/steps.ts';
import { listSteps, runTour } from '../src/tour.ts';
import { TextView } from '../src/view.ts';

describe('a live exchange that differs from the article', () => {
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  beforeAll(async () => {
    // The workshop dataset has public memos, so "at most one non-private memo" is no longer the article's [].
    server = await startServer({ host: '127.0.0.1', port: 0, dataset: 'workshop', pace: 'off' });
  });
  afterAll(() => server?.close());

  it('is reported with the place and both values, in the chosen language', async () => {
    let out = '';
    const view = new TextView({
      printer: new Printer({ paint: createPaint(false), width: 120, write: (t) => (out += t) }),
      lang: 'en',
    });
    const pool: ResourcePool = {
      server: async () => ({ url: server?.url ?? '', dataset: 'workshop' }),
      stdio: () => Promise.reject(new Error('not needed')),
    };
    const ctx: ExchangeContext = { resources: pool, signal: new AbortController().signal, view };
    const record = await replayFixture(ctx, 'rest-list-memos');
    expect(record.matches).toBe(false);
    expect(record.differences.some((d) => d.path.startsWith('$.memos'))).toBe(true);
    expect(out).toContain('✗ differs from the article · fixtures/01-rest-list-memos/response.http');
    expect(out).toMatch(/body \$\.memos a different number of items\n\s+article: 0\n\s+live {3}: 1\n/);
  });
});

describe('--list and --help', () => {
  it('lists the steps in the article’s order without starting anything', async () => {
    let out = '';
    const io = { write: (t: string) => (out += t), width: 120 };
    const outcome = await runTour(
      parseTourArgs(['--list', '--lang', 'en'], { env: {}, stdout: {} }),
      io,
      new AbortController().signal,
    );
    expect(outcome.exitCode).toBe(0);
    expect(out).toContain(listSteps('en', 120).join('\n'));
    const sections = [...out.matchAll(/\[§([\d.]+)\]/g)].map((m) => m[1]);
    expect(sections).toEqual(['1', '3.1', '3.2', '3.6', '6', '6', '6', '6', '8.1', '8.2']);
  });

  it('refuses a step that does not exist, naming the valid range', () => {
    expect(() => parseTourArgs(['--step', '99', '--lang', 'en'])).toThrow(
      new RegExp(`from 1 to ${steps.length} .*there is no step 99`),
    );
  });
});
