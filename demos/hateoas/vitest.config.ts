import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // One module graph per worker (isolate: false): no test file mocks a module or leaves a global changed,
    // and loading the SDK, express, Ajv and zod again for every file cost more CPU than many of the tests.
    isolate: false,
    // The demo tests start Node + tsx and two servers: a second when idle, far longer on a busy shared machine.
    testTimeout: 60_000,
    hookTimeout: 20_000,
  },
});
