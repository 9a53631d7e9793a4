import { sharedModules, twoFilesAtATime } from '@memos-kit/tsconfig/vitest';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    ...sharedModules,
    setupFiles: ['test/support/fixed-seed.ts'],
    ...twoFilesAtATime,
    // The CLI tests start the demo as a child process through tsx, which takes a few seconds on a busy machine.
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
