import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // One module graph per worker (isolate: false): no test file mocks a module or leaves a global changed,
    // and loading the same modules again for every file cost more CPU than many of the tests.
    isolate: false,
    include: ['test/**/*.test.ts'],
    // The browser test builds the whole site first; the unit tests are quick either way.
    testTimeout: 30_000,
    hookTimeout: 240_000,
  },
});
