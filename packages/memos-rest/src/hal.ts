// The HAL view of memos (`Accept: application/hal+json`): the plain JSON, unchanged, plus `_links` saying
// what this caller may do next. The rights come from access.ts, the same checks the routes run, so a link
// is there exactly when following it would be allowed. Items stay where the JSON has them (no `_embedded`),
// so the HAL body is a superset a plain JSON client still reads.
import type { Request } from 'express';
import { assertCanRead, assertCanWrite, type Viewer } from './access.ts';
import { type Representation, type ResourceKind, viewerOf } from './http.ts';
import type { MemoStore } from './store.ts';

export const HAL_JSON = 'application/hal+json';

const API = '/api/v1';

export interface HalLink {
  href: string;
}

export type HalLinks = Record<string, HalLink>;

interface MemoJson {
  name: string;
  [field: string]: unknown;
}

interface MemoListJson {
  memos: MemoJson[];
  nextPageToken?: string;
}

function permitted(check: () => void): boolean {
  try {
    check();
    return true;
  } catch {
    return false;
  }
}

// #region memo-links
/**
 * `self` and `comments` when the caller may read the memo; `edit` (PATCH) and `delete` (DELETE) only when
 * the caller may change it: its creator or an admin. Anonymous callers never get `edit` or `delete`.
 */
export function memoLinks(store: MemoStore, name: string, viewer: Viewer): HalLinks {
  const uid = name.slice('memos/'.length);
  const memo = store.memoByUid(uid);
  if (!memo) return {};
  const href = `${API}/memos/${encodeURIComponent(uid)}`;
  const links: HalLinks = {};
  if (permitted(() => assertCanRead(store, memo, viewer))) {
    links.self = { href };
    links.comments = { href: `${href}/comments` };
  }
  if (permitted(() => assertCanWrite(memo, viewer))) {
    links.edit = { href };
    links.delete = { href };
  }
  return links;
}
// #endregion memo-links

/** The request's own URL with `pageToken` swapped in: the next page is the same question, one page on. */
function pageHref(req: Request, pageToken: string): string {
  const url = new URL(req.originalUrl, 'http://memos.invalid');
  url.searchParams.delete('page_token');
  url.searchParams.set('pageToken', pageToken);
  return `${url.pathname}${url.search}`;
}

function withMemoLinks(store: MemoStore, memo: MemoJson, viewer: Viewer) {
  return { ...memo, _links: memoLinks(store, memo.name, viewer) };
}

// #region hal-representation
export function halRepresentation(store: MemoStore): Representation {
  return {
    mediaType: HAL_JSON,
    render(kind: ResourceKind, body: unknown, req: Request): unknown {
      const viewer = viewerOf(req, store);
      if (kind === 'Memo') return withMemoLinks(store, body as MemoJson, viewer);
      if (kind === 'ListMemosResponse' || kind === 'ListMemoCommentsResponse') {
        const list = body as MemoListJson;
        const links: HalLinks = { self: { href: req.originalUrl } };
        if (list.nextPageToken) links.next = { href: pageHref(req, list.nextPageToken) };
        return {
          ...list,
          memos: list.memos.map((memo) => withMemoLinks(store, memo, viewer)),
          _links: links,
        };
      }
      return body;
    },
  };
}
// #endregion hal-representation
