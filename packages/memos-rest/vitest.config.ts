import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // One module graph per worker (isolate: false): no test file mocks a module or leaves a global changed,
    // and loading the SDK, express, Ajv and zod again for every file cost more CPU than many of the tests.
    isolate: false,
    include: ['test/**/*.test.ts'],
    // Test files start their own servers on port 0; two cores are shared with the rest of the workspace.
    maxWorkers: 2,
    // The machine is shared; a burst of HTTP requests can take seconds under load without being wrong.
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
