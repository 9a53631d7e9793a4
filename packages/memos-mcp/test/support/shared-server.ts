import { afterAll, beforeAll } from 'vitest';
import { type RunningAdapter, type StartServerOptions, startServer } from '../../src/index.ts';

/**
 * One server for a whole test file, on a free loopback port: started before the first test, closed after
 * the last, also on failure. Read its fields inside tests (they exist once it has started).
 */
export function sharedServer(options: StartServerOptions = { dataset: 'workshop' }): RunningAdapter {
  let running: RunningAdapter | undefined;
  beforeAll(async () => {
    running = await startServer({ ...options, port: 0 });
  });
  afterAll(() => running?.close());
  const started = (): RunningAdapter => {
    if (!running) throw new Error('the shared server has not started yet');
    return running;
  };
  return {
    get url() {
      return started().url;
    },
    get mcpUrl() {
      return started().mcpUrl;
    },
    get tools() {
      return started().tools;
    },
    get users() {
      return started().users;
    },
    get contract() {
      return started().contract;
    },
    get beyondAllowlist() {
      return started().beyondAllowlist;
    },
    get allowedHostnames() {
      return started().allowedHostnames;
    },
    close: (closeOptions) => started().close(closeOptions),
  };
}
