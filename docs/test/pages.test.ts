import { describe, expect, it } from 'vitest';
import { allPages } from '../.vitepress/pages.ts';
import { markdownFiles } from './markdown-files.ts';

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
