// Serves the orders alone, for `curl -i` in class: `pnpm --filter @memos-kit/demo-hateoas serve [port]`.
import { startOrdersServer } from './server.ts';

const requested = process.argv[2];
if (requested !== undefined && !/^\d{1,5}$/.test(requested)) {
  process.stderr.write(`Usage: serve [port]   (a number, 0 for any free port; default 5240)\n`);
  process.exit(2);
}
const server = await startOrdersServer({ port: requested === undefined ? 5240 : Number(requested) });
process.stdout.write(
  [
    `orders (HAL)  ${server.url}/orders/123`,
    `MCP           ${server.mcpUrl}`,
    '',
    `  curl -i ${server.url}/orders/123`,
    `  curl -i -X POST ${server.url}/orders/123/payment`,
    '',
    'Ctrl-C stops the server.',
    '',
  ].join('\n'),
);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void server.close().then(() => process.exit(0));
  });
}
