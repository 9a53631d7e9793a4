import type { RequestListener } from 'node:http';
import { listen } from '@memos-kit/process';

export interface Listening {
  url: string;
  close(): Promise<void>;
}

/** Serves an app on 127.0.0.1 with a free port; close() runs `onClose`, then ends open connections. */
export async function listenOnLoopback(
  app: RequestListener,
  onClose: () => Promise<void> = async () => {},
): Promise<Listening> {
  const server = await listen(app);
  return {
    url: server.url,
    close: async () => {
      await onClose();
      await server.close();
    },
  };
}
