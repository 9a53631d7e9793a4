import type { RequestHandler } from 'express';
import { sendAuthenticationRequired, viewerOf } from '../http.ts';
import type { MemoStore } from '../store.ts';

/**
 * Memos' auth middleware for non-public methods: no valid token means the special text/plain 401 before the
 * handler runs. Only ListMemos, GetMemo and ListMemoComments are public.
 */
export function authenticated(store: MemoStore): RequestHandler {
  return (req, res, next) => {
    if (viewerOf(req, store)) next();
    else sendAuthenticationRequired(res);
  };
}
