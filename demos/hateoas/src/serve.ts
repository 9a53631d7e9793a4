// Serves the orders alone, for `curl -i` in class: `pnpm --filter @memos-kit/demo-hateoas serve [port]`.
import { closeOnSignals } from '@memos-kit/process';
import { command, table, UsageError } from '@memos-kit/terminal';
import { messages } from './messages.ts';
import { DEFAULT_SERVE_PORT, serveSpec } from './options.ts';
import { startOrdersServer } from './server.ts';

await command(serveSpec, async ({ positionals, paint, width, lang }) => {
  const say = messages.in(lang);
  const [requested, ...extra] = positionals;
  if (extra.length > 0)
    throw new UsageError(say('onePort', { count: positionals.length, words: positionals.join(' ') }));
  const port = requested === undefined ? DEFAULT_SERVE_PORT : Number(requested);
  if (requested !== undefined && !(/^\d{1,5}$/.test(requested) && port <= 65_535))
    throw new UsageError(say('badPort', { value: requested }));
  const server = await startOrdersServer({ port });
  const lines = [
    ...table(
      [
        [say('serveOrders'), `${server.url}/orders/123`],
        ['MCP', server.mcpUrl],
      ],
      { width },
    ),
    '',
    paint('accent', `  curl -i ${server.url}/orders/123`),
    paint('accent', `  curl -i -X POST ${server.url}/orders/123/payment`),
    '',
    say('serveStop'),
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
  closeOnSignals(() => server.close());
});
