// The test runner's settings that the kit's packages share. Each package's vitest.config.ts spreads the ones
// that hold for its own tests, so the reason for each setting is written once, here. JavaScript, not
// TypeScript: vitest loads a config's imports from other packages with Node itself, which runs no .ts file.

/**
 * One module graph per worker (`isolate: false`): no test file of the kit mocks a module or leaves a global
 * changed, and loading the SDK, Express, Ajv and zod again for every file cost more CPU than many of the tests.
 * @type {{ readonly isolate: false }}
 */
export const sharedModules = { isolate: false };

/**
 * Two test files at a time. These tests spend most of their time waiting on the servers and child processes
 * they start, and vitest's default on a two-core machine is one worker, which leaves a core idle meanwhile.
 * Two, not more: turbo runs two packages' tests side by side on those cores.
 * @type {{ readonly maxWorkers: 2 }}
 */
export const twoFilesAtATime = { maxWorkers: 2 };
