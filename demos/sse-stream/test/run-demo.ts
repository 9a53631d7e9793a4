import { fileURLToPath } from 'node:url';
import { type EntryRun, runEntry } from '@memos-kit/process';

const demo = new URL('../src/demo.ts', import.meta.url);
const packageDir = fileURLToPath(new URL('..', import.meta.url));

/**
 * Runs `pnpm demo:sse` the way a teacher would (a child process through tsx, output piped: 100 columns,
 * no colour, Chinese unless `--lang en`), killed if it hangs.
 */
export function runDemo(
  args: string[],
  env: Record<string, string> = {},
  timeoutMs = 20_000,
): Promise<EntryRun> {
  return runEntry(demo, {
    args,
    cwd: packageDir,
    env: { NO_COLOR: '', FORCE_COLOR: '0', COLUMNS: '', KIT_LANG: '', ...env },
    timeoutMs,
  });
}

/** What may differ between two runs of the same demo: elapsed times, ports, the Date header. */
export function normaliseTranscript(text: string): string {
  return text
    .replace(/ *\+\d+ ms/g, ' +T ms')
    .replace(/127\.0\.0\.1:\d+/g, '127.0.0.1:PORT')
    .replace(/^(\s*date: ).*?( {2}|$)/gim, '$1DATE$2');
}
