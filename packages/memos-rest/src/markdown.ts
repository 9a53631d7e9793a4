// What Memos derives from a memo's Markdown (tags, the `property` flags, the snippet). Memos uses goldmark;
// this is a line-based approximation that covers what memos in a class contain: fenced and inline code,
// task lists, links, headings and #tags.

export interface MemoProperty {
  hasLink: boolean;
  hasTaskList: boolean;
  hasCode: boolean;
  hasIncompleteTasks: boolean;
  title: string;
}

export interface DerivedContent {
  tags: string[];
  property: MemoProperty;
  snippet: string;
}

// Unicode letters, digits, symbols, marks, ZWJ and _ - / & (Memos' tag alphabet), 1 to 100 runes.
const TAG = /(^|[^\p{L}\p{N}\p{S}\p{M}_/&#-])#((?:[\p{L}\p{N}\p{S}\p{M}_/&-]|\u200d){1,100})/gu;
const LINK = /\[[^\]\n]*\]\([^)\n]*\)/;
const INLINE_CODE = /`[^`\n]+`/;
const TASK = /^\s*[-*+] \[( |x|X)\] /;

/** Splits content into prose lines and code lines (fenced or indented), which tags and snippets skip. */
function classifyLines(content: string): { prose: string[]; hasCodeBlock: boolean } {
  const prose: string[] = [];
  let inFence = false;
  let hasCodeBlock = false;
  for (const line of content.split('\n')) {
    if (/^\s{0,3}(```|~~~)/.test(line)) {
      inFence = !inFence;
      hasCodeBlock = true;
      continue;
    }
    if (inFence) continue;
    if (/^( {4}|\t)\S/.test(line) && !TASK.test(line)) {
      hasCodeBlock = true;
      continue;
    }
    prose.push(line);
  }
  return { prose, hasCodeBlock };
}

export function deriveContent(content: string): DerivedContent {
  const { prose, hasCodeBlock } = classifyLines(content);
  const tags: string[] = [];
  let hasLink = false;
  let hasInlineCode = false;
  let hasTaskList = false;
  let hasIncompleteTasks = false;
  for (const line of prose) {
    if (LINK.test(line)) hasLink = true;
    if (INLINE_CODE.test(line)) hasInlineCode = true;
    const task = TASK.exec(line);
    if (task) {
      hasTaskList = true;
      if (task[1] === ' ') hasIncompleteTasks = true;
    }
    // Tags inside links and code spans do not count.
    const text = line.replace(/!?\[[^\]\n]*\]\([^)\n]*\)/g, ' ').replace(/`[^`\n]+`/g, ' ');
    for (const match of text.matchAll(TAG)) {
      const tag = match[2] ?? '';
      if (tag && !tags.includes(tag)) tags.push(tag);
    }
  }
  const firstBlock = prose.find((line) => line.trim() !== '') ?? '';
  const heading = /^# (.+)$/.exec(firstBlock.trim());
  return {
    tags,
    property: {
      hasLink,
      hasTaskList,
      hasCode: hasCodeBlock || hasInlineCode,
      hasIncompleteTasks,
      title: heading?.[1]?.trim() ?? '',
    },
    snippet: snippetOf(prose),
  };
}

const SNIPPET_RUNES = 64;

/** Plain text of about 64 runes, cut at a word boundary with " ..." appended, as Memos does. */
function snippetOf(prose: string[]): string {
  const plain = prose
    .map((line) =>
      line
        .replace(/^\s*[-*+] \[( |x|X)\] /, '')
        .replace(/^\s*#{1,6} /, '')
        .replace(/^\s*[-*+>] /, '')
        .replace(/!?\[([^\]\n]*)\]\([^)\n]*\)/g, '$1')
        .replace(/`([^`\n]+)`/g, '$1')
        .replace(/(\*\*|__|~~)/g, '')
        .trim(),
    )
    .filter((line) => line !== '')
    .join(' ');
  const runes = Array.from(plain);
  if (runes.length <= SNIPPET_RUNES) return plain;
  const cut = runes.slice(0, SNIPPET_RUNES).join('');
  const space = cut.lastIndexOf(' ');
  return `${(space > SNIPPET_RUNES / 2 ? cut.slice(0, space) : cut).trimEnd()} ...`;
}
