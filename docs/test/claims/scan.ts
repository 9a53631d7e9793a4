// Finds, in every text a learner reads (the site's pages in both languages, the labs' lab.json, the READMEs
// and the files the pages include), each place that states a fact about the kit a test can check: an HTTP
// status, a JSON-RPC error code, an error text the kit answers with, a limit, a count or a default port.
// claims.test.ts requires each one to be read by a registered claim and checked against the running kit,
// to stand in a sentence that cites its source, or to be set aside with a reason (see registry.ts).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { docsRoot, markdownFiles } from '../markdown-files.ts';

const repositoryRoot = join(docsRoot, '..');

type TokenKind = 'status' | 'code' | 'text' | 'limit';

export interface Token {
  kind: TokenKind;
  /** As written ('404', '-32602', '1 MiB', '404 Not Found: memo not found'). */
  raw: string;
  /** Where it starts in its unit's text. */
  at: number;
  /**
   * What a check compares: the number, the text, or a limit as `unit:value` ('bytes:1048576', 'port:5230',
   * 'chars:20000000').
   */
  value: string;
}

/** A line of a Markdown file, or one string of a lab.json: where a claim is found. */
export interface Unit {
  /** Repository-relative, '/'-separated ('docs/guide/refusals.md', 'labs/03-two-errors/lab.json'). */
  file: string;
  /** 1-based; for a lab.json, the line its string starts on. */
  line: number;
  text: string;
}

export interface Finding extends Unit {
  tokens: Token[];
}

// Real HTTP statuses only: "order 123", "161 ms" or "about 400 lines" are not statuses.
const statusNumbers =
  '200|201|202|204|301|302|304|400|401|403|404|405|406|409|410|413|415|422|429|500|501|502|503';
const notAStatusAfter =
  'ms|s|KB|MB|MiB|KiB|px|x|columns|bytes|lines|pieces|levels|列|条|字节|毫秒|秒|行|层|个';
const statusPattern = new RegExp(
  String.raw`(?<![\w.\-/:#$%@,~])(?<!\b(?:id|order|step|steps|line|page|订单|第)\s?` +
    '`?' +
    String.raw`)(${statusNumbers})(?![\w%/~]|\.\d|,\d|\s?(?:${notAStatusAfter})(?![\w]))`,
  'g',
);
const codePattern = /(?<![\w.-])-3[12]\d{3}(?!\d)/g;

/** The values the kit's commands take for --dataset, --pace and --profile. */
const optionValues = 'workshop|article|empty|off|full|fast';
const byteUnits: Record<string, number> = { KiB: 1024, MiB: 1024 ** 2 };
const limitPatterns: { pattern: RegExp; value: (match: RegExpMatchArray) => string }[] = [
  // Binary sizes are the kit's limits; decimal ones (KB, MB) are measurements and examples.
  {
    pattern: /(?<![\w.])\**(\d+)\**\s?(KiB|MiB)\b/g,
    value: (m) => `bytes:${Number(m[1]) * (byteUnits[m[2] ?? ''] ?? 0)}`,
  },
  { pattern: /(?<![\w.]|\d\s)\**(\d+)\**\s?(?:levels?\b|层)/g, value: (m) => `levels:${m[1]}` },
  {
    pattern: /(?<!第\s?|[\w.-])(\d+)\s?(?:tools\b|个工具|个 Memos 工具)/g,
    value: (m) => `tools:${m[1]}`,
  },
  { pattern: /(?<![\w.])(\d+)\s?(?:pieces\b|个单元|个片段)/g, value: (m) => `pieces:${m[1]}` },
  // What the tag tests' LIKE may compare in a request: "20,000,000 characters compared", "2000 万个字符".
  {
    pattern: /(?<![\w.,])(\d{1,3}(?:,\d{3})+|\d+)\s?(?:characters compared\b|(万)个字符)/g,
    value: (m) => `chars:${Number(m[1]?.replaceAll(',', '')) * (m[2] ? 10_000 : 1)}`,
  },
  { pattern: /(?:127\.0\.0\.1|localhost):(\d{2,5})\b/g, value: (m) => `port:${m[1]}` },
  // A default value of a command's option: "`workshop` (default)", "the default `workshop` dataset",
  // "默认数据集是 `workshop`", "`article`（默认）".
  {
    pattern: new RegExp(
      String.raw`\`(?:--[\w-]+ )?(${optionValues})\`\s?[(（](?:the )?(?:default|默认)[)）]|` +
        String.raw`(?:default|默认)(?:的)?\s?(?:(?:dataset|profile|pace|数据集|配置|节奏)(?: is|是|,|，)?\s?)?\`(${optionValues})\`|` +
        String.raw`(?:default|默认的)\s?(workshop|工作坊)\s?(?:dataset|数据集)`,
      'g',
    ),
    value: (m) => `default:${(m[1] ?? m[2] ?? m[3] ?? '').replace('工作坊', 'workshop')}`,
  },
];

// An error text the kit answers with, quoted: Memos' form (`404 Not Found: memo not found`), a message with
// a colon (`Unknown tool: <name>`), or a short lowercase message after a word of answering ("gets
// "permission denied""). Quotes are backticks, straight or curly double quotes, or 「」.
const quoted = /(?:`([^`]{3,200})`|"([^"]{3,200})"|“([^”]{3,200})”|「([^」]{3,200})」)/g;
const statusForm = /^[1-5]\d\d [A-Z][A-Za-z ]+: \S/;
const colonForm = /^[A-Za-z][a-z]+(?: [a-z]+)+: \S|^[A-Z][a-z]+: [a-z]+(?: [\w'.,]+){2,}/;
const phraseForm = /^[a-z][a-z']+(?:,? [a-z']+){1,6}$/;
const answeringWord =
  /(?:gets?|got|answers?|returns?|says|saying|reads|text|message|with|error|得到|返回|回答|答复|报|错误|消息|文字|说)\s*[:：]?\s*$/i;

function textTokens(text: string): Token[] {
  const found: Token[] = [];
  for (const match of text.matchAll(quoted)) {
    const inner = match[1] ?? match[2] ?? match[3] ?? match[4] ?? '';
    const before = text.slice(Math.max(0, (match.index ?? 0) - 24), match.index);
    if (/^(?:pnpm|npm|npx|node|curl|git)\b/.test(inner)) continue;
    if (
      statusForm.test(inner) ||
      colonForm.test(inner) ||
      (phraseForm.test(inner) && answeringWord.test(before))
    )
      found.push({ kind: 'text', raw: inner, at: (match.index ?? 0) + 1, value: inner });
  }
  return found;
}

/** Every checkable fact a unit states, in the order written. */
export function tokensOf(text: string): Token[] {
  // Link targets are addresses, not claims: `](…)` is blanked, the link's words stay.
  const masked = text.replace(/\]\([^)\s]*\)/g, (match) => ' '.repeat(match.length));
  const texts = textTokens(masked);
  const insideText = (at: number) => texts.some((t) => at >= t.at && at < t.at + t.raw.length);
  const found: Token[] = [...texts];
  for (const match of masked.matchAll(statusPattern))
    found.push({ kind: 'status', raw: match[0], at: match.index ?? 0, value: match[0] });
  for (const match of masked.matchAll(codePattern))
    found.push({ kind: 'code', raw: match[0], at: match.index ?? 0, value: match[0] });
  for (const { pattern, value } of limitPatterns)
    for (const match of masked.matchAll(pattern))
      found.push({ kind: 'limit', raw: match[0], at: match.index ?? 0, value: value(match) });
  // A status inside a quoted error text belongs to the text.
  return found.filter((token) => token.kind === 'text' || !insideText(token.at)).sort((a, b) => a.at - b.at);
}

function markdownUnits(file: string): Unit[] {
  const units: Unit[] = [];
  let fence: string | null = null;
  let diagram = false;
  for (const [index, text] of readFileSync(join(repositoryRoot, file), 'utf8').split('\n').entries()) {
    const marker = /^\s*(`{3,}|~{3,})\s*([\w-]*)/.exec(text);
    if (marker) {
      if (fence === null) {
        fence = marker[1] ?? '';
        diagram = marker[2] === 'mermaid';
      } else if ((marker[1] ?? '').startsWith(fence) && marker[2] === '') fence = null;
      continue;
    }
    // Commands and what they print are held by the commands' own tests; a diagram is read like prose.
    if (fence !== null && !diagram) continue;
    units.push({ file, line: index + 1, text });
  }
  return units;
}

function jsonUnits(file: string): Unit[] {
  const source = readFileSync(join(repositoryRoot, file), 'utf8');
  const units: Unit[] = [];
  const visit = (value: unknown): void => {
    if (typeof value === 'string') {
      const at = source.indexOf(JSON.stringify(value));
      units.push({ file, line: at < 0 ? 0 : source.slice(0, at).split('\n').length, text: value });
    } else if (Array.isArray(value)) value.forEach(visit);
    else if (value && typeof value === 'object') Object.values(value).forEach(visit);
  };
  visit(JSON.parse(source));
  return units;
}

/** The files whose words a learner reads: the pages, every README, the labs' lab.json, the pages' includes. */
export function readerFiles(): string[] {
  const pages = markdownFiles().map((file) => `docs/${file.split('\\').join('/')}`);
  const folders = ['packages', 'demos', 'labs'].flatMap((top) =>
    readdirSync(join(repositoryRoot, top), { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && entry.name !== 'node_modules')
      .map((entry) => `${top}/${entry.name}`),
  );
  const inFolders = ['.', 'fixtures', 'labs', ...folders].flatMap((folder) =>
    readdirSync(join(repositoryRoot, folder))
      .filter((name) => /^(README|DIFFERENCES)(\.\w+)?\.md$/.test(name) || name === 'lab.json')
      .map((name) => (folder === '.' ? name : `${folder}/${name}`)),
  );
  // The workshop plans, which a teacher reads out. The quiz (labs/quiz/quiz.json) is not here: its wrong
  // choices are wrong on purpose, and labs/test/quiz.test.ts sends each predicted request to the running kit.
  const teaching = readdirSync(join(repositoryRoot, 'docs/workshop/plans'))
    .filter((name) => name.endsWith('.json'))
    .map((name) => `docs/workshop/plans/${name}`);
  return [...new Set([...pages, ...inFolders, ...teaching])].sort();
}

/** Every unit of `files` that states at least one checkable fact. */
export function scan(files = readerFiles()): Finding[] {
  return files.flatMap((file) =>
    (file.endsWith('.json') ? jsonUnits(file) : markdownUnits(file))
      .map((unit) => ({ ...unit, tokens: tokensOf(unit.text) }))
      .filter((unit) => unit.tokens.length > 0),
  );
}

// A sentence ends at 。！？, or at . ! ? followed by a space (a table row is one sentence).
const sentenceEnd = /[。！？]|[.!?](?=\s)/g;

/** The sentence of `text` that holds position `at`. */
function sentenceAt(text: string, at: number): string {
  let start = 0;
  for (const match of text.matchAll(sentenceEnd)) {
    const end = (match.index ?? 0) + 1;
    if (end > at) return text.slice(start, end);
    start = end;
  }
  return text.slice(start);
}

/**
 * The sources a sentence may cite for a fact that is not the kit's own: a page of the 2026-07-28
 * specification, a section of the article page, a file of Memos v0.30.0, the JSON-RPC specification,
 * or an RFC. A citation is a Markdown link in the same sentence as the fact.
 */
const citations: { source: string; link: RegExp }[] = [
  {
    source: 'the 2026-07-28 specification',
    link: /\]\(https:\/\/modelcontextprotocol\.io\/specification\/2026-07-28\/[\w/-]+(?:#[\w-]+)?\)/,
  },
  { source: 'the article', link: /\]\((?:\.\.\/)+(?:en\/)?reference\/article#s[\d-]+\)/ },
  {
    source: 'Memos v0.30.0',
    link: /\]\(https:\/\/github\.com\/usememos\/memos\/(?:blob|tree)\/v0\.30\.0\/[^)]+\)/,
  },
  { source: 'JSON-RPC 2.0', link: /\]\(https:\/\/www\.jsonrpc\.org\/specification(?:#[\w-]+)?\)/ },
  {
    source: 'an RFC',
    link: /\]\(https:\/\/(?:www\.)?rfc-editor\.org\/rfc\/rfc\d+(?:\.html)?(?:#[\w.-]+)?\)/,
  },
];

/** The source the sentence around a token cites, if any. */
export function citationFor(unit: Unit, token: Token): string | undefined {
  const sentence = sentenceAt(unit.text, token.at);
  return citations.find(({ link }) => link.test(sentence))?.source;
}
