// A built static site (the docs) as a request handler: the file a path names, never one outside the folder.
import { createReadStream, existsSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';

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

/** The file a request names under `root` (`/guide/x` finds `guide/x.html`), or null; never outside `root`. */
function fileFor(root: string, target: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(new URL(target, 'http://127.0.0.1').pathname);
  } catch {
    // A malformed escape or address is a request for nothing, not a reason to stop serving.
    return null;
  }
  const clean = normalize(decoded).replace(/^([/\\])+/, '');
  const inside = root.endsWith(sep) ? root : root + sep;
  for (const candidate of [clean, `${clean}.html`, join(clean, 'index.html')]) {
    const path = join(root, candidate);
    if (!path.startsWith(inside) && path !== root) continue;
    if (existsSync(path) && statSync(path).isFile()) return path;
  }
  return null;
}

/**
 * Answers a GET for a file of the built site in `root`; a path with no file gets the site's own 404 page,
 * as VitePress's preview answers.
 */
export function serveStatic(root: string, req: IncomingMessage, res: ServerResponse): void {
  const file = fileFor(root, req.url ?? '/');
  if (!file) {
    res.writeHead(404, { 'Content-Type': 'text/html; charset=utf-8' });
    const notFound = join(root, '404.html');
    if (existsSync(notFound)) createReadStream(notFound).pipe(res);
    else res.end();
    return;
  }
  res.writeHead(200, { 'Content-Type': types[extname(file)] ?? 'application/octet-stream' });
  createReadStream(file).pipe(res);
}
