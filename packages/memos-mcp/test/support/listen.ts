import type { AddressInfo } from 'node:net';
import type { Express } from 'express';

export interface Listening {
  url: string;
  close(): Promise<void>;
}

/** Serves an app on 127.0.0.1 with a free port; close() also ends open connections. */
export function listenOnLoopback(
  app: Express,
  onClose: () => Promise<void> = async () => {},
): Promise<Listening> {
  return new Promise((resolve, reject) => {
    const server = app.listen(0, '127.0.0.1');
    server.once('error', reject);
    server.once('listening', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}`,
        close: async () => {
          await onClose();
          await new Promise<void>((done) => {
            server.close(() => done());
            server.closeAllConnections();
          });
        },
      });
    });
  });
}
