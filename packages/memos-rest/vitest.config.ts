import { sharedModules, twoFilesAtATime } from '@memos-kit/tsconfig/vitest';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    ...sharedModules,
    include: ['test/**/*.test.ts'],
    ...twoFilesAtATime,
    // The machine is shared; a burst of HTTP requests can take seconds under load without being wrong.
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
