import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Test files start their own servers on port 0; two cores are shared with the rest of the workspace.
    maxWorkers: 2,
  },
});
