// The kit's commands read their options before they import their work, so `--help`, `--version` and a
// wrong option answer without compiling a server, Express or the SDK. This holds that line for every root
// script the launcher starts: an entry that imports its work at the top again fails here, by name.
import { readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildBundle, freshBundle, ROOT } from '../src/bundle.mjs';

/**
 * What an entry may load before its first dynamic import: the toolkit, its options and messages. Counted in
 * the bundle as Node reads it, which is not minified (its whitespace and comments are kept for a reader), so
 * the largest such part, `pnpm lab`'s with zod for lab.json, is about 260 KB; the work a command must not
 * load first is far larger (the SDK's minimal server alone bundles to about 950 KB, `pnpm serve` to 2.3 MB).
 */
const BUDGET_BYTES = 320 * 1024;

const { scripts } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  scripts: Record<string, string>;
};
const entries = Object.entries(scripts).flatMap(([name, line]) => {
  const match = /launch\.mjs\s+(\S+\.ts)/.exec(line);
  return match?.[1] ? [[name, match[1]] as const] : [];
});

/** `import … from "./chunk.mjs"`, `import "./chunk.mjs"`, `export … from "./chunk.mjs"`; never `import(…)`. */
const STATIC_IMPORT = /\b(?:import|export)\s*(?:[\w$\s{},*]*?\s*from\s*)?["'](\.\/[^"']+\.mjs)["']/g;

/** The bytes Node compiles when the bundle starts: the entry module and every chunk it imports statically. */
function staticBytes(bundle: string): number {
  const seen = new Set<string>();
  const queue = [bundle];
  let total = 0;
  for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    const text = readFileSync(file, 'utf8');
    total += statSync(file).size;
    for (const match of text.matchAll(STATIC_IMPORT)) queue.push(join(dirname(file), match[1] ?? ''));
  }
  return total;
}

describe('every root script started by the launcher', () => {
  it('has entries to check', () => {
    expect(entries.length).toBeGreaterThanOrEqual(10);
  });

  it.each(entries)(
    `pnpm %s loads under ${BUDGET_BYTES / 1024} KB before it reads its options (%s)`,
    async (_name, path) => {
      const entry = join(ROOT, path);
      const bundle = freshBundle(entry) ?? (await buildBundle(entry));
      expect(staticBytes(bundle)).toBeLessThan(BUDGET_BYTES);
    },
    60_000,
  );
});
