import { closeOnSignals } from '@memos-kit/process';
import { command } from '@memos-kit/terminal';
import { spec, tourOptions } from './options.ts';

// command() gives the tour what every command of the kit has: --help/--version from the option table, a
// wrong option in one line (exit 2), any other error in one line (exit 1), a calm stop on Ctrl-C, and a quiet
// end when the reader closes the pipe (`pnpm demo | head`); the stdio child then sees its stdin close and ends too.
await command(spec, async (parsed) => {
  const options = tourOptions(parsed);
  // The tour and its servers load once the options are read: --help, --version and a wrong option never wait on them.
  const { Interrupted, runTour } = await import('./tour.ts');
  const controller = new AbortController();
  let running: Promise<unknown> = Promise.resolve();
  // Ctrl-C or SIGTERM unwinds the tour, which stops its servers and child before command() says it stopped.
  closeOnSignals(async (signal) => {
    controller.abort(new Interrupted(signal));
    await running;
  });
  const tour = runTour(
    options,
    {
      write: (text) => process.stdout.write(text),
      width: parsed.width,
      input: process.stdin,
      ...(parsed.keys ? { keys: parsed.keys } : {}),
    },
    controller.signal,
  );
  running = tour.catch(() => {});
  return (await tour).exitCode;
});
// Everything was stopped above; this only guards a class against a handle someone forgot to close.
setTimeout(() => process.exit(), 2000).unref();
