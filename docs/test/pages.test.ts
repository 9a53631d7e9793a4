import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadManifest } from '@memos-kit/wire';
import { describe, expect, it } from 'vitest';
import { allPages, pageGroups } from '../.vitepress/pages.ts';
import { docsRoot, markdownFiles } from './markdown-files.ts';

const toFile = (path: string) => (path.endsWith('/') ? `${path}index.md` : `${path}.md`);

describe('both languages cover every page', () => {
  const files = markdownFiles();
  const chinese = files.filter((file) => !file.startsWith('en/'));
  const english = files.filter((file) => file.startsWith('en/')).map((file) => file.slice('en/'.length));

  it('has the same pages in Chinese (root) and English (/en/)', () => {
    expect(chinese.length).toBeGreaterThan(10);
    expect(english).toEqual(chinese);
  });

  it('lists every page in the sidebar, and every sidebar entry is a page', () => {
    const inSidebar = allPages.map((page) => toFile(page.path)).sort();
    expect(inSidebar).toEqual(chinese.filter((file) => file !== 'index.md'));
  });

  it('gives every page a title in both languages', () => {
    for (const page of allPages) {
      expect(page.zh.trim(), page.path).not.toBe('');
      expect(page.en.trim(), page.path).not.toBe('');
      expect(page.zh, page.path).not.toBe(page.en);
    }
  });
});

const read = (file: string) => readFileSync(join(docsRoot, file), 'utf8');

/** The text outside fenced code blocks, so a heading shown in an example is not taken for the page's. */
function outsideFences(markdown: string): string[] {
  let fence: string | null = null;
  return markdown.split('\n').filter((line) => {
    const marker = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (marker) {
      if (fence === null) fence = marker;
      else if (marker.startsWith(fence)) fence = null;
      return false;
    }
    return fence === null;
  });
}

describe('every page ends with the command to run', () => {
  const lastHeading = { zh: '## 动手试试', en: '## Run it' };
  const pages = markdownFiles();

  it.each(pages)('%s ends with its "Run it" section', (file) => {
    const h2 = outsideFences(read(file)).filter((line) => /^##\s/.test(line));
    expect(h2.at(-1)?.trim()).toBe(file.startsWith('en/') ? lastHeading.en : lastHeading.zh);
  });
});

// A learner reads the pages in order in front of a class: a heading whose section says "to come" is a hole
// in the lesson, so a section is written before its heading lands.
describe('no page holds a section still to come', () => {
  const stub = /^:::\s*\w+\s+(待补|To come)\s*$/;

  it.each(markdownFiles())('%s has no "to come" placeholder', (file) => {
    expect(outsideFences(read(file)).filter((line) => stub.test(line.trim()))).toEqual([]);
  });
});

describe('the article pages say which sections of the article they cover', () => {
  // The article's own table of contents: §8 comes in two parts, each with its own page.
  const articleSections = ['1', '2', '3', '4', '5', '6', '7', '8.1', '8.2', '9'];
  const group = pageGroups.find((g) => g.en === 'The article, message by message');
  const articlePages = group?.pages ?? [];
  const covers = (sections: readonly string[], section: string) =>
    sections.some((s) => section === s || section.startsWith(`${s}.`));

  /** The sections named on the line under the page's title: "对应文章第 4 节…和第 5 节…" / "Article §4, … and §5, …". */
  function declaredSections(path: string, lang: 'zh' | 'en'): string[] {
    const file = lang === 'zh' ? toFile(path) : `en/${toFile(path)}`;
    const [title, blank, line = ''] = read(file).split('\n');
    expect(title, file).toMatch(/^# /);
    expect(blank, file).toBe('');
    const pattern = lang === 'zh' ? /第 ([\d.]+) 节/g : /§([\d.]+)/g;
    expect(line, `${file}: the line under the title`).toMatch(lang === 'zh' ? /^对应文章第 / : /^Article §/);
    return [...line.matchAll(pattern)].map((m) => m[1] ?? '');
  }

  const declared = new Map(articlePages.map((page) => [page.path, declaredSections(page.path, 'zh')]));

  it('names the same sections in both languages', () => {
    expect(articlePages.length).toBe(9);
    for (const page of articlePages)
      expect(declaredSections(page.path, 'en'), page.path).toEqual(declared.get(page.path));
  });

  it('covers every section of the article once, in the article’s order', () => {
    expect([...declared.values()].flat()).toEqual(articleSections);
  });

  it('shows each exchange of the article on the page for its section', () => {
    for (const entry of loadManifest().fixtures) {
      const page = articlePages.find((p) => covers(declared.get(p.path) ?? [], entry.section.number));
      expect(page, `no page covers §${entry.section.number}`).toBeDefined();
      for (const file of [toFile(page?.path ?? ''), `en/${toFile(page?.path ?? '')}`])
        expect(read(file), `${file} should show ${entry.id}`).toContain(`<WireExchange id="${entry.id}"`);
    }
  });
});
