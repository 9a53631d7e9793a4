import { sharedModules } from '@memos-kit/tsconfig/vitest';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    ...sharedModules,
    // Each test starts Node once or twice, and some build a bundle or load tsx first: well under a second
    // when idle, many seconds on a busy shared machine.
    testTimeout: 60_000,
  },
});
