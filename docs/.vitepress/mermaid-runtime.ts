// Mermaid ships a browser build already bundled and minified: dist/mermaid.esm.min.mjs, which loads each
// diagram type from dist/chunks/ only when a page draws one. Bundling mermaid again from its sources made
// Rollup walk several megabytes and took about 40% of the site build (37 → 23 s in one measurement), for
// the same code. So the site serves that build as it is, copied by the build and served by the dev server,
// and `import 'mermaid'` (vitepress-plugin-mermaid's, for its <Mermaid> component) resolves to a small
// loader that fetches it on the first diagram.
//
// One change on the way: the files are published as `.js`, their import specifiers rewritten to match.
// A browser runs a module only when its Content-Type says JavaScript, and common static servers (nginx
// up to 1.2x's default mime.types among them) know `.js` but send `.mjs` as application/octet-stream: the
// diagrams would stay blank on a school's server. Every other script of the site is `.js` already.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { init, parse } from 'es-module-lexer';
import type { UserConfig } from 'vitepress';
import { MERMAID_DIR } from './theme/mermaid-path.ts';

// VitePress's own Vite (not whichever Vite the workspace hoists for vitest).
type VitePlugin = Extract<NonNullable<NonNullable<UserConfig['vite']>['plugins']>[number], { name: string }>;

/** mermaid's dist folder, as installed for the site. */
const mermaidDist = join(dirname(createRequire(import.meta.url).resolve('mermaid/package.json')), 'dist');
/** The browser build's chunks, relative to dist (and to MERMAID_DIR on the site). */
const CHUNKS = 'chunks/mermaid.esm.min';

let files: string[] | undefined;
/** Every file of the browser build, as the site names it (`.js`), relative to MERMAID_DIR. */
export function mermaidFiles(): string[] {
  files ??= [
    'mermaid.esm.min.mjs',
    ...readdirSync(join(mermaidDist, CHUNKS))
      .filter((name) => name.endsWith('.mjs'))
      .map((name) => `${CHUNKS}/${name}`),
  ].map((path) => path.replace(/\.mjs$/, '.js'));
  return files;
}

/**
 * The file the site serves at `MERMAID_DIR + path`: mermaid's own, with each import of a sibling `.mjs`
 * pointed at its `.js` name. Undefined for any path that is not one of the browser build's files.
 */
export async function mermaidFile(path: string): Promise<string | undefined> {
  return mermaidFiles().includes(path) ? rewritten(path) : undefined;
}

async function rewritten(path: string): Promise<string> {
  const source = readFileSync(join(mermaidDist, path.replace(/\.js$/, '.mjs')), 'utf8');
  await init;
  const [imports] = parse(source, path);
  let out = '';
  let at = 0;
  for (const { n: specifier, s: start, e: end } of imports) {
    // mermaid's chunks import only one another, by relative literal paths; anything else would not be
    // found after the rename, so the build stops here rather than publish blank diagrams.
    if (specifier === undefined || !specifier.startsWith('./') || !specifier.endsWith('.mjs')) {
      throw new Error(`mermaid ${path} imports ${JSON.stringify(specifier)}: not a sibling .mjs file`);
    }
    const text = source.slice(start, end);
    out += source.slice(at, start) + text.replace(/\.mjs(?=["'`]?$)/, '.js');
    at = end;
  }
  return out + source.slice(at);
}

/** Writes mermaid's browser build into a built site (VitePress's outDir). */
export async function publishMermaid(outDir: string): Promise<void> {
  for (const path of mermaidFiles()) {
    const target = join(outDir, MERMAID_DIR, path);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, await rewritten(path));
  }
}

/** Points `import 'mermaid'` at the loader, and serves the browser build under the same path in `pnpm docs:dev`. */
export function serveMermaid(): VitePlugin {
  const loader = fileURLToPath(new URL('./theme/mermaid-loader.ts', import.meta.url));
  return {
    name: 'memos-kit:mermaid-runtime',
    enforce: 'pre',
    resolveId(id) {
      return id === 'mermaid' ? loader : undefined;
    },
    configureServer(server) {
      server.middlewares.use(MERMAID_DIR, (req, res, next) => {
        const path = new URL(req.url ?? '/', 'http://localhost').pathname.slice(1);
        mermaidFile(path).then((text) => {
          if (text === undefined) return next();
          res.setHeader('Content-Type', 'text/javascript; charset=utf-8');
          res.end(text);
        }, next);
      });
    },
  };
}
