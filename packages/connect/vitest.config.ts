import { sharedModules, twoFilesAtATime } from '@memos-kit/tsconfig/vitest';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    ...sharedModules,
    include: ['test/**/*.test.ts'],
    ...twoFilesAtATime,
    // The proof starts the kit's servers as hosts start them; on two busy cores a start can take seconds.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
