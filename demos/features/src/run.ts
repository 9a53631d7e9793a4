import { startServer } from '@memos-kit/memos-mcp';
import type { Say } from './messages.ts';
import type { Printer } from './printer.ts';
import { runScenario } from './scenario.ts';
import type { Exchange } from './wire.ts';

/**
 * Starts the adapter with `--profile full` on the workshop dataset (127.0.0.1, a free port), runs the
 * scenario against it and stops it. Resolves with the number of checks that failed.
 */
export async function runFeatures(
  printer: Printer,
  say: Say,
  record: (id: string, exchange: Exchange) => void = () => {},
): Promise<number> {
  const server = await startServer({ port: 0, dataset: 'workshop', profile: 'full' });
  let failures = 0;
  try {
    printer.title(say('title'));
    printer.note(say('intro', { url: server.mcpUrl }));
    await runScenario({
      origin: server.url,
      printer,
      say,
      record,
      check(condition, text) {
        if (!condition) failures += 1;
        printer.checked(condition, condition ? text : say('checkFailed', { what: text }));
      },
    });
    printer.line();
    printer.note(say(failures === 0 ? 'summary' : 'summaryFailed', { count: failures }));
  } finally {
    await server.close();
  }
  return failures;
}
