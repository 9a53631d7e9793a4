import { startServer } from '@memos-kit/memos-mcp';
import { closeOnSignals } from '@memos-kit/process';
import { type Lang, type Printer, stepMessages } from '@memos-kit/terminal';
import { messages } from './messages.ts';
import type { Exchange } from './requests.ts';
import { runScenario } from './scenario.ts';

/**
 * Starts the adapter with `--profile full` on the workshop dataset (127.0.0.1, a free port), runs the
 * scenario against it (all of it, or with `only` the steps up to that one, showing it alone) and stops it.
 * Resolves with the number of checks that failed.
 */
export async function runFeatures(
  printer: Printer,
  lang: Lang,
  {
    record = () => {},
    only,
  }: { record?: (id: string, exchange: Exchange) => void; only?: number | undefined } = {},
): Promise<number> {
  const say = messages.in(lang);
  const server = await startServer({ port: 0, dataset: 'workshop', profile: 'full' });
  // Ctrl-C stops the server too, and with it the listen stream it holds open.
  const release = closeOnSignals(() => server.close());
  let failures = 0;
  try {
    printer.title(say('title'));
    printer.note(say('intro', { url: server.mcpUrl }));
    if (only !== undefined && only > 1) printer.note(stepMessages.t(lang, 'earlierSteps', { last: only }));
    await runScenario(
      {
        origin: server.url,
        printer,
        say,
        record,
        check(condition, text) {
          if (!condition) failures += 1;
          printer.verdict(condition, condition ? text : say('checkFailed', { what: text }));
        },
      },
      only,
    );
    // After one step (--step), only a failure needs a summary: the whole-run summary speaks of every step.
    if (only === undefined || failures > 0) {
      printer.line();
      printer.note(say(failures === 0 ? 'summary' : 'summaryFailed', { count: failures }));
    }
  } finally {
    release();
    await server.close();
  }
  return failures;
}
