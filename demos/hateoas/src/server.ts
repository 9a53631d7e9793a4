import { listen } from '@memos-kit/process';
import { createMcpExpressApp } from '@modelcontextprotocol/express';
import { toNodeHandler } from '@modelcontextprotocol/node';
import { createMcpHandler } from '@modelcontextprotocol/server';
import type { Express } from 'express';
import { notFoundProblem, ordersRouter, problemErrorHandler } from './orders/http.ts';
import { createOrdersMcpServer } from './orders/mcp.ts';
import { OrderStore } from './orders/store.ts';

export interface OrdersApp {
  app: Express;
  store: OrderStore;
}

/**
 * One app, two doors onto the same orders: the HAL resource under /orders and an MCP
 * endpoint at /mcp. The SDK's Express app brings Host/Origin checks for loopback.
 */
export function createOrdersApp(options: { store?: OrderStore } = {}): OrdersApp {
  const store = options.store ?? new OrderStore();
  const app = createMcpExpressApp();
  app.disable('x-powered-by');
  app.use(ordersRouter(store));

  const mcp = toNodeHandler(createMcpHandler(() => createOrdersMcpServer(store)));
  app.all('/mcp', (req, res) => void mcp(req, res, req.body));

  app.use(notFoundProblem);
  app.use(problemErrorHandler);
  return { app, store };
}

export interface RunningOrdersServer {
  url: string;
  mcpUrl: string;
  store: OrderStore;
  close(): Promise<void>;
}

export async function startOrdersServer(
  options: { host?: string; port?: number; store?: OrderStore } = {},
): Promise<RunningOrdersServer> {
  const { app, store } = createOrdersApp({ store: options.store });
  const listening = await listen(app, { host: options.host, port: options.port });
  return {
    url: listening.url,
    mcpUrl: `${listening.url}/mcp`,
    store,
    close: async () => {
      await listening.close();
    },
  };
}
