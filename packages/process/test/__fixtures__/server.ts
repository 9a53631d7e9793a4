// A server for the tests: listens, says where, and closes on signals (or when its parent goes).
import { closeOnSignals, listen } from '../../src/index.ts';

// The parent test wrapper reads stdout through a pipe; once it is killed, a write there fails with EPIPE, which
// must not end the drain (pnpm, by contrast, hands the server its own terminal).
process.stdout.on('error', () => {});
const server = await listen((_req, res) => {
  // A test waits for this line before it signals, so the request is in flight, not still on its way.
  process.stdout.write('request arrived\n');
  setTimeout(() => res.end('slow answer'), Number(process.env.ANSWER_AFTER_MS ?? 0));
});
closeOnSignals(
  async (signal) => {
    process.stdout.write(`closing on ${signal}\n`);
    await server.close({ graceMs: 2_000 });
  },
  { watchParentMs: 100 },
);
// A second close, registered later: it runs first.
if (process.env.SECOND_CLOSE) closeOnSignals(() => void process.stdout.write(`${process.env.SECOND_CLOSE}\n`));
process.stdout.write(`listening ${server.url}\n`);
