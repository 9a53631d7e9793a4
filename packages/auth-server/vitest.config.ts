import { sharedModules, twoFilesAtATime } from '@memos-kit/tsconfig/vitest';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    ...sharedModules,
    ...twoFilesAtATime,
    // Each file starts one authorization server and drives whole flows on two shared cores; the conformance
    // file also starts the suite as a child process.
    testTimeout: 60_000,
    hookTimeout: 30_000,
  },
});
