// A tiny entry for the tests: prints its arguments, echoes stdin, and on SIGTERM says so and exits.
// The handlers are in place before "ready" is printed, so a test that waits for it can signal at once.
process.on('SIGTERM', () => {
  process.stdout.write('terminated\n');
  process.exit(143);
});
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk: string) => process.stdout.write(`got ${chunk}`));
process.stdin.on('end', () => process.exit(0));
process.stdout.write(`ready ${process.argv.slice(2).join(' ')}\n`);
