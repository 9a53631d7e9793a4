// Lab 8: the learner's menu is built from live HAL representations of the HATEOAS demo's orders in each
// state, and from a document whose links the learner cannot guess (made afresh each run, with a relation
// that holds an array of links); a link from the menu is followed; then the same orders' tools/list, asked
// by a client that states the kit's protocol version on the request, is set against the menu.
import { HAL_JSON, type OrderStatus, OrderStore, startOrdersServer } from '@memos-kit/demo-hateoas';
import { PROTOCOL_VERSION } from '@memos-kit/protocol';
import { Client, type FetchLike, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { word } from '../src/build-track.ts';
import { type CheckContext, fail, type LabCheck, shown } from '../src/check.ts';
import { ownImports } from '../src/own-code.ts';
import type * as Solution from './solution/menu.ts';

const SEED: Array<{ id: number; status: OrderStatus }> = [
  { id: 123, status: 'pending' },
  { id: 124, status: 'paid' },
  { id: 125, status: 'cancelled' },
  { id: 126, status: 'refunded' },
];

interface Orders {
  url: string;
  get(id: number): Promise<unknown>;
}

async function withOrders(use: (orders: Orders) => Promise<void>): Promise<void> {
  const server = await startOrdersServer({ store: new OrderStore(SEED) });
  try {
    await use({
      url: server.url,
      get: async (id) =>
        (await fetch(`${server.url}/orders/${id}`, { headers: { Accept: HAL_JSON } })).json(),
    });
  } finally {
    await server.close();
  }
}

/** What the links of a representation offer, read by the check itself, to compare the learner's menu with. */
function linksOf(document: unknown): Solution.MenuItem[] {
  type Link = { href: string };
  const links = (document as { _links?: Record<string, Link | Link[]> })._links ?? {};
  return Object.entries(links)
    .filter(([rel]) => rel !== 'self' && rel !== 'curies')
    .flatMap(([rel, link]) => (Array.isArray(link) ? link : [link]).map(({ href }) => ({ rel, href })));
}

async function menuOf(context: CheckContext, document: unknown): Promise<Solution.MenuItem[]> {
  const { menuFrom } = await context.load<typeof Solution>('menu.ts');
  return menuFrom(structuredClone(document)).map(({ rel, href }) => ({ rel, href }));
}

function expectMenu(
  document: unknown,
  menu: Solution.MenuItem[],
  status: string,
  message: 'menu' | 'menuMoved' = 'menu',
): void {
  const wanted = linksOf(document);
  if (JSON.stringify(menu) !== JSON.stringify(wanted))
    fail(message, {
      vars: { status },
      expected: shown(wanted),
      got: `${shown(menu)}\n\n_links: ${shown((document as { _links?: unknown })._links)}`,
    });
}

export const checks: LabCheck[] = [
  {
    id: 'everyState',
    topic: 'menu',
    run: (context) =>
      withOrders(async (orders) => {
        for (const { id, status } of SEED) {
          const document = await orders.get(id);
          expectMenu(document, await menuOf(context, document), status);
        }
      }),
  },
  {
    id: 'linksOnly',
    topic: 'menu',
    run: async (context) => {
      // A server may move an action anywhere, and offer two ways to do it (HAL: a relation holding an array
      // of links); a client that reads links follows them there. Made afresh each run: no constant knows it.
      const id = 1000 + Math.floor(Math.random() * 9000);
      const via = word();
      const document = {
        id,
        status: 'pending',
        _links: {
          self: { href: `/shop/orders/${id}` },
          pay: [
            { href: `/billing/${id}/card?via=${via}`, name: 'card' },
            { href: `/billing/${id}/transfer?via=${via}`, name: 'transfer' },
          ],
          cancel: { href: `/shop/orders/${id}/cancel?via=${via}` },
          curies: [{ href: '/rels/{rel}', name: 'shop', templated: true }],
        },
      };
      expectMenu(document, await menuOf(context, document), 'pending', 'menuMoved');
    },
  },
  {
    id: 'followLink',
    topic: 'menu',
    run: (context) =>
      withOrders(async (orders) => {
        const pay = (await menuOf(context, await orders.get(123))).find((item) => item.rel === 'pay');
        if (!pay) fail('noPay', { got: shown(await menuOf(context, await orders.get(123))) });
        const response = await fetch(new URL(pay.href, `${orders.url}/orders/123`), {
          method: 'POST',
          headers: { Accept: HAL_JSON },
        });
        const after: unknown = await response.json();
        if (!response.ok)
          fail('followFailed', { vars: { href: pay.href, status: response.status }, got: shown(after) });
        expectMenu(after, await menuOf(context, after), 'paid');
      }),
  },
  {
    id: 'versusTools',
    topic: 'tools',
    run: (context) =>
      withOrders(async (orders) => {
        // The client states the kit's protocol version on every request, as a 2026-07-28 host does (no
        // initialize handshake); the failure shows the tools/list it sent.
        let listed = '';
        const tap: FetchLike = async (input, init) => {
          const body = typeof init?.body === 'string' ? init.body : '';
          if (body.includes('"tools/list"')) {
            const url = new URL(input);
            const headers = [...new Headers(init?.headers)].map(([name, value]) => `${name}: ${value}`);
            listed = `POST ${url.pathname} HTTP/1.1\nhost: ${url.host}\n${headers.join('\n')}\n\n${body}`;
          }
          return fetch(input, init);
        };
        const client = new Client(
          { name: 'memos-kit-lab-check', version: '1.0.0' },
          { versionNegotiation: { mode: { pin: PROTOCOL_VERSION } } },
        );
        await client.connect(new StreamableHTTPClientTransport(new URL(`${orders.url}/mcp`), { fetch: tap }));
        try {
          const names = (await client.listTools()).tools.map((tool) => tool.name);
          const { toolsNotOffered } = await context.load<typeof Solution>('menu.ts');
          for (const { id, status } of SEED) {
            const menu = await menuOf(context, await orders.get(id));
            const offered = new Set(menu.map((item) => `order_${item.rel}`));
            const wanted = names.filter((name) => name !== 'order_get' && !offered.has(name)).sort();
            const got = toolsNotOffered(menu, names);
            if (JSON.stringify(got) !== JSON.stringify(wanted))
              fail('tools', {
                vars: { status, tools: names.join(', ') },
                sent: listed,
                expected: shown(wanted),
                got: shown(got),
              });
          }
        } finally {
          await client.close();
        }
      }),
  },
  // Last: a file that hands over the kit's own implementation would pass every check above; here it fails.
  ownImports,
];
