// The built site the browser test walks. `pnpm test` builds it first as turbo's @memos-kit/docs#build (cached on
// the inputs listed in turbo.json); run alone, the test builds it here when a source is newer than the build.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { docsRoot } from './markdown-files.ts';

/** Where `vitepress build` writes by default, so `pnpm docs:build` and turbo's build leave it there too. */
export const siteDir = join(docsRoot, '.vitepress', 'dist');

const repository = join(docsRoot, '..');
/** What the site is built from; turbo.json's inputs for @memos-kit/docs#build name the same. */
const sources = ['docs', 'fixtures', 'packages', 'demos'].map((dir) => join(repository, dir));
/** Folders that feed no page: dependencies, outputs, caches and the tests (docs/test writes screenshots). */
const skipped = new Set(['node_modules', 'dist', 'cache', 'test', '.turbo']);
/** Vite's short-lived copy of a config it is loading (vitest's and VitePress's own). */
const transient = /\.timestamp-\d+/;

/** The newest change to a file under `dir`. Files only: a build or a test run touches the folders themselves. */
function newestChange(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (skipped.has(entry.name) || transient.test(entry.name)) continue;
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestChange(path) : statSync(path).mtimeMs);
  }
  return newest;
}

/** True when `dir` holds a build made after the last change to any source of the site. */
export function buildIsFresh(dir: string): boolean {
  const index = join(dir, 'index.html');
  return existsSync(index) && statSync(index).mtimeMs >= Math.max(...sources.map(newestChange));
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
