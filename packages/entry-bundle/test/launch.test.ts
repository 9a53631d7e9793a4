// The promise of the launcher: fast when nothing changed, and never the old code after a source changed.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CACHE_DIR, freshBundle, keyOf, ROOT } from '../src/bundle.mjs';

const LAUNCHER = fileURLToPath(new URL('../src/launch.mjs', import.meta.url));

let dir: string;
let entry: string;
let greeting: string;

function launch(args: string[] = [], env: NodeJS.ProcessEnv = {}) {
  const run = spawnSync(process.execPath, [LAUNCHER, entry, ...args], {
    encoding: 'utf8',
    env: { ...process.env, KIT_FROM_SOURCE: '', ...env },
    timeout: 60_000,
  });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

function manifestBundle(): string | undefined {
  try {
    return JSON.parse(readFileSync(join(CACHE_DIR, `${keyOf(entry)}.json`), 'utf8')).bundle;
  } catch {
    return undefined;
  }
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'entry-bundle-'));
  entry = join(dir, 'entry.ts');
  greeting = join(dir, 'greeting.ts');
  writeFileSync(greeting, "export const greeting: string = 'hello 1';\n");
  writeFileSync(join(dir, 'data.txt'), 'beside the source\n');
  // What the kit's own sources do: read a file beside the source, resolve a package, look at argv.
  writeFileSync(
    entry,
    [
      "import { readFileSync } from 'node:fs';",
      "import { greeting } from './greeting.ts';",
      "const beside = readFileSync(new URL('./data.txt', import.meta.url), 'utf8').trim();",
      "const bundled = import.meta.url.endsWith('/entry.ts') ? 'source url' : 'bundle url';",
      'console.log([greeting, beside, bundled, process.argv[1], ...process.argv.slice(2)].join(" | "));',
      '',
    ].join('\n'),
  );
});

afterAll(() => {
  const keys = [keyOf(entry), keyOf(join(dir, 'lazy.ts'))];
  for (const name of readdirSync(CACHE_DIR)) {
    if (keys.some((key) => name.startsWith(`${key}.`)))
      rmSync(join(CACHE_DIR, name), { recursive: true, force: true });
  }
  rmSync(dir, { recursive: true, force: true });
});

describe('node launch.mjs <entry.ts>', () => {
  it('builds a bundle on first use and runs it as the source would run', () => {
    expect(freshBundle(entry)).toBeUndefined();
    const run = launch(['--flag', 'x']);
    expect(run.code, run.stderr).toBe(0);
    // import.meta.url still names the source, so files beside it are found; argv is [node, entry, args].
    expect(run.stdout.trim()).toBe(`hello 1 | beside the source | source url | ${entry} | --flag | x`);
    expect(freshBundle(entry)).toBe(join(CACHE_DIR, manifestBundle() ?? 'none'));
  });

  it('reuses the bundle while nothing changed, including after a touch that changed no byte', () => {
    const before = manifestBundle();
    const manifestTime = statSync(join(CACHE_DIR, `${keyOf(entry)}.json`)).mtimeMs;
    const later = new Date(Date.now() + 5_000);
    utimesSync(greeting, later, later);
    expect(freshBundle(entry)).toBeDefined();
    const run = launch();
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^hello 1 \|/);
    expect(manifestBundle()).toBe(before);
    expect(statSync(join(CACHE_DIR, `${keyOf(entry)}.json`)).mtimeMs).toBe(manifestTime);
  });

  it('never runs stale code: an edited import (same size, even) is rebuilt before it runs', () => {
    const before = manifestBundle();
    writeFileSync(greeting, "export const greeting: string = 'hello 2';\n");
    expect(freshBundle(entry)).toBeUndefined();
    const run = launch();
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^hello 2 \|/);
    expect(manifestBundle()).not.toBe(before);
  });

  it('a source that cannot be bundled runs through tsx, which reports the error against the source', () => {
    writeFileSync(greeting, "export const greeting: string = 'hello 3';\nexport const broken = ;\n");
    const run = launch();
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain('greeting.ts');
    expect(run.stdout).not.toMatch(/hello/);
    // Mended, it is bundled again.
    writeFileSync(greeting, "export const greeting: string = 'hello 4';\n");
    const mended = launch();
    expect(mended.stdout).toMatch(/^hello 4 \|/);
    expect(freshBundle(entry)).toBeDefined();
  });

  it('puts what an entry imports dynamically in a chunk of its own, so a run that never imports it never compiles it', () => {
    // How the kit's commands answer --help without loading their servers and the SDK.
    const lazy = join(dir, 'lazy.ts');
    writeFileSync(join(dir, 'late.ts'), "export const late: string = 'loaded late';\n");
    writeFileSync(
      lazy,
      "if (process.argv[2] === 'late') console.log((await import('./late.ts')).late);\nelse console.log('early');\n",
    );
    const run = (args: string[]) =>
      spawnSync(process.execPath, [LAUNCHER, lazy, ...args], {
        encoding: 'utf8',
        env: { ...process.env, KIT_FROM_SOURCE: '' },
        timeout: 60_000,
      }).stdout;
    expect(run([])).toBe('early\n');
    expect(run(['late'])).toBe('loaded late\n');
    const bundle = freshBundle(lazy) ?? '';
    const others = readdirSync(dirname(bundle))
      .map((name) => join(dirname(bundle), name))
      .filter((path) => path !== bundle);
    expect(readFileSync(bundle, 'utf8')).not.toContain('loaded late');
    expect(others.filter((path) => readFileSync(path, 'utf8').includes('loaded late'))).toHaveLength(1);
  });

  it('a deleted input makes the bundle stale', () => {
    writeFileSync(greeting, "export const greeting: string = 'hello 5';\n");
    launch();
    rmSync(greeting);
    expect(freshBundle(entry)).toBeUndefined();
    writeFileSync(greeting, "export const greeting: string = 'hello 6';\n");
    expect(launch().stdout).toMatch(/^hello 6 \|/);
  });

  it('is compiled for the oldest Node the kit supports, so any supported Node runs the same bundle', () => {
    launch();
    const manifest = JSON.parse(readFileSync(join(CACHE_DIR, `${keyOf(entry)}.json`), 'utf8')) as object;
    const engines = (
      JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { engines: { node: string } }
    ).engines.node;
    expect(engines).toMatch(/^>=\d+\.\d+/);
    expect(manifest).toHaveProperty('target', `node${engines.slice(2)}`);
    // Nothing in it names the Node that made it, which another version would take for a stale bundle.
    expect(JSON.stringify(manifest)).not.toContain(process.versions.node);
  });

  it('a bundle made in another checkout (the folder copied or moved, node_modules and all) is stale', () => {
    writeFileSync(greeting, "export const greeting: string = 'hello 6b';\n");
    expect(launch().stdout).toMatch(/^hello 6b \|/);
    const manifestFile = join(CACHE_DIR, `${keyOf(entry)}.json`);
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as { root: string };
    expect(manifest.root).toBe(ROOT);
    writeFileSync(manifestFile, JSON.stringify({ ...manifest, root: join(tmpdir(), 'elsewhere', '') }));
    expect(freshBundle(entry)).toBeUndefined();
    expect(launch().stdout).toMatch(/^hello 6b \|/);
    expect(freshBundle(entry)).toBeDefined();
  });

  it('KIT_FROM_SOURCE=1 runs the source through tsx, with no bundle involved', () => {
    writeFileSync(greeting, "export const greeting: string = 'hello 7';\n");
    const run = launch([], { KIT_FROM_SOURCE: '1' });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^hello 7 \| beside the source \| source url \|/);
    expect(freshBundle(entry)).toBeUndefined();
  });

  it('an entry that is gone (a lab copy in a temporary directory) leaves no bundle behind', () => {
    const scratch = mkdtempSync(join(tmpdir(), 'entry-bundle-gone-'));
    const gone = join(scratch, 'gone.ts');
    writeFileSync(gone, "console.log('gone soon');\n");
    const run = spawnSync(process.execPath, [LAUNCHER, gone], { encoding: 'utf8', timeout: 60_000 });
    expect(run.stdout).toBe('gone soon\n');
    const leftovers = () => readdirSync(CACHE_DIR).filter((name) => name.startsWith(`${keyOf(gone)}.`));
    expect(leftovers()).toHaveLength(2);
    rmSync(scratch, { recursive: true, force: true });
    // The next bundle made, of any entry, sweeps up after it.
    writeFileSync(greeting, "export const greeting: string = 'hello 8';\n");
    expect(launch().stdout).toMatch(/^hello 8 \|/);
    expect(leftovers()).toEqual([]);
  });
});
