// Pages refer to one another by title, in a link the link check follows, never by number: "see page 3"
// goes stale the day the sidebar changes, and this site's page numbers were never the article's section
// numbers. And where a page or a lab names a section of the article by its title, the title is the
// article's, as the page about the article gives it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { docsRoot } from './markdown-files.ts';
import { excerpt, labTexts, messageCatalogs, type Prose, pages, readmes, repositoryRoot } from './prose.ts';

/** "page 3", "pages 7 and 8", "Page 1"; "第 4 页", "第4页", "第四页". */
const BY_NUMBER = [/\bpages? \d+\b/gi, /第\s*[0-9一二三四五六七八九十]+\s*页/g];

function byNumber(pieces: Prose[]): string[] {
  return pieces.flatMap((piece) =>
    BY_NUMBER.flatMap((pattern) =>
      [...piece.text.matchAll(pattern)].map(
        (match) => `${piece.where}: “${excerpt(piece.text, match.index, match[0].length)}”`,
      ),
    ),
  );
}

describe('cross-references name the page, never its number', () => {
  it('finds a reference by number, and nothing in code, in a link target or in a word like pageSize', () => {
    const planted: Prose[] = [
      { where: 'a', lang: 'en', text: 'as shown on page 3 of this site' },
      { where: 'b', lang: 'zh', text: '见第 4 页和第5页，还有第七页' },
      { where: 'c', lang: 'en', text: 'pageSize 3; the next page; 30 pages' },
    ];
    expect(byNumber(planted)).toHaveLength(4);
  });

  it.each([
    ['the site’s pages', pages],
    ['the labs’ lab.json texts', labTexts],
    ['the READMEs', readmes],
    ['the commands’ messages', messageCatalogs],
  ] as const)('%s refer to pages by title', (_, source) => {
    const pieces = source();
    expect(pieces.length).toBeGreaterThan(5);
    expect(byNumber(pieces)).toEqual([]);
  });
});

/** The article's section titles, by anchor (s1 … s9, s8-1, s8-2), as the page about the article gives them. */
function sectionTitles(lang: 'zh' | 'en'): Map<string, string> {
  const page = readFileSync(join(docsRoot, lang === 'zh' ? '' : 'en', 'reference/article.md'), 'utf8');
  return new Map(
    [...page.matchAll(/^#{2,3} [\d.]+\.? (.+?) \{#(s[\d-]+)\}$/gm)].map((m) => [m[2] ?? '', m[1] ?? '']),
  );
}

describe('a section of the article is named by its own title', () => {
  const titles = { zh: sectionTitles('zh'), en: sectionTitles('en') };

  it('reads the eleven section headings (§8.1 and §8.2 beside §8) in both languages', () => {
    expect(titles.zh.size).toBe(11);
    expect([...titles.en.keys()]).toEqual([...titles.zh.keys()]);
  });

  it('on every page that quotes a section title in a link to it', () => {
    const wrong: string[] = [];
    for (const page of pages()) {
      const source = readFileSync(join(repositoryRoot, page.where), 'utf8');
      // A quoted link text is a title: 第 8.2 节“[…](../reference/article#s8-2)”, §8.2, "[…](…#s8-2)".
      for (const m of source.matchAll(
        /[“"]\[([^\]]+)\]\((?:\.\.\/)+(?:en\/)?reference\/article#(s[\d-]+)\)/g,
      )) {
        const wanted = titles[page.lang === 'en' ? 'en' : 'zh'].get(m[2] ?? '');
        if (m[1] !== wanted) wrong.push(`${page.where}: #${m[2]} is “${wanted}”, not “${m[1]}”`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('in every lab.json', () => {
    const labs = labTexts().filter((piece) => / article$/.test(piece.where));
    expect(labs.length).toBe(26);
    const wrong = labs.flatMap((piece) => {
      const file = piece.where.split(' ')[0] ?? '';
      const { section } = JSON.parse(readFileSync(join(repositoryRoot, file), 'utf8')).article as {
        section: string;
      };
      const wanted = titles[piece.lang === 'en' ? 'en' : 'zh'].get(`s${section.replace('.', '-')}`);
      return piece.text === wanted
        ? []
        : [`${piece.where} (${piece.lang}): “${piece.text}”, not “${wanted}”`];
    });
    expect(wrong).toEqual([]);
  });
});
