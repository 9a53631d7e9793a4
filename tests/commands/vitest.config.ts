import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Two files at a time: most of their time is spent waiting on the commands they run through pnpm, and with
    // one worker (vitest's default on two cores) a core stays idle meanwhile. Same CPU, less wall time.
    maxWorkers: 2,
  },
});
