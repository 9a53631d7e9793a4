// Finds the site's Markdown pages, so tests see exactly what VitePress builds.
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { docsRoot } from '../cli/site.ts';

export { docsRoot };

const skipped = new Set(['node_modules', '.vitepress', 'test', 'public']);

/** Every .md file under the docs root, as paths relative to it ('guide/stdio.md', 'en/index.md'). */
export function markdownFiles(dir = docsRoot): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (skipped.has(entry.name)) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...markdownFiles(path));
    else if (entry.name.endsWith('.md')) found.push(relative(docsRoot, path));
  }
  return found.sort();
}
