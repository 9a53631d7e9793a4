import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Test files start their own servers on port 0; two cores are shared with the rest of the workspace.
    maxWorkers: 2,
    // The machine is shared; a burst of HTTP requests can take seconds under load without being wrong.
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
