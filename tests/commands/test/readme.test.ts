// The README's command tables are what a teacher reads first: each names every script a user runs, in
// both languages, and nothing that package.json does not have.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { root, rootScripts } from './pnpm.ts';

const readme = readFileSync(join(root, 'README.md'), 'utf8');

/** Scripts for people changing the kit (CONTRIBUTING.md names them, `pnpm test` runs them) and install hooks. */
const forContributors = new Set(['lint', 'format', 'typecheck', 'lint:deps', 'lint:cycles', 'prepare']);

/** The script each row of the table under a heading names first, in order. */
function commandTable(heading: string): string[] {
  const start = readme.indexOf(`\n${heading}\n`);
  expect(start, heading).toBeGreaterThan(-1);
  const after = readme.slice(start + heading.length + 2).split('\n');
  const from = after.findIndex((line) => line.startsWith('|'));
  const to = after.findIndex((line, i) => i > from && !line.startsWith('|'));
  return after
    .slice(from + 2, to)
    .map((row) => /^\| `pnpm ([\w:-]+)/.exec(row)?.[1] ?? `(a row without a command: ${row})`);
}

const userScripts = Object.keys(rootScripts).filter((name) => !forContributors.has(name));

describe.each(['## 命令', '### Commands'])('README.md, table "%s"', (heading) => {
  it('has one row per script a user runs, and no other', () => {
    const rows = commandTable(heading);
    expect(userScripts.length).toBeGreaterThan(8);
    expect(new Set(rows).size, 'a command named twice').toBe(rows.length);
    expect([...rows].sort()).toEqual([...userScripts].sort());
  });
});

describe('README.md', () => {
  it('runs only scripts that exist (or pnpm install) wherever it says `pnpm …`', () => {
    const builtins = new Set(['install']);
    for (const match of readme.matchAll(/(?:`|&& )pnpm ([a-z][\w:-]*)/g)) {
      const word = match[1] ?? '';
      expect(word in rootScripts || builtins.has(word), `pnpm ${word}`).toBe(true);
    }
  });

  it('says how many commands there are, in both languages, and the number is the table', () => {
    const zh = commandTable('## 命令').length;
    const en = commandTable('### Commands').length;
    expect(zh).toBe(en);
    expect(readme).toContain(`${zh} 条命令`);
    expect(readme).toContain(`${en} commands`);
  });
});
