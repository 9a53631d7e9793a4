import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // The demo test starts Node + tsx, which takes a second or more on a busy machine.
    testTimeout: 20_000,
    hookTimeout: 20_000,
  },
});
