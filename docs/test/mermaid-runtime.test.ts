// The site loads mermaid's own browser build at run time instead of bundling mermaid (see
// .vitepress/mermaid-runtime.ts). The browser test shows the diagrams drawn; this checks what it cannot:
// that every file the build imports is published, all of it as `.js`, and that nothing else is served.
import { init, parse } from 'es-module-lexer';
import { describe, expect, it } from 'vitest';
import { mermaidFile, mermaidFiles, serveMermaid } from '../.vitepress/mermaid-runtime.ts';
import { MERMAID_DIR, MERMAID_ENTRY } from '../.vitepress/theme/mermaid-path.ts';

describe("mermaid's browser build, as the site publishes it", () => {
  it('has the entry the loader imports, and every file its imports reach, all as .js', async () => {
    const files = new Set(mermaidFiles());
    expect(MERMAID_ENTRY.startsWith(MERMAID_DIR)).toBe(true);
    const entry = MERMAID_ENTRY.slice(MERMAID_DIR.length);
    expect(files.has(entry)).toBe(true);
    expect([...files].every((path) => path.endsWith('.js'))).toBe(true);

    await init;
    const reached = new Set<string>();
    const queue = [entry];
    for (let path = queue.pop(); path !== undefined; path = queue.pop()) {
      if (reached.has(path)) continue;
      reached.add(path);
      const text = await mermaidFile(path);
      expect(text, path).toBeDefined();
      for (const { n: specifier } of parse(text ?? '')[0]) {
        expect(specifier, `an import in ${path}`).toMatch(/^\.\/.+\.js$/);
        queue.push(new URL(specifier ?? '', `http://site/${path}`).pathname.slice(1));
      }
    }
    // The diagram types are loaded on demand, so the entry reaches most chunks, through dynamic imports.
    expect(reached.size).toBeGreaterThan(50);
    for (const path of reached) expect(files.has(path), path).toBe(true);
  });

  it('is the only thing under its path: other names and paths outside it are not served', async () => {
    for (const path of [
      'mermaid.esm.min.mjs',
      'mermaid.esm.min.js.map',
      '../package.json',
      'chunks/mermaid.esm.min/../../mermaid.core.mjs',
      'mermaid.core.js',
      '',
    ]) {
      expect(await mermaidFile(path), path).toBeUndefined();
    }
  });
});

describe('the dev server plugin', () => {
  const plugin = serveMermaid();

  it("resolves `import 'mermaid'` to the loader, and nothing else", () => {
    const resolveId = plugin.resolveId as (id: string) => string | undefined;
    expect(resolveId('mermaid')).toMatch(/theme[/\\]mermaid-loader\.ts$/);
    expect(resolveId('mermaid/dist/mermaid.core.mjs')).toBeUndefined();
    expect(resolveId('vue')).toBeUndefined();
  });

  it('serves the build as JavaScript under MERMAID_DIR and hands every other path on', async () => {
    // The parts of Connect's request and response the handler uses.
    type Response = { setHeader(name: string, value: string): void; end(body: string): void };
    type Middleware = (req: { url?: string }, res: Response, next: () => void) => void;
    const mounted: Array<[string, Middleware]> = [];
    const configureServer = plugin.configureServer as (server: unknown) => void;
    configureServer({
      middlewares: { use: (path: string, handler: Middleware) => mounted.push([path, handler]) },
    });
    expect(mounted.map(([path]) => path)).toEqual([MERMAID_DIR]);
    const [, handler] = mounted[0] as [string, Middleware];

    // Connect strips the mount path, so the handler sees the rest of it.
    const request = (url: string) =>
      new Promise<{ next: boolean; type?: string; body?: string }>((resolve) => {
        const headers: Record<string, string> = {};
        const res: Response = {
          setHeader: (name, value) => {
            headers[name.toLowerCase()] = value;
          },
          end: (body) => resolve({ next: false, type: headers['content-type'], body }),
        };
        handler({ url }, res, () => resolve({ next: true }));
      });

    const entry = await request(`/${MERMAID_ENTRY.slice(MERMAID_DIR.length)}`);
    expect(entry.next).toBe(false);
    expect(entry.type).toBe('text/javascript; charset=utf-8');
    expect(entry.body).toBe(await mermaidFile(MERMAID_ENTRY.slice(MERMAID_DIR.length)));
    for (const url of ['/../package.json', '/%2e%2e/package.json', '/mermaid.esm.min.mjs', '/']) {
      expect((await request(url)).next, url).toBe(true);
    }
  });
});
