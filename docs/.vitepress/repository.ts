// Links from the site into the repository. A page may link a file of the kit the way its Markdown source
// sees it (`../../packages/memos-mcp/src/stdio/line-transport.ts`), which works on GitHub and in an editor
// but not on the built site: there the address leaves the site and is a 404. The build rewrites every such
// link to the file's page in the repository on the web. Where that is comes from one place: KIT_REPOSITORY_URL
// (and KIT_REPOSITORY_BRANCH) when the site is built, else the root package.json's `repository` and `main`.
import { readFileSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { MarkdownRenderer } from 'vitepress';

const docsRoot = fileURLToPath(new URL('..', import.meta.url));
const repositoryRoot = join(docsRoot, '..');

export interface RepositoryOnTheWeb {
  /** `https://host/owner/name`, no trailing slash. */
  url: string;
  branch: string;
}

/** `git+https://host/x.git` and `{ url }` forms of package.json's `repository`, as a browsable URL. */
function browsable(url: string): string {
  return url
    .replace(/^git\+/, '')
    .replace(/\/+$/, '')
    .replace(/\.git$/, '');
}

export function repositoryOnTheWeb(env: NodeJS.ProcessEnv = process.env): RepositoryOnTheWeb {
  const manifest = JSON.parse(readFileSync(join(repositoryRoot, 'package.json'), 'utf8')) as {
    repository?: string | { url?: string };
  };
  const field = typeof manifest.repository === 'string' ? manifest.repository : manifest.repository?.url;
  const url = env.KIT_REPOSITORY_URL || field;
  if (!url) throw new Error('no repository URL: set "repository" in package.json, or KIT_REPOSITORY_URL');
  return { url: browsable(url), branch: env.KIT_REPOSITORY_BRANCH || 'main' };
}

/** The repository's page for a file or folder given by its path in the repository ('packages/x/y.ts'). */
function repositoryLink(web: RepositoryOnTheWeb, path: string, hash = ''): string {
  let kind = 'blob';
  try {
    if (statSync(join(repositoryRoot, path)).isDirectory()) kind = 'tree';
  } catch {
    // A path that names nothing still gets a link: the site's link check reports it.
  }
  return `${web.url}/${kind}/${web.branch}/${path.split(sep).join('/')}${hash}`;
}

/**
 * The repository link for `href` written on the page `page` (its path in the docs, 'guide/stdio.md'), when
 * `href` is relative and leaves the docs; undefined for every other link.
 */
export function rewriteLeavingLink(web: RepositoryOnTheWeb, page: string, href: string): string | undefined {
  if (href === '' || href.startsWith('#') || href.startsWith('/') || /^[a-z][a-z0-9+.-]*:/i.test(href))
    return undefined;
  const [path = '', hash = ''] = /^([^?#]*)(.*)$/.exec(href)?.slice(1) ?? [];
  const target = resolve(docsRoot, dirname(page), decodeURI(path));
  const fromDocs = relative(docsRoot, target);
  if (!fromDocs.startsWith('..') && !isAbsolute(fromDocs)) return undefined;
  const inRepository = relative(repositoryRoot, target);
  if (inRepository.startsWith('..') || isAbsolute(inRepository)) return undefined;
  return repositoryLink(web, inRepository, hash);
}

/** markdown-it: rewrites, on every page, the links that leave the docs to the repository on the web. */
export function repositoryLinks(md: MarkdownRenderer, web: RepositoryOnTheWeb = repositoryOnTheWeb()): void {
  md.core.ruler.push('memos-kit-repository-links', (state) => {
    const page = (state.env as { relativePath?: string }).relativePath;
    if (!page) return;
    for (const block of state.tokens)
      for (const token of block.children ?? []) {
        if (token.type !== 'link_open') continue;
        const rewritten = rewriteLeavingLink(web, page, token.attrGet('href') ?? '');
        if (rewritten) token.attrSet('href', rewritten);
      }
  });
}
