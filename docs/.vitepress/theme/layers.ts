// Colours a JSON text by the article's three layers without reformatting it: the panes show
// the fixture's real bytes, so a parse-and-pretty-print would hide exactly what is being taught.
// (The playground re-indents a live answer before colouring it, and keeps its raw bytes one click away.)
// The scanner and the rule live in the wire library, shared with the tour, so terminal and site agree.

import { type Layer, tokenizeJson } from '@memos-kit/wire/layers';

export type { Layer };

export interface Segment {
  text: string;
  layer: Layer | null;
}

/**
 * Splits a JSON text into coloured segments whose concatenation is exactly the input: the wire library's
 * tokens, neighbours of one layer merged into one span. Text that is not JSON comes back as one uncoloured segment.
 */
export function segmentJson(text: string): Segment[] {
  const segments: Segment[] = [];
  for (const token of tokenizeJson(text)) {
    const last = segments.at(-1);
    if (last && last.layer === token.layer) last.text += token.text;
    else segments.push({ text: token.text, layer: token.layer });
  }
  return segments;
}
