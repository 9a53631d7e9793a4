// The flooding student of bench/class-flood.bench.ts, in a process of its own so that its loops do not
// slow the measuring client: 16 connections sending as fast as answers come, until stdin closes. It
// prints what it sent and how it was answered as one JSON line.
import { Agent, request } from 'node:http';

const [base = '', token = ''] = process.argv.slice(2);
const CONNECTIONS = 16;
const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS });
const counts = { sent: 0, refused: 0, served: 0 };
let done = false;
process.stdin.on('end', () => {
  done = true;
});
process.stdin.resume();

const send = () =>
  new Promise<number>((resolve, reject) => {
    const outgoing = request(
      new URL('/api/v1/memos?pageSize=10', base),
      { headers: { Authorization: `Bearer ${token}` }, agent },
      (incoming) => {
        incoming.resume();
        incoming.on('end', () => resolve(incoming.statusCode ?? 0));
      },
    );
    outgoing.on('error', reject);
    outgoing.end();
  });

process.stdout.write('flooding\n');
await Promise.all(
  Array.from({ length: CONNECTIONS }, async () => {
    while (!done) {
      const status = await send();
      counts.sent += 1;
      if (status === 429) counts.refused += 1;
      else counts.served += 1;
    }
  }),
);
process.stdout.write(`${JSON.stringify(counts)}\n`);
agent.destroy();
