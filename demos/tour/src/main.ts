import { command } from '@memos-kit/terminal';
import { spec, tourOptions } from './options.ts';

// command() gives the tour what every command of the kit has: --help/--version from the option table, a
// wrong option in one line (exit 2), any other error in one line (exit 1), and a quiet end when the reader
// closes the pipe (`pnpm demo | head`); the stdio child then sees its stdin close and ends too.
await command(spec, async (parsed) => {
  const options = tourOptions(parsed);
  // The tour and its servers load once the options are read: --help, --version and a wrong option never wait on them.
  const { Interrupted, runTour } = await import('./tour.ts');
  const controller = new AbortController();
  let interrupts = 0;
  process.on('SIGINT', () => {
    interrupts++;
    // The first Ctrl-C unwinds the tour, which stops its servers and child; a second one means "now".
    if (interrupts > 1) process.exit(130);
    controller.abort(new Interrupted('interrupted'));
  });
  process.on('SIGTERM', () => controller.abort(new Interrupted('terminated')));

  const outcome = await runTour(
    options,
    { write: (text) => process.stdout.write(text), width: parsed.width, input: process.stdin },
    controller.signal,
  );
  // 128 + the signal's number, as a shell reports it: 130 after Ctrl-C, 143 after SIGTERM.
  const reason: unknown = controller.signal.reason;
  if (outcome.exitCode === 130 && reason instanceof Interrupted && reason.message === 'terminated')
    return 143;
  return outcome.exitCode;
});
// Everything was stopped above; this only guards a class against a handle someone forgot to close.
setTimeout(() => process.exit(), 2000).unref();
