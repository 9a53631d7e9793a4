// Links and sources. The link checker itself is tested here on a small site made for the purpose,
// so it is known to fail on each kind of broken link; it runs over the real built site in the
// browser test, which builds the site anyway (and here too when DOCS_SITE_DIR names a build).
// The Markdown sources are checked here for what every page owes its reader: the protocol version
// near the top, and on guide pages the primary sources.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { allPages } from '../.vitepress/pages.ts';
import { repositoryOnTheWeb, rewriteLeavingLink } from '../.vitepress/repository.ts';
import { docsRoot, markdownFiles } from './markdown-files.ts';
import { checkSiteLinks } from './site-links.ts';

const repositoryRoot = join(docsRoot, '..');
const scratch = mkdtempSync(join(tmpdir(), 'memos-docs-links-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function write(root: string, files: Record<string, string>): void {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
}

const web = { url: 'https://git.example.org/kit/memos', branch: 'main' };

describe('the link checker', () => {
  it('finds each kind of broken link and accepts each kind of good one', () => {
    const site = join(scratch, 'site');
    write(join(scratch, 'repo'), { 'packages/x/src/real.ts': '', 'docs/guide/page.md': '' });
    write(site, {
      'index.html': '<h2 id="top">x</h2><a href="/guide/page.html">page</a>',
      'guide/page.html': [
        '<h2 id="here">here</h2><h2 id="两层">zh</h2>',
        '<a href="#here">ok</a>',
        '<a href="./other">ok: a clean link</a>',
        '<a href="../#top">ok</a>',
        '<a href="#%E4%B8%A4%E5%B1%82">ok: an encoded anchor</a>',
        '<a href="https://example.com/nowhere">external, not followed</a>',
        '<a href="https://git.example.org/kit/memos/blob/main/packages/x/src/real.ts">ok: this repository</a>',
        '<a href="https://git.example.org/kit/memos/tree/main/packages/x#top">ok: a folder of it</a>',
        '<a href="https://git.example.org/other/blob/main/nope">not this repository, not followed</a>',
        '<a class="bad" href="#gone">bad anchor</a>',
        '<a class="bad" href="./missing.html">bad page</a>',
        '<a class="bad" href="../#nowhere">bad anchor on another page</a>',
        '<a class="bad" href="../../packages/x/src/real.ts">a repository file, relative: leaves the site</a>',
        '<a class="bad" href="https://git.example.org/kit/memos/blob/main/packages/x/src/missing.ts">bad file</a>',
        '<a class="bad" href="https://git.example.org/kit/memos/blob/main/../outside.txt">leaves the repository</a>',
        '<a class="bad" href="https://git.example.org/kit/memos/tree/main/packages/nope">bad: this repository</a>',
      ].join('\n'),
      'guide/other.html': '<p>other</p>',
    });
    const problems = checkSiteLinks({ site, repository: join(scratch, 'repo'), web });
    expect(problems.map((problem) => problem.href).sort()).toEqual(
      [
        '#gone',
        './missing.html',
        '../#nowhere',
        '../../packages/x/src/real.ts',
        'https://git.example.org/kit/memos/blob/main/packages/x/src/missing.ts',
        'https://git.example.org/kit/memos/blob/main/../outside.txt',
        'https://git.example.org/kit/memos/tree/main/packages/nope',
      ].sort(),
    );
    expect(problems.every((problem) => problem.page === '/guide/page.html')).toBe(true);
  });

  // The full check needs a build; the browser test makes one and runs the checker over it.
  it.skipIf(!process.env.DOCS_SITE_DIR)('finds no broken link in the build named by DOCS_SITE_DIR', () => {
    const problems = checkSiteLinks({
      site: process.env.DOCS_SITE_DIR ?? '',
      repository: repositoryRoot,
      web: repositoryOnTheWeb(),
    });
    expect(problems).toEqual([]);
  });
});

describe('links from a page to a file of the repository', () => {
  const leaving = markdownFiles().flatMap((file) =>
    [...readFileSync(join(docsRoot, file), 'utf8').matchAll(/\]\(((?:\.\.\/)+[^)\s]+)\)/g)]
      .map(([, href = '']) => ({ file, href, to: rewriteLeavingLink(web, file, href) }))
      .filter(({ to }) => to !== undefined),
  );

  it('point at the repository on the web, where the file is, in both languages', () => {
    // Among them line-transport.ts, reliability.test.ts and recording-frame.schema.json, on zh and en pages.
    expect(leaving.length).toBeGreaterThanOrEqual(6);
    for (const { file, href, to } of leaving) {
      const path = /\/(?:blob|tree)\/main\/([^#?]+)/.exec(to ?? '')?.[1] ?? '';
      expect(to, `${file}: ${href}`).toMatch(
        /^https:\/\/git\.example\.org\/kit\/memos\/(?:blob|tree)\/main\//,
      );
      expect(existsSync(join(repositoryRoot, path)), `${file}: ${href} names no file`).toBe(true);
    }
    const english = leaving.filter(({ file }) => file.startsWith('en/')).map(({ to }) => to);
    const chinese = leaving.filter(({ file }) => !file.startsWith('en/')).map(({ to }) => to);
    expect(english.sort()).toEqual(chinese.sort());
  });

  it('leave every other link as it is', () => {
    for (const href of [
      './stdio',
      '../guide/stdio#framing',
      '../',
      '#here',
      '/playground',
      'https://example.com/x',
    ])
      expect(rewriteLeavingLink(web, 'guide/two-messages.md', href), href).toBeUndefined();
    expect(rewriteLeavingLink(web, 'guide/x.md', '../../packages/wire/src/index.ts#L3')).toBe(
      'https://git.example.org/kit/memos/blob/main/packages/wire/src/index.ts#L3',
    );
    expect(rewriteLeavingLink(web, 'en/guide/x.md', '../../../packages/wire/')).toBe(
      'https://git.example.org/kit/memos/tree/main/packages/wire',
    );
  });

  it("take the repository's address from KIT_REPOSITORY_URL, else from package.json", () => {
    expect(repositoryOnTheWeb({ KIT_REPOSITORY_URL: 'git+https://example.net/a/b.git/' })).toEqual({
      url: 'https://example.net/a/b',
      branch: 'main',
    });
    expect(repositoryOnTheWeb({ KIT_REPOSITORY_BRANCH: 'v1' }).branch).toBe('v1');
    const manifest = JSON.parse(readFileSync(join(repositoryRoot, 'package.json'), 'utf8'));
    expect(repositoryOnTheWeb({}).url).toBe(String(manifest.repository.url).replace(/\.git$/, ''));
  });
});

const read = (file: string) => readFileSync(join(docsRoot, file), 'utf8');
const specLink =
  /\]\(https:\/\/modelcontextprotocol\.io\/specification\/2026-07-28(?:\/[\w/-]*)?(?:#[\w-]+)?\)/;
const articleLink = /\]\((?:\.\.\/)+(?:en\/)?reference\/article(?:#s[\d-]+)?\)/;
const memosLink = /\]\(https:\/\/github\.com\/usememos\/memos\/(?:tree|blob)\/v0\.30\.0[^)]*\)/;

describe('what every page tells its reader', () => {
  const guidePages = markdownFiles().filter((file) => /^(en\/)?guide\//.test(file));

  it('has a guide page in both languages for every guide entry of the sidebar', () => {
    const guide = allPages.filter((page) => page.path.startsWith('guide/'));
    expect(guidePages.length).toBe(guide.length * 2);
  });

  it.each(guidePages)('%s links the 2026-07-28 specification and the article', (file) => {
    const text = read(file);
    expect(text, 'a link to a page of the 2026-07-28 specification').toMatch(specLink);
    expect(text, 'a link to the article page or one of its sections').toMatch(articleLink);
  });

  it('links Memos v0.30.0 from the pages that teach its API', () => {
    for (const file of guidePages.filter((path) =>
      /(two-messages|adapter|discover-list-call)\.md$/.test(path),
    ))
      expect(read(file), file).toMatch(memosLink);
  });

  it.each(markdownFiles())('%s names the protocol version it teaches near its top', (file) => {
    // The first screenful: the front matter (a home page's hero) and the first lines of the page.
    const text = read(file);
    const frontMatter = /^---\n[\s\S]*?\n---\n/.exec(text)?.[0] ?? '';
    const top = frontMatter + text.slice(frontMatter.length).split('\n').slice(0, 8).join('\n');
    expect(top).toContain('2026-07-28');
  });

  it('gives no POSIX-only pipeline on the quick-start pages', () => {
    for (const file of ['guide/quick-start.md', 'en/guide/quick-start.md']) {
      const commands = [...read(file).matchAll(/```(?:sh|bash|shell)\n([\s\S]*?)```/g)].map(
        (m) => m[1] ?? '',
      );
      expect(commands.length, file).toBeGreaterThan(0);
      for (const command of commands)
        expect(command, file).not.toMatch(/\|\s*(curl|sed|grep|awk|xargs)\b|\bsed\b/);
    }
  });

  // The stdio pages include the demo's DIFFERENCES file in two line ranges around its one row whose
  // link is relative to the demo folder, and write that row themselves. If the file changes, the
  // ranges must follow.
  it.each([
    ['guide/stdio.md', 'DIFFERENCES.zh.md'],
    ['en/guide/stdio.md', 'DIFFERENCES.md'],
  ])('%s leaves out of %s exactly the rows it writes itself', (page, file) => {
    const included = readFileSync(join(repositoryRoot, 'demos', 'stdio-pair', file), 'utf8').split('\n');
    const text = read(page);
    const ranges = [
      ...text.matchAll(new RegExp(`@include: @/\\.\\./demos/stdio-pair/${file}\\{(\\d+),(\\d*)\\}`, 'g')),
    ];
    expect(ranges.length).toBe(2);
    const shown = new Set(
      ranges.flatMap(([, from, to]) => {
        const last = to ? Number(to) : included.length;
        return Array.from({ length: last - Number(from) + 1 }, (_, i) => Number(from) + i);
      }),
    );
    const left = included
      .map((line, i) => ({ line, number: i + 1 }))
      .filter(({ number }) => !shown.has(number));
    const relative = included.filter((line) => /\]\(\.\.?\//.test(line));
    expect(left.map(({ line }) => line)).toEqual(relative);
    for (const { line } of left) expect(text).toContain(line.split('|')[1]?.trim() ?? line);
  });
});
