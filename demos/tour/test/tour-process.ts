import type { EntryOptions } from '@memos-kit/process';
import { steps } from '../src/steps.ts';

/** The tour's entry, run as a separate process exactly as `pnpm demo` runs it, so ports and children are its own. */
export const tourMain = new URL('../src/demo.ts', import.meta.url);

/**
 * How the tests start it: from its package, with no colour, language or width setting of whoever runs
 * the tests leaking in (the transcript is compared line for line).
 */
export function tourRun(args: readonly string[]): EntryOptions {
  return {
    args,
    cwd: new URL('../', import.meta.url).pathname,
    env: { NO_COLOR: '', FORCE_COLOR: '', KIT_LANG: '', COLUMNS: '' },
  };
}

/** The number `--step` takes for a step, found by its id, so adding a step does not move a test's target. */
export function stepNumber(id: string): string {
  const index = steps.findIndex((step) => step.id === id);
  if (index < 0) throw new Error(`no step ${id}`);
  return String(index + 1);
}
