import { parseArgs } from 'node:util';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { createAdapter } from './app.ts';
import { createMcpServer } from './mcp/create-server.ts';
import { LineTransport } from './stdio/line-transport.ts';

// stdout carries MCP messages only; everything a person should read goes to stderr.
const log = (line: string) => process.stderr.write(`memos-mcp: ${line}\n`);

const usage = `Usage: pnpm mcp:stdio [--dataset empty|article|workshop|<file.json>] [--memos-url <url>] [--token <token>] [--pace off|article]

Serves the Memos tools over MCP stdio (2026-07-28; 2025-11-25 clients are served too).
  --dataset    the in-process mock's data (default: workshop)
  --memos-url  call this Memos-compatible REST server instead of the mock
  --token      the bearer token for the REST API (default: $MEMOS_TOKEN, else the article's example-token)
  --pace       article: a call asking for progress reports at 1 s and answers at 3 s (default off)`;

let values: { dataset?: string; 'memos-url'?: string; token?: string; pace?: string; help?: boolean };
try {
  ({ values } = parseArgs({
    options: {
      dataset: { type: 'string', default: 'workshop' },
      'memos-url': { type: 'string' },
      token: { type: 'string' },
      pace: { type: 'string', default: 'off' },
      help: { type: 'boolean', short: 'h' },
    },
  }));
} catch (error) {
  log((error as Error).message);
  process.stderr.write(`${usage}\n`);
  process.exit(2);
}
if (values.pace !== 'off' && values.pace !== 'article') {
  log(`--pace must be off or article, got "${values.pace}"`);
  process.exit(2);
}
const pace = values.pace;
if (values.help) {
  process.stderr.write(`${usage}\n`);
  process.exit(0);
}

// stdio has no HTTP headers: the credential comes from the environment, as the spec says it should.
const token = values.token ?? process.env.MEMOS_TOKEN ?? 'example-token';
const memosUrl = values['memos-url'];
if (memosUrl !== undefined && !URL.canParse(memosUrl)) {
  log(`--memos-url must be a URL such as http://127.0.0.1:5230, got "${memosUrl}"`);
  process.exit(2);
}
let adapter: Awaited<ReturnType<typeof createAdapter>>;
try {
  adapter = await createAdapter({ dataset: values.dataset, memosUrl, log });
} catch (error) {
  // A missing dataset, an unreachable --memos-url: one line a person can act on, not a stack trace.
  const cause = (error as Error).cause as Error | undefined;
  log(`cannot start: ${(error as Error).message}${cause?.message ? ` (${cause.message})` : ''}`);
  process.exit(1);
}
const transport = new LineTransport(process.stdin, process.stdout);
serveStdio(
  () => createMcpServer({ runner: adapter.runner, log, pace }, { authorization: `Bearer ${token}` }),
  {
    transport,
    onerror: (error) => log(`error: ${error.message.split('\n')[0]}`),
  },
);
log(
  `serving ${adapter.catalog.length} tools over stdio (${values['memos-url'] ? `REST at ${values['memos-url']}` : `dataset ${values.dataset}`})`,
);
