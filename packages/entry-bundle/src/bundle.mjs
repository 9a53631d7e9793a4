// Plain JavaScript on purpose: this file decides whether TypeScript needs a transform at all, so it must
// run under bare `node`, before any loader exists.
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { decode, encode } from '@jridgewell/sourcemap-codec';

/** The repository root: this file lives in packages/entry-bundle/src. */
export const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
/** Outside git and wiped with node_modules: a bundle is a cache, never a source. */
export const CACHE_DIR = join(ROOT, 'node_modules', '.cache', 'memos-kit-entries');
/** Bumped when the way bundles are made changes, so every older bundle counts as stale. */
const FORMAT = 7;
/**
 * What esbuild compiles for: the oldest Node the kit supports (the root package.json's `engines`), not the
 * Node that happens to run. A bundle then depends only on its inputs, so every supported Node runs the same
 * one: switching versions (`nvm use 26`) rebuilds nothing, and two versions at work in one checkout never
 * replace each other's bundles while the other is still loading its chunks.
 */
const TARGET = targetOf(JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).engines?.node);
/**
 * Besides the sources a bundle was made from, these decide what it contains: the lockfile (a dependency
 * added or upgraded) and this file (how bundles are made).
 */
const ALWAYS_INPUTS = ['pnpm-lock.yaml', relative(ROOT, fileURLToPath(import.meta.url))].map(slashed);

/**
 * `>=22.19` → `node22.19`; a range of another shape, or none, compiles for the running Node.
 * @param {string | undefined} range
 */
function targetOf(range) {
  const floor = /^>=\s*(\d+(?:\.\d+){0,2})$/.exec(range?.trim() ?? '')?.[1];
  return `node${floor ?? process.versions.node}`;
}

/** @param {string} path */
function slashed(path) {
  return path.split(sep).join('/');
}

/**
 * `demos/tour/src/demo.ts` → `demos__tour__src__demo`: one flat name per entry; its bundles and manifest
 * in `CACHE_DIR` start with it.
 * @param {string} entryPath
 */
export function keyOf(entryPath) {
  return slashed(relative(ROOT, entryPath))
    .replace(/\.[cm]?[jt]s$/, '')
    .replace(/[^A-Za-z0-9_-]+/g, '__');
}

/** @param {string} entryPath */
function manifestPath(entryPath) {
  return join(CACHE_DIR, `${keyOf(entryPath)}.json`);
}

/** @param {string} path */
function hashOf(path) {
  return createHash('sha256').update(readFileSync(path)).digest('hex');
}

/**
 * The bundle for `entryPath` if it was made in this checkout, for `TARGET`, and every input it was made from
 * is unchanged; else undefined. An input counts
 * as unchanged when its size and mtime are as recorded, or, when only the mtime moved (a checkout, a
 * `touch`), when its content hash still matches. A missing or unreadable input makes the bundle stale.
 * @param {string} entryPath absolute path of the `.ts` entry
 * @returns {string | undefined} absolute path of the bundle
 */
export function freshBundle(entryPath) {
  let manifest;
  try {
    manifest = JSON.parse(readFileSync(manifestPath(entryPath), 'utf8'));
  } catch {
    return undefined;
  }
  // A bundle holds absolute paths of the checkout it was made in (import.meta.url, packages it loads at run
  // time), so a checkout copied or moved elsewhere, node_modules and all, must not use it.
  if (manifest.format !== FORMAT || manifest.target !== TARGET || manifest.root !== ROOT) return undefined;
  /** @type {Array<[string, { size: number, mtimeMs: number, hash: string }]>} */
  const recordedInputs = Object.entries(manifest.inputs);
  for (const [path, recorded] of recordedInputs) {
    const absolute = join(ROOT, path);
    try {
      const now = statSync(absolute);
      if (now.size !== recorded.size) return undefined;
      if (now.mtimeMs !== recorded.mtimeMs && hashOf(absolute) !== recorded.hash) return undefined;
    } catch {
      return undefined;
    }
  }
  return join(CACHE_DIR, manifest.bundle);
}

/**
 * Everything the kit's own sources ask of `import.meta` becomes what it would be in the source file, so a
 * bundle reads `../datasets/` or the root package.json from where the source lives, and
 * `import.meta.resolve('x')` resolves from the source's package, at build time, as esbuild would.
 */
/** @type {import('esbuild').Plugin} */
const sourceMeta = {
  name: 'kit-source-meta',
  setup(build) {
    build.onLoad({ filter: /\.[cm]?[jt]s$/ }, async (args) => {
      if (args.path.includes(`${sep}node_modules${sep}`)) return undefined;
      let text = readFileSync(args.path, 'utf8');
      if (!text.includes('import.meta')) return undefined;
      const resolveDir = dirname(args.path);
      for (const match of text.matchAll(/import\.meta\.resolve\((['"])([^'"]+)\1\)/g)) {
        const found = await build.resolve(match[2] ?? '', { resolveDir, kind: 'import-statement' });
        if (found.errors.length > 0) continue;
        text = text.replace(match[0], JSON.stringify(pathToFileURL(found.path).href));
      }
      const url = pathToFileURL(args.path).href;
      text = text
        .replaceAll('import.meta.url', JSON.stringify(url))
        .replaceAll('import.meta.filename', JSON.stringify(args.path))
        .replaceAll('import.meta.dirname', JSON.stringify(resolveDir));
      const loader = /\.[cm]?ts$/.test(args.path) ? 'ts' : 'js';
      return { contents: text, loader, resolveDir };
    });
  },
};

/**
 * Dependencies left out of the bundle and loaded from where pnpm installed them: iconv-lite (body-parser's)
 * is half a megabyte of code tables Express needs only for a charset other than UTF-8, and inside a bundle
 * Node would compile them at every start; oidc-provider, which only `pnpm serve --auth oauth` loads, lost
 * the session between its login and consent pages when bundled, and runs as its authors ship it instead.
 * @type {import('esbuild').Plugin}
 */
const lazyDependencies = {
  name: 'kit-lazy-dependencies',
  setup(build) {
    build.onResolve({ filter: /^(iconv-lite|oidc-provider(\/.*)?)$/ }, async (args) => {
      if (args.pluginData === 'lazy') return undefined;
      const found = await build.resolve(args.path, {
        resolveDir: args.resolveDir,
        kind: args.kind,
        pluginData: 'lazy',
      });
      return found.errors.length > 0 ? undefined : { path: found.path, external: true };
    });
  },
};

/**
 * Bundles `entryPath` with everything it imports (the kit's packages and their dependencies) into ES modules,
 * and records its inputs for `freshBundle`. Code the entry imports dynamically goes into chunks of its own
 * (esbuild's splitting), so an entry that reads its options before importing its work answers `--help`,
 * `--version` or a wrong option without compiling the rest. Safe to run in several processes at once: each
 * writes its own directory, named by the hash of what it holds, and the manifest that names it is replaced
 * in one rename.
 * @param {string} entryPath absolute path of the `.ts` entry
 * @returns {Promise<string>} absolute path of the bundle's entry module
 */
export async function buildBundle(entryPath) {
  const { build } = await import('esbuild');
  mkdirSync(CACHE_DIR, { recursive: true });
  const key = keyOf(entryPath);
  const result = await build({
    entryPoints: { [key]: entryPath },
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: TARGET,
    write: false,
    metafile: true,
    logLevel: 'silent',
    // Readable as written, and mapped back to it: the launcher turns Node's source maps on, so a stack
    // trace names the `.ts` file and line, and a debugger (`node --inspect`) shows the source. The map
    // sits beside each output file and points at the kit's sources (`kitSourcesOnly`) by relative path,
    // which a debugger reads from disk as they are, with no copy of them inside the map; the launcher
    // rebuilds a bundle before it runs whenever one of them changed, so the map and the files agree.
    sourcemap: 'linked',
    sourcesContent: false,
    absWorkingDir: ROOT,
    outdir: join(CACHE_DIR, key),
    outExtension: { '.js': '.mjs' },
    chunkNames: 'chunk-[hash]',
    // CommonJS dependencies (Express) call require() for Node's own modules; an ES module has none. Every
    // output file gets this line, chunks included.
    banner: {
      js: "import { createRequire as __kitCreateRequire } from 'node:module'; const require = __kitCreateRequire(import.meta.url);",
    },
    plugins: [sourceMeta, lazyDependencies],
  });
  /** @type {Array<[string, string | Uint8Array]>} */
  const files = (result.outputFiles ?? []).map((file) => [
    basename(file.path),
    file.path.endsWith('.map') ? kitSourcesOnly(file.text) : file.contents,
  ]);
  if (!files.some(([name]) => name === `${key}.mjs`)) {
    throw new Error(`esbuild wrote no bundle for ${entryPath}`);
  }
  const digest = createHash('sha256');
  for (const [name, contents] of files) digest.update(name).update(contents);
  const directory = `${key}.${digest.digest('hex').slice(0, 12)}`;
  writeDirectoryAtomically(join(CACHE_DIR, directory), files);
  const bundle = `${directory}/${key}.mjs`;
  /** @type {Record<string, { size: number, mtimeMs: number, hash: string }>} */
  const inputs = {};
  const paths = Object.keys(result.metafile.inputs)
    .filter((path) => !path.includes('node_modules/'))
    .map((path) => slashed(relative(ROOT, resolve(ROOT, path))));
  for (const path of [...new Set([...paths, ...ALWAYS_INPUTS])]) {
    const absolute = join(ROOT, path);
    const { size, mtimeMs } = statSync(absolute);
    inputs[path] = { size, mtimeMs, hash: hashOf(absolute) };
  }
  const manifest = {
    format: FORMAT,
    target: TARGET,
    root: ROOT,
    entry: slashed(relative(ROOT, entryPath)),
    bundle,
    inputs,
  };
  writeAtomically(manifestPath(entryPath), JSON.stringify(manifest, null, 1));
  removeOldBundles(key, directory);
  removeOrphans();
  return join(CACHE_DIR, bundle);
}

/**
 * The map esbuild wrote, keeping the kit's own sources only, what a student reads: the dependencies' code
 * (the SDK, Express, zod: most of a bundle) maps to no source, so a frame there names the bundle's line, in
 * code that reads as written. Node decodes a whole map the first time it formats a stack with a frame in
 * its chunk, and Node's own web streams format one whenever a reader is released. Mapping the dependencies
 * too makes the largest map six times the size, and `pnpm demo:sse` then takes 1.5 × the CPU time of a
 * minified bundle without maps; mapping the kit's sources alone, 1.1 ×.
 * @param {string} text
 */
function kitSourcesOnly(text) {
  const map = JSON.parse(text);
  /** @type {string[]} */
  const sources = map.sources;
  /** @type {Map<number, number>} index in `sources` → index among the sources kept */
  const kept = new Map();
  sources.forEach((source, index) => {
    if (!source.includes('/node_modules/')) kept.set(index, kept.size);
  });
  let unmapped = false;
  const lines = decode(map.mappings).map((segments) => {
    /** @type {typeof segments} */
    const out = [];
    for (const segment of segments) {
      if (segment.length === 1) {
        out.push(segment);
        unmapped = true;
        continue;
      }
      const source = kept.get(segment[1]);
      if (source !== undefined) {
        out.push([segment[0], source, ...segment.slice(2)]);
        unmapped = false;
      } else if (!unmapped) {
        // A segment with a column alone ends the mapping before it: this code maps to no source.
        out.push([segment[0]]);
        unmapped = true;
      }
    }
    return out;
  });
  return JSON.stringify({
    ...map,
    sources: sources.filter((_, index) => kept.has(index)),
    mappings: encode(lines),
  });
}

/**
 * Writes a bundle's files into `path` as one step: into a directory of this process's own, then renamed.
 * When `path` already exists, another process made the same bundle (its name is the hash of its files),
 * and this copy is dropped.
 * @param {string} path
 * @param {Array<[string, string | Uint8Array]>} files
 */
function writeDirectoryAtomically(path, files) {
  const temporary = `${path}.${process.pid}.tmp`;
  rmSync(temporary, { recursive: true, force: true });
  mkdirSync(temporary);
  for (const [name, contents] of files) writeFileSync(join(temporary, name), contents);
  try {
    renameSync(temporary, path);
  } catch (error) {
    rmSync(temporary, { recursive: true, force: true });
    if (!isMissingOrTaken(error)) throw error;
  }
}

/** @param {unknown} error */
function isMissingOrTaken(error) {
  return error instanceof Error && 'code' in error && ['EEXIST', 'ENOTEMPTY'].includes(String(error.code));
}

/**
 * @param {string} path
 * @param {string | Uint8Array} contents
 */
function writeAtomically(path, contents) {
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, contents);
  renameSync(temporary, path);
}

/**
 * Older bundles of this entry, once no process can still be about to load them (a minute on).
 * @param {string} key
 * @param {string} current the directory of the bundle just made
 */
function removeOldBundles(key, current) {
  const cutoff = Date.now() - 60_000;
  for (const name of readdirSync(CACHE_DIR)) {
    if (!name.startsWith(`${key}.`) || name.endsWith('.json') || name === current) continue;
    const path = join(CACHE_DIR, name);
    try {
      if (statSync(path).mtimeMs < cutoff) rmSync(path, { recursive: true, force: true });
    } catch {
      // Another process removed it first.
    }
  }
}

/**
 * Manifests and bundles of entries that no longer exist: an entry in a temporary directory (a lab's copy
 * that a check runs, a test's scratch file) would otherwise leave its bundle behind at every run.
 */
function removeOrphans() {
  for (const name of readdirSync(CACHE_DIR)) {
    if (!name.endsWith('.json')) continue;
    const path = join(CACHE_DIR, name);
    try {
      const manifest = JSON.parse(readFileSync(path, 'utf8'));
      statSync(join(ROOT, manifest.entry));
    } catch (error) {
      if (!(error instanceof Error && 'code' in error && error.code === 'ENOENT')) continue;
      const key = name.slice(0, -'.json'.length);
      for (const other of readdirSync(CACHE_DIR)) {
        if (other !== name && !other.startsWith(`${key}.`)) continue;
        try {
          rmSync(join(CACHE_DIR, other), { recursive: true, force: true });
        } catch {
          // Another process removed it first, or is still writing it: the next sweep takes it.
        }
      }
    }
  }
}
