import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // One module graph per worker (isolate: false): no test file mocks a module or leaves a global changed,
    // and loading the SDK, express, Ajv and zod again for every file cost more CPU than many of the tests.
    isolate: false,
    // Two files at a time: most of their time is spent waiting on the child processes they start, and with
    // one worker (vitest's default on two cores) a core stays idle meanwhile. Same CPU, half the wall time.
    maxWorkers: 2,
    // Every test starts real processes (Node + tsx), which takes about a second on a busy machine.
    testTimeout: 20_000,
    hookTimeout: 20_000,
  },
});
