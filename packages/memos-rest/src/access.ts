// Who may see and change what (Memos' rules, see the README's table).
import { notFound, permissionDenied, unauthenticated } from './errors.ts';
import type { MemoRow, UserRow } from './model.ts';
import type { MemoStore } from './store.ts';

export type Viewer = UserRow | undefined;

export const isAdmin = (viewer: Viewer): boolean => viewer?.role === 'ADMIN';

/** The internal scope Memos ANDs into every memo listing: anonymous sees PUBLIC; users also PROTECTED and their own. */
export function inListScope(memo: MemoRow, viewer: Viewer): boolean {
  if (!viewer) return memo.visibility === 'PUBLIC';
  return memo.creatorId === viewer.id || memo.visibility !== 'PRIVATE';
}

/** GetMemo's check. Admins get no bypass on reads, as in Memos. */
export function assertCanRead(store: MemoStore, memo: MemoRow, viewer: Viewer): void {
  if (memo.state === 'ARCHIVED' && memo.creatorId !== viewer?.id) throw notFound('memo not found');
  if (memo.visibility !== 'PUBLIC') {
    if (!viewer) throw unauthenticated('user not authenticated');
    if (memo.visibility === 'PRIVATE' && memo.creatorId !== viewer.id) throw permissionDenied();
  }
  if (memo.parentId !== undefined) {
    const parent = store.memoById(memo.parentId);
    if (parent) assertCanRead(store, parent, viewer);
  }
}

/** Update, delete and the Set* operations: the creator or an admin. */
export function assertCanWrite(memo: MemoRow, viewer: Viewer): asserts viewer is UserRow {
  if (!viewer) throw unauthenticated('user not authenticated');
  if (memo.creatorId !== viewer.id && !isAdmin(viewer)) throw permissionDenied();
}

/** Attachments and reactions of a memo: PRIVATE ones only for the creator or an admin. */
export function assertCanSeeParts(memo: MemoRow, viewer: Viewer): asserts viewer is UserRow {
  if (!viewer) throw unauthenticated('user not authenticated');
  if (memo.visibility === 'PRIVATE' && memo.creatorId !== viewer.id && !isAdmin(viewer))
    throw permissionDenied();
}

export function requireUser(viewer: Viewer): UserRow {
  if (!viewer) throw unauthenticated('user not authenticated');
  return viewer;
}

export function memoOr404(store: MemoStore, uid: string): MemoRow {
  const memo = store.memoByUid(uid);
  if (!memo) throw notFound('memo not found');
  return memo;
}

/**
 * Stricter than Memos v0.30.0 on purpose: where Memos does not check whether the caller may see another user's
 * PRIVATE memo (listing its relations, relating a memo to it), the mock answers as for a missing memo. Admins
 * see it, as in Memos. This hides nothing: GetMemo answers 403 for it and 404 for a missing memo, as Memos does.
 */
export function hiddenFrom(memo: MemoRow, viewer: Viewer): boolean {
  return memo.visibility === 'PRIVATE' && memo.creatorId !== viewer?.id && !isAdmin(viewer);
}
