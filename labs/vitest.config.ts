import { sharedModules, twoFilesAtATime } from '@memos-kit/tsconfig/vitest';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    ...sharedModules,
    ...twoFilesAtATime,
    // The checks start the kit's server and a few Node + tsx children: seconds when idle, longer on a busy machine.
    testTimeout: 90_000,
    hookTimeout: 30_000,
  },
});
