import type { AddressInfo } from 'node:net';
import type { Express } from 'express';
import { createRestApp } from './app.ts';

export interface RestServerOptions {
  host?: string;
  port?: number;
  dataset?: string;
}

export interface RunningServer {
  url: string;
  close(): Promise<void>;
}

/** Listens with an Express app; shared with the MCP adapter, which serves its own app the same way. */
export function listen(app: Express, host = '127.0.0.1', port = 5230): Promise<RunningServer> {
  return new Promise((resolve, reject) => {
    const server = app.listen(port, host);
    server.once('error', reject);
    server.once('listening', () => {
      const address = server.address() as AddressInfo;
      const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
      resolve({
        url: `http://${shownHost}:${address.port}`,
        close: () =>
          new Promise<void>((done, fail) => {
            server.close((error) => (error ? fail(error) : done()));
            server.closeAllConnections();
          }),
      });
    });
  });
}

/** Starts the mock REST server (127.0.0.1:5230 and the workshop dataset unless told otherwise). */
export async function startRestServer(options: RestServerOptions = {}): Promise<RunningServer> {
  const { app } = createRestApp({ dataset: options.dataset });
  return listen(app, options.host, options.port);
}
