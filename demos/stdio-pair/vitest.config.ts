import { sharedModules, twoFilesAtATime } from '@memos-kit/tsconfig/vitest';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    ...sharedModules,
    ...twoFilesAtATime,
    // Every test starts real processes (Node + tsx), which takes about a second on a busy machine.
    testTimeout: 20_000,
    hookTimeout: 20_000,
  },
});
