#!/usr/bin/env node
// `pnpm test`: every check, as two turbo runs side by side. One builds the docs site and walks it in
// Chromium: the longest chain of the suite (build, then browser), about a minute on its own. The other runs
// the lint, the typecheck and every other package's tests, two at a time. In one turbo run the browser test
// could only start once the build was done, and turbo starts ready tasks in no fixed order, so it was
// usually started last and ran alone at the end. Arguments (`--summarize`, say) go to both runs.
import { spawn } from 'node:child_process';

const extra = process.argv.slice(2);
const lanes = [
  ['run', '@memos-kit/docs#test', '--concurrency=1', ...extra],
  [
    'run',
    'lint',
    'lint:deps',
    'lint:cycles',
    '//#typecheck',
    'test',
    '--filter=!@memos-kit/docs',
    '--concurrency=2',
    '--continue',
    ...extra,
  ],
];

// pnpm puts node_modules/.bin on PATH; turbo is a native binary, so no shell is needed.
const children = lanes.map((args) => spawn('turbo', args, { stdio: 'inherit' }));

// Ctrl-C reaches turbo from the terminal already; SIGTERM (a CI runner stopping the job) is passed on, so
// neither run outlives this process.
for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) {
  process.on(signal, () => {
    for (const child of children) child.kill(signal);
  });
}

const codes = await Promise.all(
  children.map(
    (child) =>
      new Promise((resolve) => {
        child.once('error', (error) => {
          process.stderr.write(`pnpm test: cannot start turbo: ${error.message}\n`);
          resolve(1);
        });
        child.once('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
      }),
  ),
);
process.exitCode = codes.every((code) => code === 0) ? 0 : 1;
