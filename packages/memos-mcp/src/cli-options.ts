import { parseArgs } from 'node:util';
import { SERVE_ARGS, type ServeOptions, serveOptionsFrom, serveUsage } from '@memos-kit/memos-rest';
import type { Pace } from './mcp/pace.ts';

/** The REST server's options (port, host, dataset, colour), plus what the adapter adds. */
export interface CliOptions extends ServeOptions {
  memosUrl?: string;
  pace: Pace;
}

const [, , ...sharedLines] = serveUsage('pnpm serve').split('\n');

export const USAGE = [
  'Usage: pnpm serve [--port 5230] [--host 127.0.0.1] [--dataset workshop] [--memos-url <url>] [--pace off|article] [--no-color]',
  '',
  'One process, one port: the Memos REST API under /api/v1 and its MCP adapter at POST /mcp.',
  ...sharedLines,
  '  --memos-url    front this Memos-compatible REST server instead of the built-in mock',
  '  --pace         article: progress at 1 s and the result at 3 s, as in the article (default off)',
].join('\n');

/** Parses argv (without node and the script); throws an Error with a readable message on bad input. */
export function parseCliOptions(argv: string[], env: NodeJS.ProcessEnv = process.env): CliOptions {
  const { values } = parseArgs({
    args: argv,
    options: { ...SERVE_ARGS, 'memos-url': { type: 'string' }, pace: { type: 'string' } },
    strict: true,
    allowPositionals: false,
  });
  const pace = values.pace ?? 'off';
  if (pace !== 'off' && pace !== 'article') throw new Error(`--pace must be off or article, got "${pace}"`);
  const memosUrl = values['memos-url'];
  if (memosUrl !== undefined && !URL.canParse(memosUrl))
    throw new Error(`--memos-url is not a URL: "${memosUrl}"`);
  return { ...serveOptionsFrom(values, env), ...(memosUrl === undefined ? {} : { memosUrl }), pace };
}
