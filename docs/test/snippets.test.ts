import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { docsRoot, markdownFiles } from './markdown-files.ts';
import { hasRegion, problemWith, snippetReferences } from './snippet-references.ts';

describe('snippet imports and includes in the docs', () => {
  const pages = markdownFiles();
  const references = pages.flatMap((page) => {
    const path = join(docsRoot, page);
    return snippetReferences(path, docsRoot, readFileSync(path, 'utf8')).map((ref) => ({ page, ref }));
  });

  it('finds the pages and their fixture imports', () => {
    expect(pages.length).toBeGreaterThan(10);
    expect(references.some(({ ref }) => ref.file.includes(`${join('fixtures', '')}`))).toBe(true);
  });

  it('every referenced file and region exists', () => {
    const problems = references
      .map(({ page, ref }) => ({ where: `${page}:${ref.line}`, problem: problemWith(ref) }))
      .filter((item) => item.problem !== null)
      .map((item) => `${item.where}: ${item.problem}`);
    expect(problems).toEqual([]);
  });

  it('no page writes a JSON-RPC message by hand', () => {
    const handWritten = pages.filter((page) =>
      /"jsonrpc"\s*:\s*"2\.0"/.test(readFileSync(join(docsRoot, page), 'utf8')),
    );
    expect(handWritten).toEqual([]);
  });
});

describe('the reference checker itself', () => {
  const dir = mkdtempSync(join(tmpdir(), 'docs-snippets-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const source = join(dir, 'source.ts');
  writeFileSync(source, ['// #region read-loop', 'const a = 1;', '// #endregion read-loop', ''].join('\n'));
  const page = join(dir, 'page.md');

  const check = (markdown: string) => snippetReferences(page, dir, markdown).map((ref) => problemWith(ref));

  it('accepts an existing region, relative or from @/', () => {
    expect(check('<<< ./source.ts#read-loop')).toEqual([null]);
    expect(check('<<< @/source.ts#read-loop{2 ts} [server.ts]')).toEqual([null]);
  });

  it('reports a missing region, which VitePress 1.6.4 would silently replace by the whole file', () => {
    expect(check('<<< ./source.ts#write-loop')[0]).toMatch(/region "write-loop" not found/);
  });

  it('reports a missing file and a missing include region', () => {
    expect(check('<<< ./nowhere.ts')[0]).toMatch(/file not found/);
    expect(check('<!--@include: ./source.ts#nope-->')[0]).toMatch(/region "nope" not found/);
  });

  it('ignores snippet lines shown inside a code fence', () => {
    expect(check(['```md', '<<< ./nowhere.ts#x', '```'].join('\n'))).toEqual([]);
  });

  it('recognises the region marker styles of other languages', () => {
    expect(hasRegion('<!-- #region intro -->\ntext\n<!-- #endregion intro -->', 'intro')).toBe(true);
    expect(hasRegion('# region setup\nx = 1\n# endregion setup', 'setup')).toBe(true);
    expect(hasRegion('// #region setup\nno end', 'setup')).toBe(false);
    expect(hasRegion('// #region setup-more\n// #endregion', 'setup')).toBe(false);
  });
});
