import { type CallToolResult, McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod';
import {
  allowedActions,
  ORDER_ACTIONS,
  ORDER_STATUSES,
  type OrderAction,
  pastParticiple,
} from './state-machine.ts';
import type { Order, OrderStore } from './store.ts';

export const TOOL_FOR_ACTION: Readonly<Record<OrderAction, string>> = {
  pay: 'order_pay',
  cancel: 'order_cancel',
  refund: 'order_refund',
};

const orderInput = z.object({ orderId: z.number().int().positive().describe('The order number, e.g. 123.') });
const orderOutput = z.object({ id: z.number().int(), status: z.enum(ORDER_STATUSES) });

// The descriptions carry the rules once, for every state: a model reads them in tools/list
// and the server still checks every call, answering a refused one with an isError result.
const ACTION_TOOLS: Record<OrderAction, { title: string; description: string; destructive: boolean }> = {
  pay: {
    title: 'Pay an order',
    description: 'Pay for an order. Only a pending order can be paid; a paid order can later be refunded.',
    destructive: false,
  },
  cancel: {
    title: 'Cancel an order',
    description: 'Cancel an order that has not been paid yet. Only a pending order can be cancelled.',
    destructive: true,
  },
  refund: {
    title: 'Refund an order',
    description: 'Give the money back for a paid order. Only a paid order can be refunded.',
    destructive: true,
  },
};

function nextStepsText(order: Order): string {
  const tools = allowedActions(order.status).map((action) => TOOL_FOR_ACTION[action]);
  return tools.length > 0 ? `Tools that apply now: ${tools.join(', ')}.` : 'No tool can change it any more.';
}

function orderResult(order: Order, lead: string): CallToolResult {
  const data = { id: order.id, status: order.status };
  return {
    content: [{ type: 'text', text: `${lead} ${nextStepsText(order)}` }],
    structuredContent: data,
  };
}

function toolError(text: string): CallToolResult {
  return { content: [{ type: 'text', text }], isError: true };
}

// #region mcp-tools
/**
 * The same order, as MCP tools. The catalogue is fixed: tools/list answers the same in every
 * state. What the state allows shows up only when a tool is called.
 */
export function createOrdersMcpServer(store: OrderStore): McpServer {
  const server = new McpServer(
    { name: 'orders-example', version: '1.0.0' },
    {
      instructions: 'Tools for one shop order. Read an order with order_get before changing it.',
      // The catalogue never depends on an order's state, so clients may keep it for a while.
      cacheHints: { 'tools/list': { ttlMs: 300_000, cacheScope: 'public' } },
    },
  );

  server.registerTool(
    'order_get',
    {
      title: 'Get an order',
      description: 'Read an order and its status (pending, paid, cancelled or refunded).',
      inputSchema: orderInput,
      outputSchema: orderOutput,
      annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    },
    async ({ orderId }) => {
      const order = store.get(orderId);
      if (!order) return toolError(`There is no order ${orderId}.`);
      return orderResult(order, `Order ${order.id} is ${order.status}.`);
    },
  );

  for (const action of ORDER_ACTIONS) {
    const tool = ACTION_TOOLS[action];
    server.registerTool(
      TOOL_FOR_ACTION[action],
      {
        title: tool.title,
        description: tool.description,
        inputSchema: orderInput,
        outputSchema: orderOutput,
        annotations: { destructiveHint: tool.destructive, idempotentHint: false, openWorldHint: false },
      },
      async ({ orderId }) => {
        const outcome = store.apply(orderId, action);
        const order = store.get(orderId);
        if (!outcome || !order) return toolError(`There is no order ${orderId}.`);
        if (!outcome.ok) {
          return toolError(
            `Order ${order.id} cannot be ${pastParticiple(action)}: ${outcome.reason}. ${nextStepsText(order)}`,
          );
        }
        return orderResult(order, `Order ${order.id} was ${outcome.from} and is now ${order.status}.`);
      },
    );
  }
  return server;
}
// #endregion mcp-tools
