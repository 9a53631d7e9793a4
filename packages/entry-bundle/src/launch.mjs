#!/usr/bin/env node
// `node launch.mjs <entry.ts> [args…]`: runs a TypeScript entry as `node --import tsx <entry.ts>` would,
// but from a bundle when one is fresh, which starts several times faster (no transform, one file to load
// instead of hundreds). A bundle is never trusted blindly: when any source it was made from has changed
// (a learner editing a lab), it is rebuilt first; when it cannot be built, the source runs through tsx,
// so what runs is always what the files say. KIT_FROM_SOURCE=1 always runs the source through tsx.
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildBundle, freshBundle } from './bundle.mjs';

const [entryArgument, ...args] = process.argv.slice(2);
if (entryArgument === undefined) {
  process.stderr.write('usage: node launch.mjs <entry.ts> [args…]\n');
  process.exit(2);
}
const entry = resolve(entryArgument);
// Stack traces and debuggers name the TypeScript source, file and line, as they do under tsx: Node reads the
// bundle's source maps for every module loaded from here on. The flag `--enable-source-maps` does the
// same from the command line; here it needs no change to the scripts that start the launcher.
process.setSourceMapsEnabled(true);
// The entry sees the argv it would see when run directly: [node, entry, args…].
process.argv = [process.argv[0] ?? process.execPath, entry, ...args];

await import(await runnable(entry));

/**
 * The module to import for `entry`: its fresh bundle, a new bundle, or (with tsx loaded) the source.
 * @param {string} entry
 */
async function runnable(entry) {
  if (process.env.KIT_FROM_SOURCE !== '1') {
    const fresh = freshBundle(entry);
    if (fresh) return pathToFileURL(fresh).href;
    try {
      return pathToFileURL(await buildBundle(entry)).href;
    } catch {
      // A syntax error, a missing import: tsx reports it against the source, as it always has.
    }
  }
  // @ts-expect-error tsx's loader entry has no types: it is imported for its effect, registering hooks.
  await import('tsx');
  return pathToFileURL(entry).href;
}
