import { fileURLToPath } from 'node:url';

/** The repository's root, with forward slashes, as glob patterns want it. */
const repositoryRoot = fileURLToPath(new URL('../../../', import.meta.url)).replaceAll('\\', '/');

/**
 * A data loader's `watch` for files outside docs/ (the fixtures, the recordings), with the folders no
 * pattern of ours reaches left out by name. VitePress 1.6.4 globs `watch` whenever a loader runs, in
 * `vitepress build` too, and a pattern that climbs out of docs/ makes its bundled tinyglobby walk the
 * whole repository from its root: its own node_modules ignore is relative to docs/ and matches nothing
 * up there, so the walk follows every pnpm link. That took about 10 s per loader, for 31 files, in
 * every build and at the dev server's first page; with these two exclusions it takes a tenth of a second.
 */
export function watchOutsideDocs(...patterns: string[]): string[] {
  return [...patterns, `!${repositoryRoot}**/node_modules/**`, `!${repositoryRoot}.git/**`];
}
