// Starts the test server as its child and prints the child's pid, then waits to be killed.
import { startEntry } from '../../src/index.ts';

const child = startEntry(new URL('./server.ts', import.meta.url), { stdin: 'ignore' });
await child.waitFor(/listening/);
process.stdout.write(`child ${child.child.pid}\n${child.stdout()}`);
setInterval(() => {}, 1_000);
