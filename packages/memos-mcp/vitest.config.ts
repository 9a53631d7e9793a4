import { sharedModules, twoFilesAtATime } from '@memos-kit/tsconfig/vitest';
import { defineConfig } from 'vitest/config';

const shared = {
  ...sharedModules,
  ...twoFilesAtATime,
  // Child processes start from a bundle (or from source when one changed); on two busy cores that alone
  // can take seconds.
  testTimeout: 60_000,
  hookTimeout: 30_000,
};

// The @ai-sdk/mcp test times a cold start against the client's 1 s window, so it runs first, on its own,
// before the package's other files start their servers and child processes.
const ALONE = ['test/ai-sdk-client.test.ts'];

export default defineConfig({
  test: {
    projects: [
      { test: { ...shared, name: 'cold-start', include: ALONE, sequence: { groupOrder: 0 } } },
      {
        test: {
          ...shared,
          name: 'memos-mcp',
          include: ['test/**/*.test.ts'],
          exclude: ALONE,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
