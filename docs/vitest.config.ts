import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // The browser test builds the whole site first; the unit tests are quick either way.
    testTimeout: 30_000,
    hookTimeout: 240_000,
  },
});
