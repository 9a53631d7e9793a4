// A Node version's binary for a test: where it is, the PATH of a student whose `node` it is, and the describe
// that runs only when it is here. Without the binary the tests are skipped with a line saying why, unless
// KIT_REQUIRE_NODE_VERSIONS=1 (CI), where a missing one fails them.
import { delimiter, dirname } from 'node:path';
import { beforeAll, describe } from 'vitest';
import { binaryOf } from '../src/versions.mjs';

const required = process.env.KIT_REQUIRE_NODE_VERSIONS === '1';

/** `(node:1234) [DEP0040] DeprecationWarning: …`, `(node:1234) ExperimentalWarning: …`: never in front of a class. */
export const NODE_WARNING = /^\(node:\d+\).*Warning.*$/m;

export function nodeVersion(version: string, what: string) {
  const found = binaryOf(version);
  if (found === undefined && !required) {
    console.warn(
      `Skipping ${what} on Node ${version}: not fetched here (node tests/node-versions/src/fetch.mjs fetches it from the npm registry).`,
    );
  }
  /** The binary; throws where it is required and missing, so the tests that need it fail and say why. */
  const node = (): string => {
    if (found === undefined) {
      throw new Error(
        `Node ${version} is required here and not fetched: node tests/node-versions/src/fetch.mjs`,
      );
    }
    return found;
  };
  const describeIfHere = describe.skipIf(found === undefined && !required);
  return {
    node,
    env: { PATH: `${found ? dirname(found) : ''}${delimiter}${process.env.PATH ?? ''}` },
    /** describe() for the tests that run on this version. */
    suite: (name: string, body: () => void) =>
      describeIfHere(name, () => {
        beforeAll(() => {
          node();
        });
        body();
      }),
  };
}
