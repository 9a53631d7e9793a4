// A small static file server for the built site, bound to loopback on a free port.
import { createReadStream, existsSync, statSync } from 'node:fs';
import { extname, join, normalize, sep } from 'node:path';
import { type Listening, listen } from '@memos-kit/process';

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
  '.png': 'image/png',
  '.txt': 'text/plain; charset=utf-8',
};

function fileFor(root: string, pathname: string): string | null {
  const clean = normalize(decodeURIComponent(pathname)).replace(/^([/\\])+/, '');
  const candidates = [clean, `${clean}.html`, join(clean, 'index.html')];
  for (const candidate of candidates) {
    const path = join(root, candidate);
    if (!path.startsWith(root.endsWith(sep) ? root : root + sep) && path !== root) continue;
    if (existsSync(path) && statSync(path).isFile()) return path;
  }
  return null;
}

/** Serves the built site from `root`; `close()` of the answer stops it. */
export function serveStatic(root: string): Promise<Listening> {
  return listen((req, res) => {
    const pathname = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    const file = fileFor(root, pathname);
    if (!file) {
      res.writeHead(404, { 'Content-Type': 'text/html; charset=utf-8' });
      createReadStream(join(root, '404.html')).pipe(res);
      return;
    }
    res.writeHead(200, { 'Content-Type': types[extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(res);
  });
}
