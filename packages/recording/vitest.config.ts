import { sharedModules, twoFilesAtATime } from '@memos-kit/tsconfig/vitest';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    ...sharedModules,
    include: ['test/**/*.test.ts'],
    ...twoFilesAtATime,
    // Child processes start TypeScript from source; on two busy cores that alone can take seconds.
    testTimeout: 60_000,
    hookTimeout: 30_000,
  },
});
