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
// A test that counts a module's imports through vi.mock needs a module graph of its own: with shared modules,
// another file in the same worker may have loaded the module first, and the count would prove nothing.
const ISOLATED = ['test/oauth-lazy.test.ts'];

export default defineConfig({
  test: {
    projects: [
      { test: { ...shared, name: 'cold-start', include: ALONE, sequence: { groupOrder: 0 } } },
      {
        test: {
          ...shared,
          name: 'memos-mcp',
          include: ['test/**/*.test.ts'],
          exclude: [...ALONE, ...ISOLATED],
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: { ...shared, isolate: true, name: 'isolated', include: ISOLATED, sequence: { groupOrder: 1 } },
      },
    ],
  },
});
