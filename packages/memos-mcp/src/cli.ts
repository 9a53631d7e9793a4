// `pnpm serve`: the mock Memos REST API and its MCP adapter, on 127.0.0.1:5230.
import { networkInterfaces } from 'node:os';
import { styleText } from 'node:util';
import { closeOnSignals } from '@memos-kit/memos-rest';
import { type CliOptions, parseCliOptions, USAGE } from './cli-options.ts';
import { type RunningAdapter, startServer } from './index.ts';

function banner(server: RunningAdapter, options: CliOptions): string {
  const paint = (format: Parameters<typeof styleText>[0], text: string) =>
    options.color ? styleText(format, text, { validateStream: false }) : text;
  const rest = options.memosUrl ? `${options.memosUrl.replace(/\/$/, '')}/api/v1` : `${server.url}/api/v1`;
  const mcpHeaders = [
    "-H 'Content-Type: application/json' -H 'Accept: application/json, text/event-stream'",
    "-H 'MCP-Protocol-Version: 2026-07-28' -H 'Mcp-Method: tools/list'",
  ].join(' \\\n        ');
  const listBody = JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'tools/list',
    params: {
      _meta: {
        'io.modelcontextprotocol/protocolVersion': '2026-07-28',
        'io.modelcontextprotocol/clientCapabilities': {},
      },
    },
  });
  return [
    `${paint('bold', 'Memos REST + MCP adapter')} listening on ${paint('cyan', server.url)}`,
    `  REST API  ${paint('cyan', rest)}${options.memosUrl ? paint('dim', '  (remote)') : ''}`,
    `  OpenAPI   ${paint('cyan', `${rest}/openapi.json`)}`,
    `  MCP       ${paint('cyan', `POST ${server.mcpUrl}`)}  ${paint('dim', `(2026-07-28, ${server.tools.length} tools)`)}`,
    ...lanLines(server, paint),
    '',
    options.memosUrl
      ? `  tools call ${paint('bold', options.memosUrl)} over HTTP, with the caller's Authorization header`
      : `  dataset  ${paint('bold', options.dataset)}`,
    ...tokenLines(server, paint),
    `  pace     ${paint('bold', options.pace)}${options.pace === 'article' ? paint('dim', ': progress at 1 s, result at 3 s') : ''}`,
    '',
    `  Try: curl -H 'Authorization: Bearer example-token' '${rest}/memos?pageSize=1'`,
    `       curl -X POST ${server.mcpUrl} ${mcpHeaders} \\\n        -d '${listBody}'`,
    `  ${paint('dim', 'Ctrl-C stops the server.')}`,
  ].join('\n');
}

/** Bound to every interface, the addresses students can use instead of 0.0.0.0, which is nobody's. */
function lanLines(server: RunningAdapter, paint: (format: 'cyan' | 'dim', text: string) => string): string[] {
  const url = new URL(server.url);
  if (url.hostname !== '0.0.0.0' && url.hostname !== '[::]') return [];
  const addresses = Object.values(networkInterfaces())
    .flat()
    .filter((entry) => entry && !entry.internal && entry.family === 'IPv4')
    .map((entry) => `http://${entry?.address}:${url.port}`);
  if (addresses.length === 0) return [];
  return [
    `  LAN       ${addresses.map((address) => paint('cyan', address)).join('  ')}  ${paint('dim', '(what students type)')}`,
  ];
}

/** Which bearer token signs in as whom; MCP forwards the caller's Authorization header to REST. */
function tokenLines(
  server: RunningAdapter,
  paint: (format: 'green' | 'dim', text: string) => string,
): string[] {
  if (server.users.length === 0) return [];
  const width = Math.max(...server.users.map((user) => user.tokens.join(', ').length));
  const nameWidth = Math.max(...server.users.map((user) => `users/${user.username}`.length));
  return [
    '  tokens   (Authorization: Bearer <token>, for REST and MCP alike)',
    ...server.users.map(
      (user) =>
        `    ${paint('green', user.tokens.join(', ').padEnd(width))}  ${`users/${user.username}`.padEnd(nameWidth)}  ${paint('dim', `${user.role} ${user.displayName}`)}`,
    ),
  ];
}

async function main(): Promise<void> {
  let options: CliOptions;
  try {
    options = parseCliOptions(process.argv.slice(2));
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${USAGE}`);
    process.exitCode = 2;
    return;
  }
  if (options.help) {
    console.log(USAGE);
    return;
  }
  const time = () => new Date().toISOString().slice(11, 23);
  const log = (line: string) => console.log(`${options.color ? styleText('dim', time()) : time()}  ${line}`);
  let server: RunningAdapter;
  try {
    server = await startServer({ ...options, log });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const hint = code === 'EADDRINUSE' ? ` (port ${options.port} is taken: try --port 0)` : '';
    console.error(`cannot start: ${(error as Error).message}${hint}`);
    process.exitCode = 1;
    return;
  }
  console.log(banner(server, options));
  closeOnSignals(server.close);
}

await main();
