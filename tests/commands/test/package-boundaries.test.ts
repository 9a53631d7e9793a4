// A package uses another through what that one exports (its name, a named subpath such as
// `@memos-kit/memos-mcp/entries`, a `bin`), never by a relative path into its folder: a path like
// `../../../packages/memos-mcp/src/stdio.ts` breaks when that package moves a file, hides the dependency
// from package.json (so nothing says which way dependencies point), and is not what a student can follow.
// This scans every package's own code (tests and the scripts that write other packages' files aside) for a
// relative path, imported or built with `new URL`, that lands in another package. The repository's shared
// files (the root package.json, fixtures/) belong to no package, so a path to them is fine.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { root } from './pnpm.ts';

/** Folders that hold no package code: tests, built or generated files, recordings, dependencies. */
const skipped = new Set([
  'node_modules',
  'dist',
  'cache',
  '.temp',
  'test',
  '__fixtures__',
  'transcripts',
  'recordings',
  'scripts',
]);

/** Every workspace package's folder: the ones pnpm-workspace.yaml lists (the root is not one of them). */
function packageDirs(): string[] {
  const dirs = ['docs', 'labs'];
  for (const group of ['packages', 'demos', 'tests'])
    for (const entry of readdirSync(join(root, group), { withFileTypes: true }))
      if (entry.isDirectory() && existsSync(join(root, group, entry.name, 'package.json')))
        dirs.push(join(group, entry.name));
  return dirs.map((dir) => join(root, dir));
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return skipped.has(entry.name) ? [] : sourceFiles(path);
    return /\.(?:[cm]?[jt]s|vue)$/.test(entry.name) && !/\.timestamp-\d+/.test(entry.name) ? [path] : [];
  });
}

const packages = packageDirs();

/** The package a file or folder lies in, if any. */
function packageOf(path: string): string | undefined {
  return packages.find((dir) => path === dir || path.startsWith(`${dir}${sep}`));
}

/** Every string in the text that is a relative path: `'../x'`, `"./y"`, `` `../z/**` `` (no `${}` in it). */
function relativePaths(text: string): string[] {
  return [...text.matchAll(/(['"`])(\.\.?\/[^'"`\s$]*)\1/g)].map((match) => match[2] ?? '');
}

/**
 * The text without the comments that stand on lines of their own (a `/* … *\/` block, a `//` line): a comment
 * may show a path as an example, relative to somewhere else (a Markdown page), and neither imports nor builds
 * it. Only whole lines, since a glob or a URL inside code can hold `/*` or `//`.
 */
function withoutComments(text: string): string {
  return text.replace(/^\s*\/\*[\s\S]*?\*\//gm, '').replace(/^\s*\/\/.*$/gm, '');
}

/** The relative paths in `text`, a file of `file`'s package, that land in another package. */
export function reachesInto(file: string, text: string): string[] {
  const own = packageOf(file);
  return relativePaths(withoutComments(text)).filter((path) => {
    const target = packageOf(resolve(dirname(file), path));
    return target !== undefined && target !== own;
  });
}

describe('package boundaries', () => {
  it('the scan finds a path into another package, and lets a package use its own files and the shared ones', () => {
    const host = join(root, 'demos/host/src/host.ts');
    expect(reachesInto(host, "new URL('../../../packages/memos-mcp/src/stdio.ts', import.meta.url)")).toEqual(
      ['../../../packages/memos-mcp/src/stdio.ts'],
    );
    expect(reachesInto(host, "import { x } from '../../tour/src/index.ts';")).toEqual([
      '../../tour/src/index.ts',
    ]);
    const theme = join(root, 'docs/.vitepress/theme/layers.ts');
    expect(reachesInto(theme, "watch: ['../../../demos/features/recordings/**/*']")).toEqual([
      '../../../demos/features/recordings/**/*',
    ]);
    expect(
      reachesInto(host, "import { t } from './tap.ts'; new URL('../package.json', import.meta.url)"),
    ).toEqual([]);
    expect(
      reachesInto(host, "new URL('../../../fixtures/', import.meta.url); '../../../package.json'"),
    ).toEqual([]);
    const example =
      '// a page links `../../packages/memos-mcp/src/stdio.ts`\n/** as `../../../packages/x` */\n';
    expect(reachesInto(theme, example)).toEqual([]);
  });

  it('no package reaches into another one by a relative path', () => {
    const files = packages.flatMap(sourceFiles);
    expect(files.length).toBeGreaterThan(200);
    const found = files.flatMap((file) =>
      reachesInto(file, readFileSync(file, 'utf8')).map((path) => `${relative(root, file)}: ${path}`),
    );
    expect(found).toEqual([]);
  });
});
