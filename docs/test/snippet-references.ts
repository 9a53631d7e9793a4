// Reads every snippet import (<<< file#region) and Markdown include (<!--@include: file#region-->)
// of a page and checks what it points at. VitePress 1.6.4 fails the build for a missing file but
// silently embeds the whole file when the region is missing, which is the case this catches.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

export interface SnippetReference {
  kind: 'snippet' | 'include';
  line: number;
  raw: string;
  file: string;
  region: string | null;
}

// Same shapes as VitePress 1.6.4's snippet and include plugins.
const snippetLine = /^\s*<<<\s*(\S+?)(?:#([\w*-]+))?(?:\{[^}]*\})?(?:\s+\[[^\]]*\])?\s*$/;
const includeTag = /<!--\s*@include:\s*([^\s#]+?)(?:#([\w-]+))?(?:\{[\d,]*\})?\s*-->/g;

function resolveTarget(page: string, docsRoot: string, target: string): string {
  if (target.startsWith('@/')) return resolve(docsRoot, target.slice(2));
  return resolve(dirname(page), target);
}

export function snippetReferences(page: string, docsRoot: string, text: string): SnippetReference[] {
  const found: SnippetReference[] = [];
  let fence: string | null = null;
  text.split('\n').forEach((line, index) => {
    // Lines inside a fenced block are shown, not imported.
    const marker = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (marker) {
      if (fence === null) fence = marker[0] ?? null;
      else if (marker.startsWith(fence)) fence = null;
      return;
    }
    if (fence !== null) return;
    const snippet = snippetLine.exec(line);
    if (snippet?.[1]) {
      const file = resolveTarget(page, docsRoot, snippet[1]);
      found.push({ kind: 'snippet', line: index + 1, raw: line.trim(), file, region: snippet[2] ?? null });
    } else if (line.trim().startsWith('<<<')) {
      found.push({ kind: 'snippet', line: index + 1, raw: line.trim(), file: '', region: null });
    }
    for (const include of line.matchAll(includeTag)) {
      if (!include[1]) continue;
      const file = resolveTarget(page, docsRoot, include[1]);
      found.push({ kind: 'include', line: index + 1, raw: include[0], file, region: include[2] ?? null });
    }
  });
  return found;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Region markers VitePress recognises: line comments, HTML comments and block comments. */
export function hasRegion(source: string, region: string): boolean {
  const name = escapeRegExp(region);
  const start = new RegExp(`^\\s*(?://|#|/\\*|<!--|--|;)\\s*#?region\\s+${name}(?![\\w*-])`, 'm');
  const end = new RegExp(`^\\s*(?://|#|/\\*|<!--|--|;)\\s*#?endregion\\b(?:\\s+${name}(?![\\w*-]))?`, 'm');
  const startMatch = start.exec(source);
  if (!startMatch) return false;
  return end.test(source.slice(startMatch.index + startMatch[0].length));
}

/** A readable problem for one reference, or null when it is sound. */
export function problemWith(reference: SnippetReference): string | null {
  if (!reference.file) return `cannot read the snippet line "${reference.raw}"`;
  if (!existsSync(reference.file)) return `file not found: ${reference.file}`;
  if (reference.region === null) return null;
  const source = readFileSync(reference.file, 'utf8');
  return hasRegion(source, reference.region)
    ? null
    : `region "${reference.region}" not found in ${reference.file} (VitePress would embed the whole file)`;
}
