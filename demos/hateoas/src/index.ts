export * from './client/links-client.ts';
export * from './orders/mcp.ts';
export * from './orders/representation.ts';
export * from './orders/state-machine.ts';
export * from './orders/store.ts';
export { createOrdersApp, type OrdersApp, type RunningOrdersServer, startOrdersServer } from './server.ts';
