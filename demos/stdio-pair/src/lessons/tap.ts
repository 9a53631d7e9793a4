/**
 * `tap.ts LOG -- COMMAND ARG…`: starts COMMAND with three pipes and copies what passes, byte for byte and
 * in order: our stdin into its stdin (A), its stdout to ours (B), its stderr to ours (C), and writes each
 * chunk down in LOG (tap-log.ts) for the lesson's trace. It ends as COMMAND ends, with its exit code. The
 * python-client lesson puts it between the article's client.py and the kit's servers: the Python client
 * starts it and closes every other descriptor, so the pipes it copies are the only ones it has.
 */
import { spawn } from 'node:child_process';
import { logEvent } from './tap-log.ts';

const [log, separator, command, ...args] = process.argv.slice(2);
if (log === undefined || separator !== '--' || command === undefined) {
  process.stderr.write('usage: tap.ts LOG -- COMMAND [ARG…]\n');
  process.exit(2);
}
const record = (event: Parameters<typeof logEvent>[1]) => logEvent(log, event);

const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'pipe'] });
// A server that died makes the next copy into its stdin fail; its exit, below, is what ends the tap.
child.stdin.on('error', () => {});

process.stdin.on('data', (bytes: Buffer) => record({ kind: 'bytes', fd: 0, bytes }));
process.stdin.once('end', () => record({ kind: 'eof', fd: 0 }));
process.stdin.pipe(child.stdin);
child.stdout.on('data', (bytes: Buffer) => record({ kind: 'bytes', fd: 1, bytes }));
child.stdout.once('end', () => record({ kind: 'eof', fd: 1 }));
child.stdout.pipe(process.stdout);
child.stderr.on('data', (bytes: Buffer) => record({ kind: 'bytes', fd: 2, bytes }));
child.stderr.pipe(process.stderr);

// A stop meant for the server reaches it; the tap ends with it.
for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => child.kill(signal));
child.once('close', (code, signal) => {
  record({ kind: 'exit', code, signal });
  // Our stdin may still be open (a server that died early): nothing more goes anywhere.
  process.stdin.destroy();
  process.exitCode = code ?? 1;
});
