// Follows every link of the built site the way a reader's click would: a page or file of the site
// must exist, an #anchor must name an element of its target page, and a link to the repository on the
// web (the build's rewrite of a link that left the docs) must name a file or folder that exists in the
// repository. A relative link that leaves the site is a 404 for a reader of the built site, so it is one
// here too. External links are not followed: the tests talk only to loopback.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import type { RepositoryOnTheWeb } from '../.vitepress/repository.ts';

export interface LinkProblem {
  /** The page the link is on, as a site path ('/guide/stdio.html'). */
  page: string;
  href: string;
  problem: string;
}

export interface LinkCheckOptions {
  /** The built site (VitePress's outDir). */
  site: string;
  /** The repository's root: links to the repository on the web must name a path inside it. */
  repository: string;
  /** Where the build links the repository (docs/.vitepress/repository.ts). */
  web: RepositoryOnTheWeb;
}

function htmlFiles(root: string, dir = root): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return htmlFiles(root, path);
    return entry.name.endsWith('.html') ? [`/${relative(root, path).split(sep).join('/')}`] : [];
  });
}

const entities: Record<string, string> = { amp: '&', quot: '"', lt: '<', gt: '>', '#39': "'", '#x27': "'" };
const decodeEntities = (text: string) =>
  text.replace(/&(amp|quot|lt|gt|#39|#x27);/g, (entity, name: string) => entities[name] ?? entity);
const decodePath = (text: string) => {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
};

const hrefsOf = (html: string) =>
  [...html.matchAll(/<a\s[^>]*?href="([^"]*)"/g)].map((match) => decodeEntities(match[1] ?? ''));
const idsOf = (html: string) =>
  new Set([...html.matchAll(/\sid="([^"]*)"/g)].map((match) => decodeEntities(match[1] ?? '')));

const isFile = (path: string) => existsSync(path) && statSync(path).isFile();
const inside = (root: string, path: string) =>
  path === root || path.startsWith(root.endsWith(sep) ? root : root + sep);

/** Every broken link of the built site; an empty list when all resolve. */
export function checkSiteLinks(options: LinkCheckOptions): LinkProblem[] {
  const site = resolve(options.site);
  const repository = resolve(options.repository);
  const pages = htmlFiles(site);
  const html = new Map(pages.map((page) => [page, readFileSync(join(site, page), 'utf8')]));
  const ids = new Map<string, Set<string>>();
  const idsFor = (page: string) => {
    let found = ids.get(page);
    if (!found) {
      found = idsOf(html.get(page) ?? '');
      ids.set(page, found);
    }
    return found;
  };
  /** The site file a path names, the way the static server and VitePress's clean links find it. */
  const siteFile = (pathname: string): string | null => {
    const path = decodePath(pathname);
    const candidates = path.endsWith('/')
      ? [`${path}index.html`]
      : [path, `${path}.html`, `${path}/index.html`];
    return candidates.find((candidate) => isFile(join(site, candidate))) ?? null;
  };
  const repositoryProblem = (path: string): string | null => {
    if (!inside(repository, path)) return `leaves the repository (${path})`;
    return existsSync(path) ? null : `no file ${relative(repository, path)} in the repository`;
  };

  const problems: LinkProblem[] = [];
  const onTheWeb = new RegExp(
    `^${options.web.url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/(?:blob|tree)/${options.web.branch}/([^?#]+)`,
  );
  for (const page of pages) {
    const report = (href: string, problem: string) => problems.push({ page, href, problem });
    for (const href of hrefsOf(html.get(page) ?? '')) {
      if (href === '' || href === '#' || /^(mailto|tel|javascript):/i.test(href)) continue;
      if (/^[a-z][a-z0-9+.-]*:/i.test(href)) {
        const path = onTheWeb.exec(href)?.[1];
        if (path !== undefined) {
          const problem = repositoryProblem(resolve(repository, decodePath(path)));
          if (problem) report(href, problem);
        }
        continue;
      }
      const url = new URL(href, `http://site${page}`);
      const target = siteFile(url.pathname);
      if (target) {
        const anchor = decodePath(url.hash.slice(1));
        if (anchor !== '' && target.endsWith('.html') && !idsFor(target).has(anchor))
          report(href, `no #${anchor} on ${target}`);
        continue;
      }
      // A relative link to a file of the repository that is still relative here escaped the build's rewrite.
      report(href, 'no such page or file on the site: a reader of the built site gets a 404');
    }
  }
  return problems;
}
