import { runEntry } from '@memos-kit/process';

const demo = new URL('../src/demo.ts', import.meta.url);

// The shell that runs the tests must not change what they see: no colour forced, no language, no real model.
export const env = {
  NO_COLOR: '',
  FORCE_COLOR: '',
  KIT_LANG: '',
  KIT_MODEL_URL: '',
  KIT_MODEL: '',
  KIT_MODEL_KEY: '',
};

/** `pnpm demo:host` with these arguments, without colour, its input given (nothing by default). */
export const run = (args: string[], options: { input?: string; env?: NodeJS.ProcessEnv } = {}) =>
  runEntry(demo, {
    args: ['--no-color', ...args],
    env: { ...env, ...options.env },
    input: options.input ?? '',
  });
