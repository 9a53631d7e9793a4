import { closeSync } from 'node:fs';

// Servers that misbehave in ways the client must survive; the first argument picks one.
const mode = process.argv[2];

if (mode === 'silent') {
  // Never answers, and does not end at EOF either: only a signal stops it.
  process.stdin.resume();
  setInterval(() => {}, 1000);
} else if (mode === 'ready' || mode === 'ignore-sigterm') {
  // The same, but says when it is up (and, if asked, has learnt to ignore SIGTERM).
  if (mode === 'ignore-sigterm') process.on('SIGTERM', () => {});
  process.stdin.resume();
  process.stdout.write('ready\n');
  setInterval(() => {}, 1000);
} else if (mode === 'close-stdin') {
  // Closes its end of pipe A while it lives on for a moment: a write to it now fails with EPIPE.
  // (process.stdin.destroy() would leave fd 0 open: Node keeps its stdio descriptors.)
  closeSync(0);
  process.stderr.write('stdin closed\n');
  setTimeout(() => process.exit(0), 300);
} else if (mode === 'exit-now') {
  process.exit(0);
} else if (mode === 'partial') {
  process.stdout.write('{"jsonrpc":"2.0","id":6,', () => process.exit(0));
} else if (mode === 'wrong-id') {
  process.stdin.once('data', () => {
    process.stdout.write('{"jsonrpc":"2.0","id":7,"result":{}}\n');
  });
}
