import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // One module graph per worker (isolate: false): no test file mocks a module or leaves a global changed,
    // and loading the same modules again for every file cost more CPU than many of the tests.
    isolate: false,
  },
});
