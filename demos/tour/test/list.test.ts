import { describe, expect, it } from 'vitest';
import { parseTourArgs } from '../src/options.ts';
import type { StepListing } from '../src/report.ts';
import { steps } from '../src/steps.ts';
import { runTour } from '../src/tour.ts';

/** Runs `pnpm demo <argv>` in-process; --list starts no server, so nothing needs stopping. */
async function printed(argv: string[]): Promise<{ text: string; exitCode: number }> {
  let text = '';
  const outcome = await runTour(
    parseTourArgs(argv, { env: {}, stdout: {} }),
    { write: (chunk) => (text += chunk), width: 120 },
    new AbortController().signal,
  );
  return { text, exitCode: outcome.exitCode };
}

describe('pnpm demo --list', () => {
  it('with --json, prints the same list as one JSON document', async () => {
    const { text, exitCode } = await printed(['--list', '--json', '--lang', 'en']);
    expect(exitCode).toBe(0);
    const listing = JSON.parse(text) as StepListing;
    expect(listing.lang).toBe('en');
    expect(listing.steps.map((s) => s.id)).toEqual(steps.map((s) => s.id));
    expect(listing.steps.map((s) => s.number)).toEqual(steps.map((_, i) => i + 1));
    // The header mismatch is the kit's own exchange, filed under the section that names it.
    expect(listing.steps.find((s) => s.id === 'header-mismatch')?.section.number).toBe('6');
    expect(listing.steps.find((s) => s.id === 'sse-progress')?.section).toEqual({
      number: '8.2',
      title: 'Streamable HTTP: the response chooses JSON or SSE',
    });
  });
});
