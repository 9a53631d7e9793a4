import { defineConfig } from 'vitest/config';

const shared = {
  // One module graph per worker (isolate: false): no test file mocks a module or leaves a global changed,
  // and loading the SDK, express, Ajv and zod again for every file cost more CPU than many of the tests.
  isolate: false,
  // Every test file starts its own servers on port 0; two cores are shared with the rest of the workspace.
  maxWorkers: 2,
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
