import { parseArgs } from 'node:util';
import type { Pace } from './mcp/pace.ts';

export interface CliOptions {
  host: string;
  port: number;
  dataset: string;
  memosUrl?: string;
  pace: Pace;
  color: boolean;
  help: boolean;
}

export const USAGE = `Usage: pnpm serve [--port 5230] [--host 127.0.0.1] [--dataset workshop] [--memos-url <url>] [--pace off|article] [--no-color]

One process, one port: the Memos REST API under /api/v1 and its MCP adapter at POST /mcp.
  --port, -p     port to listen on (default 5230; 0 picks a free one)
  --host         address to bind (default 127.0.0.1, loopback only)
  --dataset, -d  empty | article | workshop | path/to/dataset.json (default workshop)
  --memos-url    front this Memos-compatible REST server instead of the built-in mock
  --pace         article: progress at 1 s and the result at 3 s, as in the article (default off)
  --no-color     plain output (NO_COLOR=1 does the same)`;

/** Parses argv (without node and the script); throws an Error with a readable message on bad input. */
export function parseCliOptions(argv: string[], env: NodeJS.ProcessEnv = process.env): CliOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      port: { type: 'string', short: 'p' },
      host: { type: 'string' },
      dataset: { type: 'string', short: 'd' },
      'memos-url': { type: 'string' },
      pace: { type: 'string' },
      color: { type: 'boolean' },
      'no-color': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
    allowPositionals: false,
  });
  const portText = values.port ?? '5230';
  const port = Number(portText);
  if (!/^\d+$/.test(portText) || port > 65535) {
    throw new Error(`--port must be a number from 0 to 65535, got "${portText}"`);
  }
  const pace = values.pace ?? 'off';
  if (pace !== 'off' && pace !== 'article') throw new Error(`--pace must be off or article, got "${pace}"`);
  const memosUrl = values['memos-url'];
  if (memosUrl !== undefined && !URL.canParse(memosUrl))
    throw new Error(`--memos-url is not a URL: "${memosUrl}"`);
  const noColor = values['no-color'] === true || (env.NO_COLOR !== undefined && env.NO_COLOR !== '');
  return {
    host: values.host ?? '127.0.0.1',
    port,
    dataset: values.dataset ?? 'workshop',
    ...(memosUrl === undefined ? {} : { memosUrl }),
    pace,
    color: values.color === true || !noColor,
    help: values.help === true,
  };
}
