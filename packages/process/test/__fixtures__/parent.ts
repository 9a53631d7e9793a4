// Starts the test server as its child and prints the child's pid, then waits to be killed.
import { startEntry } from '../../src/index.ts';

const child = startEntry(new URL('./server.ts', import.meta.url), { stdin: 'ignore' });
await child.waitFor(/listening/);
process.stdout.write(`child ${child.child.pid}\n${child.stdout()}`);
// What the child prints later (a request arriving) reaches the test too.
child.child.stdout?.on('data', (chunk: string) => process.stdout.write(chunk));
setInterval(() => {}, 1_000);
