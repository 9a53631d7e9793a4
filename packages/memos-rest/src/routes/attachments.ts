// AttachmentService: list, create, get, delete.
import { type Request, Router } from 'express';
import { assertCanWrite, isAdmin, requireUser } from '../access.ts';
import { ATTACHMENT_BODY_BYTES, jsonBody } from '../body.ts';
import { alreadyExists, invalidArgument, notFound, permissionDenied, unauthenticated } from '../errors.ts';
import { compileAttachmentFilter } from '../filter/index.ts';
import { bodyObject, queryInt, queryString, reply, viewerOf } from '../http.ts';
import { assertValidUid, readString } from '../memo-input.ts';
import { generateUid, type MemoStore, mimeTypeFor } from '../store.ts';
import { nowSeconds } from '../time.ts';
import { attachmentView, withNextPage } from '../views.ts';
import { authenticated } from './guard.ts';

const MAX_ATTACHMENT_BYTES = 32 << 20;

function attachmentUid(req: Request): string {
  const raw = String(req.params.attachment ?? '');
  return raw.startsWith('attachments/') ? raw.slice('attachments/'.length) : raw;
}

export function attachmentRoutes(store: MemoStore): Router {
  const router = Router();
  router.use('/attachments', authenticated(store));

  router.get('/attachments', (req, res) => {
    const viewer = requireUser(viewerOf(req, store));
    const size = queryInt(req, 'pageSize') ?? 0;
    const limit = size <= 0 ? 50 : Math.min(size, 1000);
    const token = queryString(req, 'pageToken');
    if (token && !/^\d+$/.test(token))
      throw invalidArgument(`invalid page token: ${JSON.stringify(token)} is not an offset`);
    const offset = token ? Number(token) : 0;
    const filterText = queryString(req, 'filter');
    const filter = filterText ? compileAttachmentFilter(filterText) : undefined;
    const rows = store.attachments
      .filter((a) => a.creatorId === viewer.id && (filter === undefined || filter(a)))
      .sort((a, b) => b.updatedTs - a.updatedTs || b.id - a.id);
    const page = rows.slice(offset, offset + limit);
    const next = rows.length > offset + limit ? String(offset + limit) : undefined;
    reply(
      req,
      res,
      'ListAttachmentsResponse',
      withNextPage({ attachments: page.map((a) => attachmentView(store, a)) }, next),
    );
  });

  router.post('/attachments', jsonBody(ATTACHMENT_BODY_BYTES), (req, res) => {
    const viewer = requireUser(viewerOf(req, store));
    const body = bodyObject(req);
    const uid = queryString(req, 'attachmentId') || generateUid();
    assertValidUid(uid);
    if (store.attachmentByUid(uid)) throw alreadyExists(`attachment with ID "${uid}" already exists`);
    const filename = readString(body, 'filename') ?? '';
    if (filename === '' || /[/\\]/.test(filename) || filename === '.' || filename === '..') {
      throw invalidArgument('invalid filename: a name without slashes is required');
    }
    const content = readString(body, 'content') ?? '';
    if (!/^[A-Za-z0-9+/]*={0,2}$/.test(content) || content.length % 4 === 1) {
      throw invalidArgument('invalid value for bytes field content: not valid base64');
    }
    const size = Buffer.from(content, 'base64').length;
    if (size > MAX_ATTACHMENT_BYTES) throw invalidArgument('file size exceeds the limit (32 MiB)');
    const memoName = readString(body, 'memo');
    let memoId: number | undefined;
    if (memoName) {
      const memo = store.memoByUid(memoName.replace(/^memos\//, ''));
      if (!memo) throw notFound('memo not found');
      assertCanWrite(memo, viewer);
      memoId = memo.id;
    }
    const now = nowSeconds();
    const attachment = store.addAttachment({
      uid,
      creatorId: viewer.id,
      createdTs: now,
      updatedTs: now,
      filename,
      type: readString(body, 'type') || mimeTypeFor(filename),
      size,
      externalLink: readString(body, 'externalLink') ?? '',
      memoId,
    });
    reply(req, res, 'Attachment', attachmentView(store, attachment));
  });

  router.get('/attachments/:attachment', (req, res) => {
    const viewer = requireUser(viewerOf(req, store));
    const attachment = store.attachmentByUid(attachmentUid(req));
    if (!attachment) throw notFound('attachment not found');
    const memo = attachment.memoId === undefined ? undefined : store.memoById(attachment.memoId);
    if (memo) {
      if (memo.visibility === 'PRIVATE' && memo.creatorId !== viewer.id) throw permissionDenied();
    } else if (attachment.creatorId !== viewer.id && !isAdmin(viewer)) {
      throw permissionDenied();
    }
    reply(req, res, 'Attachment', attachmentView(store, attachment));
  });

  router.delete('/attachments/:attachment', (req, res) => {
    const viewer = viewerOf(req, store);
    if (!viewer) throw unauthenticated();
    // Memos looks the attachment up among the caller's own, so someone else's is "not found", even for admins.
    const attachment = store.attachmentByUid(attachmentUid(req));
    if (!attachment || attachment.creatorId !== viewer.id) throw notFound('attachment not found');
    store.deleteAttachment(attachment);
    reply(req, res, 'Empty', {});
  });

  return router;
}
