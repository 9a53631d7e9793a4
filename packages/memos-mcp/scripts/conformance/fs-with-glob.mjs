// `node:fs` as it is, plus `globSync` where the running Node lacks it (see fs-glob-hooks.mjs).
import fs from 'node:fs';

export * from 'node:fs';
export default fs;
export const globSync =
  fs.globSync ??
  (() => {
    throw new Error('fs.globSync needs Node 22 or later; the conformance server scenarios do not use it');
  });
