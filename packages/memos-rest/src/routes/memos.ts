// MemoService: the memo itself, its comments, attachments, reactions and relations (14 of the 20 operations).
import { type Request, Router } from 'express';
import {
  assertCanRead,
  assertCanSeeParts,
  assertCanWrite,
  hiddenFrom,
  inListScope,
  isAdmin,
  memoOr404,
  requireUser,
  type Viewer,
} from '../access.ts';
import { jsonBody, SMALL_BODY_BYTES } from '../body.ts';
import { alreadyExists, internal, invalidArgument, notFound, permissionDenied } from '../errors.ts';
import { compileMemoFilter } from '../filter/index.ts';
import { bodyObject, queryBool, queryEnum, queryInt, queryString, reply, viewerOf } from '../http.ts';
import {
  assertValidUid,
  inferUpdateMask,
  readBool,
  readContent,
  readLocation,
  readNames,
  readState,
  readTime,
  readVisibility,
} from '../memo-input.ts';
import type { AttachmentRow, MemoRow, UserRow } from '../model.ts';
import { parseOrderBy, sortMemos } from '../order-by.ts';
import { decodePageToken, encodePageToken } from '../page-token.ts';
import { generateUid, type MemoStore } from '../store.ts';
import { nowSeconds } from '../time.ts';
import {
  attachmentView,
  memoView,
  reactionView,
  relationView,
  visibleRelations,
  withNextPage,
} from '../views.ts';
import { authenticated } from './guard.ts';

const DEFAULT_PAGE_SIZE = 50;
const MAX_PAGE_SIZE = 1000;
const STATES = ['STATE_UNSPECIFIED', 'NORMAL', 'ARCHIVED'] as const;

/** Memos' paging: a token's limit wins over pageSize; <=0 means 50 and anything above 1000 is 1000. */
function pageOf(req: Request): { limit: number; offset: number } {
  const token = queryString(req, 'pageToken');
  if (token) return decodePageToken(token);
  const size = queryInt(req, 'pageSize') ?? 0;
  return { limit: size <= 0 ? DEFAULT_PAGE_SIZE : Math.min(size, MAX_PAGE_SIZE), offset: 0 };
}

function paginate<T>(rows: T[], page: { limit: number; offset: number }): { items: T[]; next?: string } {
  const limit = page.limit <= 0 ? DEFAULT_PAGE_SIZE : page.limit;
  const items = rows.slice(page.offset, page.offset + limit);
  const more = rows.length > page.offset + limit;
  return { items, next: more ? encodePageToken({ limit, offset: page.offset + limit }) : undefined };
}

/** `{name=memos/*}`: the id only (a full `memos/x` name arrives URL-encoded as one segment and is accepted). */
function memoUid(req: Request): string {
  const raw = String(req.params.memo ?? '');
  const uid = raw.startsWith('memos/') ? raw.slice('memos/'.length) : raw;
  if (uid === '' || uid.includes('/')) throw invalidArgument(`invalid memo name: ${JSON.stringify(raw)}`);
  return uid;
}

/** Resolves `relations: [{relatedMemo: {name}, type}]`, skipping COMMENT entries and self-references. */
function referenceTargets(
  store: MemoStore,
  body: Record<string, unknown>,
  viewer: UserRow,
  self?: MemoRow,
): number[] | undefined {
  const names = readNames(body, 'relations', 'memos', 'relatedMemo');
  if (!names) return undefined;
  const entries = body.relations as { type?: unknown }[];
  const ids: number[] = [];
  names.forEach((uid, index) => {
    if (entries[index]?.type === 'COMMENT') return;
    const related = store.memoByUid(uid);
    // Another user's private memo gets the same answer as a missing one, so a 404 tells nothing.
    if (!related || hiddenFrom(related, viewer)) throw notFound(`memo not found: ${uid}`);
    if (related.id !== self?.id && !ids.includes(related.id)) ids.push(related.id);
  });
  return ids;
}

/** The attachments named, each of them the caller's (or the caller an admin), as SetMemoAttachments requires. */
function attachable(store: MemoStore, uids: string[], viewer: UserRow): AttachmentRow[] {
  return uids.map((uid) => {
    const attachment = store.attachmentByUid(uid);
    if (!attachment) throw notFound(`attachment not found: ${uid}`);
    if (attachment.creatorId !== viewer.id && !isAdmin(viewer)) {
      throw permissionDenied("cannot attach another user's attachment");
    }
    return attachment;
  });
}

/**
 * Checks a new attachment set for a memo with SetMemoAttachments' ownership rules and returns the change,
 * not yet made: a caller validates every field of a request first and applies all of them or none.
 */
function planAttachments(store: MemoStore, memo: MemoRow, uids: string[], viewer: UserRow): () => void {
  const wanted = attachable(store, uids, viewer);
  const removed = store.attachmentsOf(memo).filter((a) => !wanted.includes(a));
  for (const attachment of removed) {
    if (attachment.creatorId !== viewer.id && !isAdmin(viewer)) {
      throw permissionDenied("cannot remove another user's attachment");
    }
  }
  return () => {
    for (const attachment of removed) store.deleteAttachment(attachment);
    for (const attachment of wanted) store.linkAttachment(attachment, memo);
  };
}

function createMemoFrom(
  store: MemoStore,
  body: Record<string, unknown>,
  creator: UserRow,
  uid: string,
  parent?: MemoRow,
): MemoRow {
  assertValidUid(uid);
  if (store.memoByUid(uid)) throw alreadyExists(`memo with ID "${uid}" already exists`);
  const content = readContent(body) ?? '';
  const visibility = readVisibility(body) ?? 'PRIVATE';
  const createdTs = readTime(body, 'createTime');
  const updatedTs = readTime(body, 'updateTime');
  const location = readLocation(body);
  const attachmentUids = readNames(body, 'attachments', 'attachments');
  // Everything is checked before the memo exists, so a refused create leaves no trace (not even an id).
  const attachments = attachmentUids ? attachable(store, attachmentUids, creator) : [];
  const references = referenceTargets(store, body, creator);
  const memo = store.insertMemo({
    uid,
    creatorId: creator.id,
    content,
    visibility: parent ? parent.visibility : visibility,
    createdTs,
    updatedTs,
    location,
    parentId: parent?.id,
  });
  for (const attachment of attachments) store.linkAttachment(attachment, memo);
  if (references) store.setReferences(memo, references);
  return memo;
}

function listMemos(store: MemoStore, req: Request, viewer: Viewer) {
  const page = pageOf(req);
  const state = queryEnum(req, 'state', STATES);
  const archived = state === 'ARCHIVED';
  queryBool(req, 'showDeleted'); // accepted and ignored, as in Memos
  const order = parseOrderBy(queryString(req, 'orderBy'));
  const filterText = queryString(req, 'filter');
  const filter = filterText ? compileMemoFilter(filterText) : undefined;
  const rows = store.memos.filter(
    (memo) =>
      memo.parentId === undefined &&
      (archived
        ? memo.state === 'ARCHIVED' && viewer !== undefined && memo.creatorId === viewer.id
        : memo.state === 'NORMAL') &&
      inListScope(memo, viewer) &&
      (filter === undefined || filter(memo)),
  );
  const { items, next } = paginate(sortMemos(rows, order), page);
  return withNextPage({ memos: items.map((memo) => memoView(store, memo, viewer)) }, next);
}

export function memoRoutes(store: MemoStore): Router {
  const router = Router();
  const guard = authenticated(store);
  const smallBody = jsonBody(SMALL_BODY_BYTES);

  router.get('/memos', (req, res) => {
    reply(req, res, 'ListMemosResponse', listMemos(store, req, viewerOf(req, store)));
  });

  router.post('/memos', guard, smallBody, (req, res) => {
    const viewer = requireUser(viewerOf(req, store));
    const body = bodyObject(req);
    const memo = createMemoFrom(store, body, viewer, queryString(req, 'memoId') || generateUid());
    reply(req, res, 'Memo', memoView(store, memo, viewer));
  });

  router.get('/memos/:memo', (req, res) => {
    const viewer = viewerOf(req, store);
    const memo = memoOr404(store, memoUid(req));
    assertCanRead(store, memo, viewer);
    if (!store.userById(memo.creatorId)) throw notFound('memo creator not found');
    reply(req, res, 'Memo', memoView(store, memo, viewer, { relationSnippets: true }));
  });

  router.patch('/memos/:memo', guard, smallBody, (req, res) => {
    const viewer = viewerOf(req, store);
    const memo = memoOr404(store, memoUid(req));
    assertCanWrite(memo, viewer);
    const body = bodyObject(req);
    const maskText = queryString(req, 'updateMask');
    const mask = maskText ? maskText.split(',').map((path) => path.trim()) : inferUpdateMask(body);
    if (mask.length === 0) throw invalidArgument('update mask is required');
    // Read and check every field first, then change the row: a 400 leaves the memo untouched.
    const changes: (() => void)[] = [];
    for (const path of mask) {
      switch (path) {
        case 'content': {
          const content = readContent(body) ?? '';
          changes.push(() => store.setMemoContent(memo, content));
          break;
        }
        case 'visibility': {
          const parent = memo.parentId === undefined ? undefined : store.memoById(memo.parentId);
          const visibility = parent?.visibility ?? readVisibility(body) ?? 'PRIVATE';
          changes.push(() => {
            memo.visibility = visibility;
          });
          break;
        }
        case 'pinned': {
          const pinned = readBool(body, 'pinned') ?? false;
          changes.push(() => {
            memo.pinned = pinned;
          });
          break;
        }
        case 'state': {
          const state = readState(body) ?? 'NORMAL';
          changes.push(() => {
            memo.state = state;
          });
          break;
        }
        case 'create_time': {
          const createdTs = readTime(body, 'createTime');
          if (createdTs !== undefined) {
            changes.push(() => {
              memo.createdTs = createdTs;
            });
          }
          break;
        }
        case 'update_time': {
          const updatedTs = readTime(body, 'updateTime') ?? nowSeconds();
          changes.push(() => {
            memo.updatedTs = updatedTs;
          });
          break;
        }
        case 'location': {
          const location = readLocation(body);
          changes.push(() => {
            if (location) memo.location = location;
            else delete memo.location;
          });
          break;
        }
        case 'attachments': {
          const uids = readNames(body, 'attachments', 'attachments') ?? [];
          changes.push(planAttachments(store, memo, uids, viewer));
          break;
        }
        case 'relations': {
          const references = referenceTargets(store, body, viewer, memo) ?? [];
          changes.push(() => store.setReferences(memo, references));
          break;
        }
        case 'display_time':
          throw invalidArgument('display_time is not supported');
        default:
          // Memos ignores paths it does not handle (name, creator, tags, ...).
          break;
      }
    }
    for (const change of changes) change();
    reply(req, res, 'Memo', memoView(store, memo, viewer));
  });

  router.delete('/memos/:memo', guard, (req, res) => {
    const viewer = viewerOf(req, store);
    const memo = memoOr404(store, memoUid(req));
    assertCanWrite(memo, viewer);
    queryBool(req, 'force'); // accepted and ignored, as in Memos
    store.deleteMemo(memo);
    reply(req, res, 'Empty', {});
  });

  router.get('/memos/:memo/comments', (req, res) => {
    const viewer = viewerOf(req, store);
    const memo = memoOr404(store, memoUid(req));
    assertCanRead(store, memo, viewer);
    const page = pageOf(req);
    const comments = store
      .commentsOf(memo)
      .filter((comment) => comment.state === 'NORMAL' && inListScope(comment, viewer))
      .sort((a, b) => b.createdTs - a.createdTs || b.id - a.id);
    const { items, next } = paginate(comments, page);
    reply(
      req,
      res,
      'ListMemoCommentsResponse',
      withNextPage({ memos: items.map((comment) => memoView(store, comment, viewer)) }, next),
    );
  });

  router.post('/memos/:memo/comments', guard, smallBody, (req, res) => {
    const viewer = requireUser(viewerOf(req, store));
    const parent = memoOr404(store, memoUid(req));
    if (parent.visibility === 'PRIVATE' && parent.creatorId !== viewer.id && !isAdmin(viewer)) {
      throw permissionDenied();
    }
    const body = bodyObject(req);
    let comment: MemoRow;
    try {
      comment = createMemoFrom(store, body, viewer, queryString(req, 'commentId') || generateUid(), parent);
    } catch (error) {
      // Memos reports any failure of the nested create this way.
      throw internal(`failed to create memo: ${(error as Error).message}`);
    }
    // Memos converts the comment before the parent link exists, so the answer has no `parent` field.
    const { parent: _parent, ...view } = memoView(store, comment, viewer);
    reply(req, res, 'Memo', view);
  });

  router.get('/memos/:memo/attachments', guard, (req, res) => {
    const viewer = viewerOf(req, store);
    const memo = memoOr404(store, memoUid(req));
    assertCanSeeParts(memo, viewer);
    reply(req, res, 'ListMemoAttachmentsResponse', {
      attachments: store.attachmentsOf(memo).map((a) => attachmentView(store, a)),
    });
  });

  router.patch('/memos/:memo/attachments', guard, smallBody, (req, res) => {
    const viewer = viewerOf(req, store);
    const memo = memoOr404(store, memoUid(req));
    assertCanWrite(memo, viewer);
    const uids = readNames(bodyObject(req), 'attachments', 'attachments');
    if (!uids) throw invalidArgument('attachments is required');
    planAttachments(store, memo, uids, viewer)();
    memo.updatedTs = nowSeconds();
    reply(req, res, 'Empty', {});
  });

  router.get('/memos/:memo/reactions', guard, (req, res) => {
    const viewer = viewerOf(req, store);
    const memo = memoOr404(store, memoUid(req));
    assertCanSeeParts(memo, viewer);
    reply(req, res, 'ListMemoReactionsResponse', {
      reactions: store.reactionsOf(memo).map((r) => reactionView(store, r)),
    });
  });

  router.post('/memos/:memo/reactions', guard, smallBody, (req, res) => {
    const viewer = requireUser(viewerOf(req, store));
    const reaction = bodyObject(req).reaction;
    if (typeof reaction !== 'object' || reaction === null) throw invalidArgument('reaction is required');
    const fields = reaction as Record<string, unknown>;
    const contentId = fields.contentId;
    const reactionType = fields.reactionType;
    if (typeof contentId !== 'string' || !contentId.startsWith('memos/')) {
      throw invalidArgument('reaction.contentId must look like memos/{memo}');
    }
    if (typeof reactionType !== 'string' || reactionType === '')
      throw invalidArgument('reaction.reactionType is required');
    // As in Memos, the target is reaction.contentId, not the path.
    const memo = memoOr404(store, contentId.slice('memos/'.length));
    assertCanSeeParts(memo, viewer);
    const existing = store.reactions.find(
      (r) => r.creatorId === viewer.id && r.contentId === contentId && r.reactionType === reactionType,
    );
    const row =
      existing ??
      store.addReaction({ creatorId: viewer.id, contentId, reactionType, createdTs: nowSeconds() });
    reply(req, res, 'Reaction', reactionView(store, row));
  });

  router.delete('/memos/:memo/reactions/:reaction', guard, (req, res) => {
    const viewer = requireUser(viewerOf(req, store));
    const raw = String(req.params.reaction);
    if (!/^\d+$/.test(raw))
      throw invalidArgument(`invalid reaction name: invalid reaction ID ${JSON.stringify(raw)}`);
    const reaction = store.reactions.find((r) => r.id === Number(raw));
    if (!reaction || (reaction.creatorId !== viewer.id && !isAdmin(viewer))) throw permissionDenied();
    store.deleteReaction(reaction);
    reply(req, res, 'Empty', {});
  });

  router.get('/memos/:memo/relations', guard, (req, res) => {
    const viewer = viewerOf(req, store);
    const memo = memoOr404(store, memoUid(req));
    // Memos answers 200 with no relations here, which tells that the private memo exists.
    if (hiddenFrom(memo, viewer)) throw notFound('memo not found');
    reply(req, res, 'ListMemoRelationsResponse', {
      relations: visibleRelations(store, memo, viewer).map((r) => relationView(store, r)),
    });
  });

  router.patch('/memos/:memo/relations', guard, smallBody, (req, res) => {
    const viewer = viewerOf(req, store);
    const memo = memoOr404(store, memoUid(req));
    assertCanWrite(memo, viewer);
    const references = referenceTargets(store, bodyObject(req), viewer, memo);
    if (!references) throw invalidArgument('relations is required');
    store.setReferences(memo, references);
    reply(req, res, 'Empty', {});
  });

  return router;
}
