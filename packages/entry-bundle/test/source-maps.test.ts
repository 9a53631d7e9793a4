// What a learner reads when something goes wrong in a bundled entry: the stack trace names the TypeScript
// file and line, and a debugger finds the source through the map beside the bundle.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CACHE_DIR, freshBundle, keyOf } from '../src/bundle.mjs';

const LAUNCHER = fileURLToPath(new URL('../src/launch.mjs', import.meta.url));
const CODEC = fileURLToPath(import.meta.resolve('@jridgewell/sourcemap-codec'));

let dir: string;
let entry: string;
let thrower: string;

/** The 1-based line of `text` in `file`. */
function lineOf(file: string, text: string): number {
  const index = readFileSync(file, 'utf8')
    .split('\n')
    .findIndex((line) => line.includes(text));
  if (index === -1) throw new Error(`${text} is not in ${file}`);
  return index + 1;
}

function launch(args: string[], nodeArgs: string[] = []) {
  return spawnSync(process.execPath, [...nodeArgs, LAUNCHER, entry, ...args], {
    encoding: 'utf8',
    env: { ...process.env, KIT_FROM_SOURCE: '' },
    timeout: 60_000,
  });
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'entry-bundle-maps-'));
  entry = join(dir, 'entry.ts');
  thrower = join(dir, 'thrower.ts');
  // Two functions named `describe` in one bundle: esbuild renames one of them, and the trace must still
  // name the source's file, line and function.
  writeFileSync(
    thrower,
    [
      'interface Greeting {',
      '  who: string;',
      '}',
      '',
      'export function describe(greeting: Greeting): string {',
      '  if (greeting.who === "") {',
      '    throw new Error("nobody to greet");',
      '  }',
      '  return "hello " + greeting.who;',
      '}',
      '',
    ].join('\n'),
  );
  writeFileSync(
    entry,
    [
      // A dependency of the kit's, by its path in node_modules: bundled, and left out of the map.
      `import { encode } from ${JSON.stringify(CODEC)};`,
      "import { describe as describeGreeting } from './thrower.ts';",
      '',
      'function describe(who: string): string {',
      '  return describeGreeting({ who });',
      '}',
      '',
      'try {',
      '  if (encode([]) !== "") throw new Error("the codec encodes nothing as nothing");',
      '  console.log(describe(process.argv[2] ?? ""));',
      '} catch (error) {',
      '  console.log((error as Error).stack);',
      '}',
      '',
    ].join('\n'),
  );
});

afterAll(() => {
  for (const name of readdirSync(CACHE_DIR)) {
    if (name.startsWith(`${keyOf(entry)}.`)) rmSync(join(CACHE_DIR, name), { recursive: true, force: true });
  }
  rmSync(dir, { recursive: true, force: true });
});

describe('a bundled entry, read by a person', () => {
  it('names the .ts file, line and function in a stack trace', () => {
    expect(launch(['world']).stdout).toBe('hello world\n');
    expect(freshBundle(entry)).toBeDefined();
    const { stdout } = launch([]);
    const frames = stdout.split('\n').filter((line) => line.trimStart().startsWith('at '));
    expect(frames[0]).toContain(`describe (${thrower}:${lineOf(thrower, 'throw new Error')}:11)`);
    expect(frames[1]).toContain(`(${entry}:${lineOf(entry, 'return describeGreeting')}:`);
    // Not a frame in the bundle: the launcher itself is the only JavaScript file named.
    expect(frames.filter((frame) => frame.includes(CACHE_DIR))).toEqual([]);
  });

  it('keeps the code as written: whitespace and names, not minified', () => {
    const bundle = readFileSync(freshBundle(entry) ?? '', 'utf8');
    const lines = bundle.split('\n').map((line) => line.trim());
    expect(lines).toContain('throw new Error("nobody to greet");');
    expect(lines).toContain('return "hello " + greeting.who;');
  });

  it('links a map beside the bundle whose sources are the .ts files, by paths relative to the map', () => {
    const bundle = freshBundle(entry) ?? '';
    expect(readFileSync(bundle, 'utf8').trimEnd().split('\n').at(-1)).toBe(
      `//# sourceMappingURL=${keyOf(entry)}.mjs.map`,
    );
    const map = JSON.parse(readFileSync(`${bundle}.map`, 'utf8')) as { sources: string[] };
    const sources = map.sources.map((source) => join(dirname(bundle), source));
    // The kit's sources only: the dependency is in the bundle, but its code maps to no source, so the map
    // stays small enough to decode quickly when Node formats a stack.
    expect(readFileSync(bundle, 'utf8')).toContain('function encode(');
    expect(sources.sort()).toEqual([entry, thrower].sort());
    for (const source of sources) expect(existsSync(source), source).toBe(true);
    // Relative paths: the map names no folder of this machine, and a debugger reads the files themselves.
    for (const source of map.sources) expect(source).toMatch(/^\.\.\//);
    expect(map).not.toHaveProperty('sourcesContent');
  });

  it('shows a debugger the map, as node --inspect reports each script it loads', () => {
    // What a debugger sees: the inspector protocol's Debugger.scriptParsed, with the map's URL.
    const watcher = join(dir, 'watch-scripts.mjs');
    writeFileSync(
      watcher,
      [
        "import { Session } from 'node:inspector';",
        'const session = new Session();',
        'session.connect();',
        'const scripts = [];',
        "session.on('Debugger.scriptParsed', ({ params }) => {",
        '  if (params.sourceMapURL) scripts.push({ url: params.url, sourceMapURL: params.sourceMapURL });',
        '});',
        "session.post('Debugger.enable');",
        "process.on('exit', () => process.stderr.write('SCRIPTS ' + JSON.stringify(scripts) + '\\n'));",
        '',
      ].join('\n'),
    );
    const run = launch(['x'], ['--import', watcher]);
    expect(run.stdout).toBe('hello x\n');
    const scripts = JSON.parse(/^SCRIPTS (.*)$/m.exec(run.stderr)?.[1] ?? '[]') as Array<{
      url: string;
      sourceMapURL: string;
    }>;
    const bundle = scripts.find((script) => script.url.endsWith(`/${keyOf(entry)}.mjs`));
    expect(bundle, run.stderr).toBeDefined();
    // A debugger resolves the map's URL against the script's, then the sources against the map's.
    const mapUrl = new URL(bundle?.sourceMapURL ?? '', bundle?.url);
    const map = JSON.parse(readFileSync(mapUrl, 'utf8')) as { sources: string[] };
    const sources = map.sources.map((source) => fileURLToPath(new URL(source, mapUrl)));
    expect(sources).toContain(entry);
  });
});
