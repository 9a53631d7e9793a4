import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // One module graph per worker (isolate: false): no test file mocks a module or leaves a global changed,
    // and loading the same modules again for every file cost more CPU than many of the tests.
    isolate: false,
    include: ['test/**/*.test.ts'],
    // Run alone, the browser test builds the whole site first (pnpm test builds it beforehand, as a turbo task).
    testTimeout: 30_000,
    hookTimeout: 240_000,
  },
});
