// A second process serving only the mock REST API, for the adapter's --memos-url mode.
// Prints its URL on the first stdout line and stops when its stdin closes, so it cannot outlive the test
// process even when that one is killed.
// A second argument `memos` makes it a stand-in for a real Memos v0.30.0 (no OpenAPI route, Memos' paging).
import { startRestServer } from '@memos-kit/memos-rest';

const server = await startRestServer({
  port: 0,
  dataset: process.argv[2] ?? 'workshop',
  dialect: process.argv[3] === 'memos' ? 'memos' : 'article',
});
process.stdout.write(`${server.url}\n`);
process.stdin.resume();
process.stdin.on('end', () => void server.close().then(() => process.exit(0)));
