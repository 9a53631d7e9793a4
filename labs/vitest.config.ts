import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // One module graph per worker (isolate: false): no test file mocks a module or leaves a global changed,
    // and loading the SDK, express, Ajv and zod again for every file cost more CPU than many of the tests.
    isolate: false,
    // Two files at a time: most of their time is spent waiting on the child processes they start, and with
    // one worker (vitest's default on two cores) a core stays idle meanwhile. Same CPU, half the wall time.
    maxWorkers: 2,
    // The checks start the kit's server and a few Node + tsx children: seconds when idle, longer on a busy machine.
    testTimeout: 90_000,
    hookTimeout: 30_000,
    // `pnpm lab` runs its source through tsx, never a bundle: its checks import the learner's TypeScript and
    // share classes with the runner. The children these tests start (through the kit's launcher) run the same way.
    env: { KIT_FROM_SOURCE: '1' },
  },
});
