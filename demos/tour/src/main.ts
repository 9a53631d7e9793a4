import { parseTourArgs, UsageError, usage } from './options.ts';
import { Interrupted, runTour } from './tour.ts';

const controller = new AbortController();
let interrupts = 0;
process.on('SIGINT', () => {
  interrupts++;
  // The first Ctrl-C unwinds the tour, which stops its servers and child; a second one means "now".
  if (interrupts > 1) process.exit(130);
  controller.abort(new Interrupted('interrupted'));
});
process.on('SIGTERM', () => controller.abort(new Interrupted('terminated')));

// `pnpm demo | head` closes the pipe early: stop the tour (and its servers) quietly instead of crashing.
let outputClosed = false;
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE') throw error;
  outputClosed = true;
  controller.abort(new Interrupted('output closed'));
});

try {
  const options = parseTourArgs(process.argv.slice(2), process.env, process.stdout.isTTY === true);
  const outcome = await runTour(
    options,
    {
      write: (text) => {
        if (!outputClosed) process.stdout.write(text);
      },
      // A pipe has no width; 120 columns keeps the side-by-side step readable in a transcript.
      width: (process.stdout.isTTY && process.stdout.columns) || 120,
      input: process.stdin,
    },
    controller.signal,
  );
  // 128 + the signal's number, as a shell reports it: 130 after Ctrl-C, 143 after SIGTERM.
  const reason: unknown = controller.signal.reason;
  const interruptedBy =
    outcome.exitCode === 130 && reason instanceof Interrupted ? reason.message : undefined;
  if (interruptedBy === 'terminated') process.exitCode = 143;
  else if (interruptedBy === 'output closed') process.exitCode = 0;
  else process.exitCode = outcome.exitCode;
} catch (error) {
  if (error instanceof UsageError) {
    process.stderr.write(`${error.message}\n\n${usage}\n`);
    process.exitCode = 2;
  } else {
    process.stderr.write(`${(error as Error).stack ?? String(error)}\n`);
    process.exitCode = 1;
  }
}
// Everything was stopped above; this only guards a class against a handle someone forgot to close.
setTimeout(() => process.exit(), 2000).unref();
