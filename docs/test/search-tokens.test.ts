// The local search's tokenizer (.vitepress/search-tokens.ts) cuts text at whitespace before segmenting it,
// to stay linear. These check that the cut changes no word, on the site's own pages, and that the function
// still works once VitePress has turned it into source text and back for the browser.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { searchTokens } from '../.vitepress/search-tokens.ts';
import { docsRoot, markdownFiles } from './markdown-files.ts';

/** The words of `text` segmented whole, as the tokenizer did before it cut at whitespace. */
function wholeWords(text: string): string[] {
  return Array.from(new Intl.Segmenter('zh', { granularity: 'word' }).segment(text))
    .filter((part) => part.isWordLike)
    .map((part) => part.segment);
}

// Paragraphs, not whole pages: segmenting a whole page at once is the quadratic case the tokenizer avoids.
const paragraphs = markdownFiles().flatMap((file) =>
  readFileSync(join(docsRoot, file), 'utf8')
    .split(/\n\s*\n/)
    .map((text) => ({ file, text })),
);

describe('the search tokenizer', () => {
  it("finds the same words as segmenting whole, in every paragraph of the site's pages", () => {
    expect(paragraphs.length).toBeGreaterThan(500);
    const differing = paragraphs.filter(
      ({ text }) => searchTokens(text).join('\n') !== wholeWords(text).join('\n'),
    );
    expect(differing.map(({ file, text }) => `${file}: ${text.slice(0, 60)}`)).toEqual([]);
  });

  it('splits Chinese into words and keeps English words whole', () => {
    expect(searchTokens('协议层和业务层的错误 tools/call')).toEqual(
      expect.arrayContaining(['协议', '业务', '错误', 'tools', 'call']),
    );
  });

  it('works rebuilt from its source text, as VitePress ships it to the browser', () => {
    // VitePress writes `fn.toString()` into the page and revives it with `new Function`: anything the
    // function took from its module would be undefined there.
    const revived = new Function(`return ${searchTokens.toString()}`)() as typeof searchTokens;
    const sample = paragraphs
      .slice(0, 50)
      .map(({ text }) => text)
      .join('\n\n');
    expect(revived(sample)).toEqual(searchTokens(sample));
  });
});
