import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Listening {
  server: Server;
  /** `http://127.0.0.1:PORT` (IPv6 hosts in brackets). */
  url: string;
  host: string;
  port: number;
  /**
   * Stops accepting at once, lets requests in flight finish for up to `graceMs` (0: end every
   * connection now), then ends what is left. `cutShort` says whether any request had to be cut off.
   */
  close(options?: { graceMs?: number }): Promise<{ cutShort: boolean }>;
}

/** Serves a request listener (an Express app works) or a ready server on loopback; port 0 picks a free one. */
export function listen(
  handler: RequestListener | Server,
  { host = '127.0.0.1', port = 0 }: { host?: string; port?: number } = {},
): Promise<Listening> {
  const server = typeof handler === 'function' ? createServer(handler) : handler;
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      const address = server.address() as AddressInfo;
      const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
      resolve({
        server,
        url: `http://${shownHost}:${address.port}`,
        host: address.address,
        port: address.port,
        close: ({ graceMs = 0 } = {}) => closeServer(server, graceMs),
      });
    });
  });
}

function closeServer(server: Server, graceMs: number): Promise<{ cutShort: boolean }> {
  return new Promise((resolve) => {
    let cutShort = false;
    // A keep-alive connection whose request finishes during the grace period turns idle but stays open;
    // ending idle ones as they appear lets close() finish as soon as the last request in flight is done.
    const sweep = setInterval(() => server.closeIdleConnections(), 25);
    const timer = setTimeout(() => {
      cutShort = true;
      server.closeAllConnections();
    }, graceMs);
    server.close(() => {
      clearInterval(sweep);
      clearTimeout(timer);
      resolve({ cutShort });
    });
    server.closeIdleConnections();
    if (graceMs <= 0) {
      clearTimeout(timer);
      server.closeAllConnections();
    }
  });
}
