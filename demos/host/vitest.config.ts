import { sharedModules } from '@memos-kit/tsconfig/vitest';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    ...sharedModules,
    // The demo tests start Node + tsx and two servers: a second when idle, far longer on a busy shared machine.
    testTimeout: 60_000,
    hookTimeout: 20_000,
  },
});
