// The built docs site, for the commands that serve it (`pnpm docs:preview`, `pnpm playground`) and the browser
// test: where `vitepress build` leaves it, whether it is older than a source it was built from, and a small
// static server for it that listens on loopback only.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Listening, listen, serveStatic } from '@memos-kit/process';
import type { OptionSpecs } from '@memos-kit/terminal';

export const docsRoot = fileURLToPath(new URL('../', import.meta.url));

/** Where `vitepress build` writes by default, so `pnpm docs:build` and turbo's build leave it there too. */
export const siteDir = join(docsRoot, '.vitepress', 'dist');

/** `--dir`, for the commands that serve a build: another folder, taken as it is. */
export const dirOption = {
  dir: {
    type: 'string',
    value: 'DIR',
    help: {
      zh: '改为提供这个文件夹里构建好的站点（例如 vitepress build --outDir 构建到别处的），原样提供，不检查是否过时',
      en: 'serve the built site in this folder instead (one vitepress build --outDir wrote elsewhere, say), as it is, with no staleness check',
    },
  },
} as const satisfies OptionSpecs;

/** A port given on the command line (0: any free one), or null when it is not one. */
export function portFrom(value: string | undefined, byDefault: number): number | null {
  const port = Number(value ?? byDefault);
  return Number.isInteger(port) && port >= 0 && port <= 65535 ? port : null;
}

/** A folder named on the command line, from where the user typed it (pnpm runs scripts from the root). */
export const userDir = (dir: string) => resolve(process.env.INIT_CWD ?? process.cwd(), dir);

const repository = join(docsRoot, '..');
/** Folders that feed no page: dependencies, outputs, caches and the tests (docs/test writes screenshots). */
const skipped = new Set(['node_modules', 'dist', 'cache', 'test', '.turbo']);
/** Vite's short-lived copy of a config it is loading (vitest's and VitePress's own). */
const transient = /\.timestamp-\d+/;

/**
 * What the site is built from, read from turbo.json so that this check and turbo's cache agree on it: the
 * docs package itself, the paths of `@memos-kit/docs#build`'s inputs under the root (the packages' and the
 * demos' sources) and the global dependencies (the fixtures). A README or a test config elsewhere is not
 * one of them, and editing it must not make the site count as stale.
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

interface Change {
  path: string;
  mtimeMs: number;
}

/** The newest change to a file at or under `path`. Files only: a build or a test run touches the folders. */
function newestChange(path: string): Change {
  if (!statSync(path).isDirectory()) return { path, mtimeMs: statSync(path).mtimeMs };
  let newest: Change = { path, mtimeMs: 0 };
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    if (skipped.has(entry.name) || transient.test(entry.name)) continue;
    const change = newestChange(join(path, entry.name));
    if (change.mtimeMs > newest.mtimeMs) newest = change;
  }
  return newest;
}

export type SiteState =
  | { state: 'fresh' }
  | { state: 'missing' }
  /** `newer`: a source changed after the build, relative to the repository (e.g. `docs/guide/stdio.md`). */
  | { state: 'stale'; newer: string };

/**
 * Whether `dir` holds a build made after the last change to every source of the site (`from`, by default
 * what turbo.json says the site is built from), judged by file times as `make` does.
 */
export function siteState(dir: string, from: readonly string[] = sources()): SiteState {
  const index = join(dir, 'index.html');
  if (!existsSync(index)) return { state: 'missing' };
  const builtAt = statSync(index).mtimeMs;
  for (const source of from) {
    const change = newestChange(source);
    if (change.mtimeMs > builtAt)
      return { state: 'stale', newer: relative(repository, change.path).split(sep).join('/') };
  }
  return { state: 'fresh' };
}

/**
 * Serves the built site in `root` on 127.0.0.1 (`port` 0: a free one); `close()` of the answer stops it.
 * A path with no file gets the site's own 404 page, as VitePress's preview answers.
 */
export function serveSite(root: string, { port = 0 }: { port?: number } = {}): Promise<Listening> {
  return listen((req, res) => serveStatic(root, req, res), { host: '127.0.0.1', port });
}
