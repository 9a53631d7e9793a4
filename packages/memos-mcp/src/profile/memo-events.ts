import type { RequestHandler } from 'express';

/** Who wants to know that the list of memos changed (one listener per stdio connection or HTTP bus). */
export class MemoListEvents {
  private readonly listeners = new Set<() => void>();

  on(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(): void {
    for (const listener of this.listeners) listener();
  }
}

/** `POST /api/v1/memos`, `POST /api/v1/memos/{id}/comments` and `DELETE /api/v1/memos/{id}`. */
const LIST_CHANGING = [
  { method: 'POST', path: /^\/api\/v1\/memos\/?$/ },
  { method: 'POST', path: /^\/api\/v1\/memos\/[^/]+\/comments\/?$/ },
  { method: 'DELETE', path: /^\/api\/v1\/memos\/[^/]+\/?$/ },
];

/**
 * Express middleware in front of the REST routes. A memo created or deleted through REST, or through a
 * tool (which runs the same routes in-process), changes the list once the route has answered 2xx. The
 * routes stay untouched: the middleware only watches how each response ends.
 */
export function watchMemoList(events: MemoListEvents): RequestHandler {
  return (req, res, next) => {
    if (LIST_CHANGING.some(({ method, path }) => req.method === method && path.test(req.path))) {
      res.once('finish', () => {
        if (res.statusCode >= 200 && res.statusCode < 300) events.emit();
      });
    }
    next();
  };
}
