// The built site the browser test walks. `pnpm test` builds it first as turbo's @memos-kit/docs#build (cached on
// the inputs listed in turbo.json); run alone, the test builds it here when a source is newer than the build.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { docsRoot } from './markdown-files.ts';

/** Where `vitepress build` writes by default, so `pnpm docs:build` and turbo's build leave it there too. */
export const siteDir = join(docsRoot, '.vitepress', 'dist');

const repository = join(docsRoot, '..');
/** Folders that feed no page: dependencies, outputs, caches and the tests (docs/test writes screenshots). */
const skipped = new Set(['node_modules', 'dist', 'cache', 'test', '.turbo']);
/** Vite's short-lived copy of a config it is loading (vitest's and VitePress's own). */
const transient = /\.timestamp-\d+/;

/**
 * What the site is built from, read from turbo.json so that this check and turbo's cache agree on it: the
 * docs package itself, the paths of `@memos-kit/docs#build`'s inputs under the root (the packages' and the
 * demos' sources) and the global dependencies (the fixtures). A README or a test config elsewhere is not
 * one of them, and editing it must not make the browser test build the site a second time.
 */
function sources(): string[] {
  const turbo = JSON.parse(readFileSync(join(repository, 'turbo.json'), 'utf8')) as {
    globalDependencies?: string[];
    tasks: Record<string, { inputs?: string[] }>;
  };
  const rooted = (turbo.tasks['@memos-kit/docs#build']?.inputs ?? [])
    .filter((input) => input.startsWith('$TURBO_ROOT$/'))
    .map((input) => input.slice('$TURBO_ROOT$/'.length));
  return [docsRoot, ...[...(turbo.globalDependencies ?? []), ...rooted].flatMap(expand)];
}

/** The existing paths a turbo glob names, down to its last fixed folder: each package's `src` for `packages/*` + `/src/**`. */
function expand(pattern: string): string[] {
  let paths = [repository];
  for (const part of pattern.replace(/\/\*\*$/, '').split('/')) {
    if (!part.includes('*')) {
      paths = paths.map((path) => join(path, part));
      continue;
    }
    const matcher = new RegExp(`^${part.split('*').map(escapeRegExp).join('[^/]*')}$`);
    paths = paths.flatMap((path) =>
      existsSync(path) && statSync(path).isDirectory()
        ? readdirSync(path)
            .filter((name) => matcher.test(name))
            .map((name) => join(path, name))
        : [],
    );
  }
  return paths.filter((path) => existsSync(path));
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The newest change to a file at or under `path`. Files only: a build or a test run touches the folders. */
function newestChange(path: string): number {
  if (!statSync(path).isDirectory()) return statSync(path).mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    if (skipped.has(entry.name) || transient.test(entry.name)) continue;
    newest = Math.max(newest, newestChange(join(path, entry.name)));
  }
  return newest;
}

/** True when `dir` holds a build made after the last change to any source of the site. */
export function buildIsFresh(dir: string): boolean {
  const index = join(dir, 'index.html');
  return existsSync(index) && statSync(index).mtimeMs >= Math.max(...sources().map(newestChange));
}

let running: ReturnType<typeof spawn> | undefined;

/** Stops a build cut short by a hook's timeout, so it does not outlive the test. */
export function stopBuild(): void {
  running?.kill('SIGKILL');
}

/** `vitepress build` of the docs into `outDir`; rejects with its output when it fails. */
export function buildSite(outDir: string): Promise<void> {
  const bin = join(
    dirname(createRequire(import.meta.url).resolve('vitepress/package.json')),
    'bin',
    'vitepress.js',
  );
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, 'build', docsRoot, '--outDir', outDir], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    running = child;
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`vitepress build failed:\n${output}`)),
    );
  });
}
