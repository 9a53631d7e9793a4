// How the local search splits text into words, for the index the build writes and for what a reader types.
// MiniSearch's default splits on spaces and punctuation only, so a Chinese sentence would be one token;
// Intl.Segmenter splits it into words. VitePress serializes this function into the client bundle as its
// source text, so it may use only globals: no import, nothing from this module's scope.

/**
 * The words of `text`. The text is cut at whitespace first, which no word spans, so the words are those of
 * segmenting it whole. Node 20's V8 allocates about a copy of the whole string for every segment it yields,
 * which makes segmenting a long page section quadratic: indexing the site that way allocated 1.4 GB and took
 * 7 CPU s, most of `docs:dev`'s start; over the short runs between spaces, 63 MB and 1 s.
 */
export function searchTokens(text: string): string[] {
  const words = new Intl.Segmenter('zh', { granularity: 'word' });
  return text
    .split(/\s+/)
    .flatMap((run) => Array.from(words.segment(run)))
    .filter((part) => part.isWordLike)
    .map((part) => part.segment);
}
