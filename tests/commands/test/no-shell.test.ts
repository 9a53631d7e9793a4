// What breaks first on a student's Windows laptop: a shell (cmd is not sh), `npx`/`tsx`/`pnpm` spawned by
// name (the executable there is `npx.cmd`, so spawn fails with ENOENT). Every child process of the kit is
// `process.execPath` plus a file. This scans the source so a new spawn cannot slip back in.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { root } from './pnpm.ts';

const scanned = ['packages', 'demos', 'tests', 'docs', 'scripts', 'labs'];
// Built output, not source: `.temp` is VitePress's scratch folder while the site builds, which turbo may run
// at the same time as this test (the built pages quote the Windows lesson's shell examples).
const skipped = new Set([
  'node_modules',
  'dist',
  'cache',
  '.temp',
  '__fixtures__',
  'fixtures',
  'transcripts',
]);

/**
 * Vite's bundle of a TypeScript config while it loads it (`config.ts.timestamp-….mjs`, git-ignored): written
 * and deleted again by a docs build or dev server that may run beside this test, so it can vanish between
 * the listing and the read.
 */
const loadingConfig = /\.timestamp-\d+-[0-9a-f]+\.mjs$/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return skipped.has(entry.name) ? [] : sourceFiles(path);
    return /\.(?:[cm]?[jt]s|vue)$/.test(entry.name) && !loadingConfig.test(entry.name) ? [path] : [];
  });
}

const rules: { name: string; pattern: RegExp }[] = [
  { name: 'a shell', pattern: /\bshell\s*:\s*(?:true|['"`])/ },
  {
    name: "child_process's exec (a shell)",
    pattern: /import\s*\{[^}]*\bexec(?:Sync)?\b[^}]*\}\s*from\s*['"](?:node:)?child_process['"]/,
  },
  { name: "child_process's exec (a shell)", pattern: /(?:child_process|childProcess|cp)\.exec(?:Sync)?\(/ },
  { name: 'execSync (a shell)', pattern: /(?<![.\w])execSync\(/ },
  {
    name: 'a command spawned by name',
    pattern:
      /\b(?:spawn|spawnSync|execFile|execFileSync|fork)\(\s*['"`](?:npx|tsx|npm|pnpm|node)(?:\.cmd)?['"`]/,
  },
];

function problems(text: string): string[] {
  return rules.filter((rule) => rule.pattern.test(text)).map((rule) => rule.name);
}

describe('child processes', () => {
  it('the scan finds each kind of spawn that breaks on Windows', () => {
    expect(problems("spawn('npx', ['tsx', 'server.ts'])")).toEqual(['a command spawned by name']);
    expect(problems('spawn(cmd, args, { shell: true })')).toEqual(['a shell']);
    expect(problems("import { exec } from 'node:child_process';")).toContain(
      "child_process's exec (a shell)",
    );
    expect(problems("const out = execSync('ls');")).toEqual(['execSync (a shell)']);
    expect(problems('const match = /x/.exec(line);')).toEqual([]);
    expect(problems('spawn(process.execPath, entryArgs(file))')).toEqual([]);
  });

  it('no source file in the kit starts one through a shell or by a command name', () => {
    const files = scanned.flatMap((dir) => sourceFiles(join(root, dir)));
    expect(files.length).toBeGreaterThan(100);
    const found = files.flatMap((file) => {
      // This file spells the patterns out.
      if (file === new URL(import.meta.url).pathname) return [];
      const text = readFileSync(file, 'utf8');
      return problems(text).map((problem) => `${relative(root, file)}: ${problem}`);
    });
    expect(found).toEqual([]);
  });
});
