// The JSON view of each resource, built the way Memos' converters build them (protojson field order, every
// field present, int64 as strings). One function per resource, so another representation (e.g. HAL) can
// wrap these without touching the routes.
import { inListScope, type Viewer } from './access.ts';
import type { AttachmentRow, MemoRow, ReactionRow, RelationRow, ShortcutRow, UserRow } from './model.ts';
import type { MemoStore } from './store.ts';
import { formatTimestamp } from './time.ts';

export interface MemoViewOptions {
  /** GetMemo fills in relation snippets; lists leave them empty, as Memos does. */
  relationSnippets?: boolean;
}

export function attachmentView(store: MemoStore, attachment: AttachmentRow) {
  const memo = attachment.memoId === undefined ? undefined : store.memoById(attachment.memoId);
  return {
    name: `attachments/${attachment.uid}`,
    createTime: formatTimestamp(attachment.createdTs),
    filename: attachment.filename,
    content: '',
    externalLink: attachment.externalLink,
    type: attachment.type,
    size: String(attachment.size),
    ...(memo ? { memo: `memos/${memo.uid}` } : {}),
    motionMedia: null,
  };
}

export function reactionView(store: MemoStore, reaction: ReactionRow) {
  return {
    name: `${reaction.contentId}/reactions/${reaction.id}`,
    creator: `users/${store.userById(reaction.creatorId)?.username ?? reaction.creatorId}`,
    contentId: reaction.contentId,
    reactionType: reaction.reactionType,
    createTime: formatTimestamp(reaction.createdTs),
  };
}

/** Relations of a memo whose two memos the viewer can see, in both directions. */
export function visibleRelations(store: MemoStore, memo: MemoRow, viewer: Viewer): RelationRow[] {
  return store.relationsOf(memo).filter((relation) => {
    const a = store.memoById(relation.memoId);
    const b = store.memoById(relation.relatedMemoId);
    return a !== undefined && b !== undefined && inListScope(a, viewer) && inListScope(b, viewer);
  });
}

export function relationView(store: MemoStore, relation: RelationRow, snippets = false) {
  const end = (id: number) => {
    const memo = store.memoById(id);
    return { name: `memos/${memo?.uid ?? id}`, snippet: snippets ? (memo?.snippet ?? '') : '' };
  };
  return { memo: end(relation.memoId), relatedMemo: end(relation.relatedMemoId), type: relation.type };
}

export function memoView(store: MemoStore, memo: MemoRow, viewer: Viewer, options: MemoViewOptions = {}) {
  const parent = memo.parentId === undefined ? undefined : store.memoById(memo.parentId);
  return {
    name: `memos/${memo.uid}`,
    state: memo.state,
    creator: memo.creator,
    createTime: formatTimestamp(memo.createdTs),
    updateTime: formatTimestamp(memo.updatedTs),
    content: memo.content,
    visibility: memo.visibility,
    tags: [...memo.tags],
    pinned: memo.pinned,
    attachments: store.attachmentsOf(memo).map((a) => attachmentView(store, a)),
    relations: visibleRelations(store, memo, viewer).map((r) =>
      relationView(store, r, options.relationSnippets),
    ),
    reactions: store.reactionsOf(memo).map((r) => reactionView(store, r)),
    property: { ...memo.property },
    ...(parent ? { parent: `memos/${parent.uid}` } : {}),
    snippet: memo.snippet,
    ...(memo.location ? { location: { ...memo.location } } : {}),
  };
}

/** A user as Memos converts it: the email only for the user themself or an admin; the password always empty. */
export function userView(user: UserRow, viewer: Viewer) {
  const showEmail = viewer !== undefined && (viewer.id === user.id || viewer.role === 'ADMIN');
  return {
    name: `users/${user.username}`,
    role: user.role,
    username: user.username,
    email: showEmail ? user.email : '',
    displayName: user.displayName,
    avatarUrl: user.avatarUrl,
    description: user.description,
    password: '',
    state: user.state,
    createTime: formatTimestamp(user.createdTs),
    updateTime: formatTimestamp(user.updatedTs),
  };
}

export function shortcutView(user: UserRow, shortcut: ShortcutRow) {
  return {
    name: `users/${user.username}/shortcuts/${shortcut.id}`,
    title: shortcut.title,
    filter: shortcut.filter,
  };
}

/** The article's rule for every list: `nextPageToken` appears only when there is a next page. */
export function withNextPage<T extends object>(
  body: T,
  nextPageToken: string | undefined,
): T & { nextPageToken?: string } {
  return nextPageToken ? { ...body, nextPageToken } : body;
}
