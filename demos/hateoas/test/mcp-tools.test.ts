import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type McpExchange, type McpSession, openMcpSession } from '../src/demo/mcp-session.ts';
import { textOf } from '../src/demo/scenario.ts';
import { type RunningOrdersServer, startOrdersServer } from '../src/server.ts';

let server: RunningOrdersServer;
let session: McpSession;
const exchanges: McpExchange[] = [];

beforeAll(async () => {
  server = await startOrdersServer({ port: 0 });
  session = await openMcpSession(server.mcpUrl, (exchange) => exchanges.push(exchange));
});
afterAll(async () => {
  await session?.close();
  await server?.close();
});
beforeEach(() => server.store.reset());

const call = (name: string, orderId: unknown = 123) =>
  session.client.callTool({ name, arguments: { orderId } as Record<string, unknown> });

describe('the orders as MCP tools', () => {
  it('tools/list is the same whatever the state of the order', async () => {
    const catalogue = async () =>
      JSON.stringify((await session.client.listTools(undefined, { cacheMode: 'refresh' })).tools);
    const pending = await catalogue();
    await call('order_pay');
    const paid = await catalogue();
    await call('order_refund');
    const refunded = await catalogue();
    expect(paid).toBe(pending);
    expect(refunded).toBe(pending);
    expect(JSON.parse(pending).map((tool: { name: string }) => tool.name)).toEqual([
      'order_get',
      'order_pay',
      'order_cancel',
      'order_refund',
    ]);
  });

  it('the result tells the model what happened, and what a refused call needs', async () => {
    const paid = await call('order_pay');
    expect(paid.isError).not.toBe(true);
    expect(paid.structuredContent).toEqual({ id: 123, status: 'paid' });
    expect(textOf(paid)).toMatch(/now paid.*order_refund/);

    const again = await call('order_pay');
    expect(again.isError).toBe(true);
    expect(textOf(again)).toMatch(/already paid/);

    const cancel = await call('order_cancel');
    expect(cancel.isError).toBe(true);
    expect(textOf(cancel)).toMatch(/cannot be cancelled: it is paid.*only a pending order/);
    expect((await call('order_get')).structuredContent).toEqual({ id: 123, status: 'paid' });
  });

  it('acts on the same order as the HAL resource', async () => {
    await call('order_cancel');
    const response = await fetch(new URL('/orders/123', server.url));
    expect(await response.json()).toEqual({ id: 123, status: 'cancelled', _links: {} });
  });

  it('an unknown order or a bad argument is an isError result, not a crash', async () => {
    const missing = await call('order_pay', 999);
    expect(missing.isError).toBe(true);
    expect(textOf(missing)).toMatch(/no order 999/);
    const bad = await call('order_pay', 'abc');
    expect(bad.isError).toBe(true);
    expect((await call('order_get')).structuredContent).toEqual({ id: 123, status: 'pending' });
  });

  it('the wire carries the MCP headers for each call', () => {
    const pay = exchanges.find((exchange) =>
      exchange.requestHeaders.some(([, value]) => value === 'order_pay'),
    );
    expect(pay?.requestHeaders).toEqual(
      expect.arrayContaining([
        ['mcp-method', 'tools/call'],
        ['mcp-name', 'order_pay'],
      ]),
    );
    expect(pay?.status).toBe(200);
  });
});
