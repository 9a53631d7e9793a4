import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // One module graph per worker (isolate: false): no test file mocks a module or leaves a global changed,
    // and loading the SDK, express, Ajv and zod again for every file cost more CPU than many of the tests.
    isolate: false,
    // The CLI tests start the demo as a child process through tsx, which takes a few seconds on a busy machine.
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
