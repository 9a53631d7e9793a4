import { sharedModules, twoFilesAtATime } from '@memos-kit/tsconfig/vitest';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    ...sharedModules,
    ...twoFilesAtATime,
    // The checks start the kit's server and a few Node + tsx children: seconds when idle, longer on a busy machine.
    testTimeout: 90_000,
    hookTimeout: 30_000,
    // `pnpm lab` runs its source through tsx, never a bundle: its checks import the learner's TypeScript and
    // share classes with the runner. The children these tests start (through the kit's launcher) run the same way.
    env: { KIT_FROM_SOURCE: '1' },
  },
});
