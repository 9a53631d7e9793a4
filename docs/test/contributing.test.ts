import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const root = new URL('../../', import.meta.url);
const contributing = readFileSync(new URL('CONTRIBUTING.md', root), 'utf8');

/** The rows of the layout table: `path` → `package`. */
function tableRows(): Map<string, string> {
  const rows = new Map<string, string>();
  for (const line of contributing.split('\n')) {
    const match = /^\| `([^`]+)` \| (?:`([^`]+)`|\(plain files\)) \|/.exec(line);
    if (match?.[1]) rows.set(match[1].replace(/\/$/, ''), match[2] ?? '');
  }
  return rows;
}

function workspaceFolders(): { path: string; name: string }[] {
  // labs/ is a workspace package of its own at the top (its lab folders are not packages).
  const labs = JSON.parse(readFileSync(new URL('labs/package.json', root), 'utf8')) as { name: string };
  const grouped = ['packages', 'demos', 'tests'].flatMap((group) =>
    readdirSync(new URL(`${group}/`, root), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => {
        const manifest = JSON.parse(
          readFileSync(new URL(`${group}/${entry.name}/package.json`, root), 'utf8'),
        ) as { name: string };
        return { path: `${group}/${entry.name}`, name: manifest.name };
      }),
  );
  return [...grouped, { path: 'labs', name: labs.name }];
}

describe('CONTRIBUTING.md', () => {
  it('opens with one mermaid diagram of the house', () => {
    const firstFence = contributing.indexOf('```');
    expect(contributing.slice(firstFence, firstFence + 10)).toBe('```mermaid');
    expect(contributing.indexOf('## Layout')).toBeGreaterThan(firstFence);
  });

  it('names every package, demo and test package of the tree in its layout table, with its package name', () => {
    const rows = tableRows();
    const folders = workspaceFolders();
    expect(folders.length).toBeGreaterThan(6);
    for (const folder of folders) expect(rows.get(folder.path), folder.path).toBe(folder.name);
  });

  it('names no folder that does not exist', () => {
    const known = new Set([...workspaceFolders().map((folder) => folder.path), 'fixtures', 'docs']);
    for (const path of tableRows().keys()) expect(known, path).toContain(path);
  });

  it('draws every package and demo in the diagram', () => {
    const diagram = contributing.slice(contributing.indexOf('```mermaid'), contributing.indexOf('```\n', 10));
    for (const folder of workspaceFolders()) {
      const short = folder.path.split('/').at(-1) ?? '';
      if (short === 'tsconfig') continue;
      expect(diagram, short).toContain(short);
    }
  });
});
