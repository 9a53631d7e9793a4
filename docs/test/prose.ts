// The prose a reader of the kit meets: the site's pages, the labs' lab.json texts (titles, goals, hints,
// `learned` lines, check names and failure messages), the commands' messages.json catalogs and the
// READMEs. Checks on wording read them through here, with what is not prose (code, links' targets,
// option names, placeholders) taken out, so an identifier is never mistaken for a word.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { docsRoot, markdownFiles } from './markdown-files.ts';

export const repositoryRoot = join(docsRoot, '..');

type Lang = 'zh' | 'en';

/** One piece of prose: where it is (a file, and inside a JSON file the key path), its language, its text. */
export interface Prose {
  where: string;
  lang: Lang | 'both';
  text: string;
}

const read = (path: string) => readFileSync(join(repositoryRoot, path), 'utf8');

/** Markdown without what is not prose: code, comments, includes, components and link targets. */
export function markdownProse(markdown: string): string {
  return (
    markdown
      // Fenced code and diagrams, with their fences.
      .replace(/^([ \t]*)(`{3,}|~{3,})[^\n]*\n[\s\S]*?^\1\2[ \t]*$/gm, '')
      .replace(/<!--[\s\S]*?-->/g, '')
      .replace(/^<<< .*$/gm, '')
      .replace(/`[^`\n]*`/g, '')
      // Vue components and HTML tags (their attributes are identifiers), not the text between them.
      .replace(/<\/?[A-Za-z][^>\n]*>/g, '')
      .replace(/\]\([^)\s]*\)/g, ']')
      .replace(/\{#[\w-]+\}/g, '')
  );
}

/** A message or lab text without its placeholders, option names, environment variables and URLs. */
function messageProse(text: string): string {
  return text
    .replace(/https?:\/\/\S+/g, '')
    .replace(/\{\w+\}/g, '')
    .replace(/(^|[\s(（"“])--?[A-Za-z][\w-]*/g, '$1')
    .replace(/\b[A-Z][A-Z0-9]*_[A-Z0-9_]+\b/g, '')
    .replace(/`[^`\n]*`/g, '');
}

/** Every page of the site: Chinese at the root, English under en/. */
export function pages(): Prose[] {
  return markdownFiles().map((file) => ({
    where: `docs/${file}`,
    lang: file.startsWith('en/') ? 'en' : 'zh',
    text: markdownProse(read(join('docs', file))),
  }));
}

/** The `{ zh, en }` pairs of a JSON document, each language as its own piece, named by key path. */
/**
 * A line of a Chinese text with no Chinese in it is code (a hint's answer, ready to copy), not prose: it keeps the
 * names the code uses, and marking it with backticks would put them in what the learner copies.
 */
const chineseLines = (text: string) =>
  text
    .split('\n')
    .filter((line) => /\p{Script=Han}/u.test(line))
    .join('\n');

function bilingual(where: string, value: unknown, path = ''): Prose[] {
  if (Array.isArray(value))
    return value.flatMap((item, index) => bilingual(where, item, `${path}[${index}]`));
  if (typeof value !== 'object' || value === null) return [];
  const entries = Object.entries(value as Record<string, unknown>);
  const pair = value as { zh?: unknown; en?: unknown };
  const own: Prose[] =
    typeof pair.zh === 'string' && typeof pair.en === 'string'
      ? [
          { where: `${where} ${path}`, lang: 'zh', text: messageProse(chineseLines(pair.zh)) },
          { where: `${where} ${path}`, lang: 'en', text: messageProse(pair.en) },
        ]
      : [];
  return [...own, ...entries.flatMap(([key, item]) => bilingual(where, item, path ? `${path}.${key}` : key))];
}

function filesUnder(dir: string, keep: (name: string) => boolean, depth = 3): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(join(repositoryRoot, dir), { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory() && depth > 0) found.push(...filesUnder(path, keep, depth - 1));
    else if (entry.isFile() && keep(entry.name)) found.push(path);
  }
  return found.sort();
}

/** Each lab's lab.json texts. */
export function labTexts(): Prose[] {
  return filesUnder('labs', (name) => name === 'lab.json', 1).flatMap((file) =>
    bilingual(file, JSON.parse(read(file))),
  );
}

/** The teaching data a learner or teacher reads: the workshop plans and the quiz's questions. */
export function teachingTexts(): Prose[] {
  return [
    ...filesUnder('docs/workshop/plans', (name) => name.endsWith('.json'), 0),
    'labs/quiz/quiz.json',
  ].flatMap((file) => bilingual(file, JSON.parse(read(file))));
}

/** The commands' message catalogs (`messages.json`, `cli-messages.json`, `*.messages.json`). */
export function messageCatalogs(): Prose[] {
  return ['packages', 'demos', 'labs', 'docs']
    .flatMap((dir) => filesUnder(dir, (name) => name.endsWith('messages.json')))
    .flatMap((file) => bilingual(file, JSON.parse(read(file))));
}

/** The READMEs and the other Markdown files beside the code, both languages in one file. */
export function readmes(): Prose[] {
  const files = [
    'README.md',
    'CONTRIBUTING.md',
    ...['packages', 'demos', 'labs', 'fixtures', 'tests'].flatMap((dir) =>
      filesUnder(dir, (name) => name.endsWith('.md'), 1),
    ),
  ];
  return files.map((file) => ({ where: file, lang: 'both', text: markdownProse(read(file)) }));
}

/** The lines of `text` around `index`, for a failure message a person can find in the file. */
export function excerpt(text: string, index: number, length: number): string {
  return text
    .slice(Math.max(0, index - 30), index + length + 30)
    .replace(/\s+/g, ' ')
    .trim();
}
