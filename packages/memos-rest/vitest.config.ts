import { sharedModules } from '@memos-kit/tsconfig/vitest';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    ...sharedModules,
    include: ['test/**/*.test.ts'],
    setupFiles: ['test/support/fixed-seed.ts'],
    // Vitest's own worker count (one on two cores), not twoFilesAtATime: these tests run the app in-process
    // and keep a core busy rather than wait on child processes, so on two cores a second worker only loads
    // Express, Ajv and the CEL parser again (measured alone: 9–10 → 8 CPU s, wall time within half a second).
    // The machine is shared; a burst of HTTP requests can take seconds under load without being wrong.
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
