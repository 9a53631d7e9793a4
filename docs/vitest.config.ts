import { sharedModules } from '@memos-kit/tsconfig/vitest';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    ...sharedModules,
    include: ['test/**/*.test.ts'],
    // Run alone, the browser test builds the whole site first (pnpm test builds it beforehand, as a turbo task).
    testTimeout: 30_000,
    hookTimeout: 240_000,
  },
});
