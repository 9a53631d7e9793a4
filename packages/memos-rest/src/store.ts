// The in-memory store. Every mutation is synchronous, so requests served by one Node process never
// interleave inside an update: concurrent writes cannot lose each other.
import { randomInt } from 'node:crypto';
import type { Dataset } from './dataset.ts';
import { type DerivedContent, deriveContent, type MemoProperty } from './markdown.ts';
import type {
  AttachmentRow,
  Location,
  MemoRow,
  ReactionRow,
  RelationRow,
  RowState,
  ShortcutRow,
  UserRow,
  Visibility,
} from './model.ts';
import { nowSeconds, resolveDatasetTime } from './time.ts';

const SHORT_UUID_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

/** A 22-character id like the shortuuid Memos generates when the caller gives none. */
export function generateUid(): string {
  let uid = '';
  for (let i = 0; i < 22; i++) uid += SHORT_UUID_ALPHABET[randomInt(SHORT_UUID_ALPHABET.length)];
  return uid;
}

const MIME_BY_EXTENSION: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  svg: 'image/svg+xml',
  pdf: 'application/pdf',
  txt: 'text/plain',
  md: 'text/markdown',
  csv: 'text/csv',
  json: 'application/json',
  mp3: 'audio/mpeg',
  mp4: 'video/mp4',
  zip: 'application/zip',
};

export function mimeTypeFor(filename: string): string {
  const extension = filename.split('.').pop()?.toLowerCase() ?? '';
  return MIME_BY_EXTENSION[extension] ?? 'application/octet-stream';
}

export interface NewMemo {
  uid: string;
  creatorId: number;
  content: string;
  visibility: Visibility;
  state?: RowState;
  pinned?: boolean;
  createdTs?: number;
  updatedTs?: number;
  location?: Location;
  parentId?: number;
  /** What Memos stored, when it differs from what the content says (a dataset's legacy data). */
  stored?: { tags?: string[]; property?: Partial<MemoProperty> };
}

/**
 * Tags, flags and snippet come from parsing the content, so a row works them out the first time one of them is
 * read, then keeps them as plain fields: a server starting on a dataset reads none of them before its first
 * listing. Writing one (a content update) makes it a plain field too.
 */
function deriveOnRead(memo: MemoRow, derive: () => DerivedContent): void {
  let derived: DerivedContent | undefined;
  const settle = (key: keyof DerivedContent, value: unknown) =>
    Object.defineProperty(memo, key, { value, writable: true, enumerable: true, configurable: true });
  for (const key of ['tags', 'property', 'snippet'] as const) {
    Object.defineProperty(memo, key, {
      enumerable: true,
      configurable: true,
      get() {
        derived ??= derive();
        const value = derived[key];
        settle(key, value);
        return value;
      },
      set(value) {
        settle(key, value);
      },
    });
  }
}

/** Memos stores tags and flags with the memo; a dataset may state them, else they come from the content. */
function storedOrDerived(content: string, stored: NewMemo['stored']): DerivedContent {
  const derived = deriveContent(content);
  return {
    ...derived,
    tags: stored?.tags ? [...stored.tags] : derived.tags,
    property: { ...derived.property, ...stored?.property },
  };
}

function groupBy<T, K>(rows: T[], keys: (row: T) => K[]): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const row of rows) {
    for (const key of keys(row)) {
      const group = groups.get(key);
      if (group) group.push(row);
      else groups.set(key, [row]);
    }
  }
  return groups;
}

/**
 * The rows of one Memos instance. Change them through the methods (not by editing the arrays), which keep
 * the lookup tables in step.
 */
export class MemoStore {
  readonly users: UserRow[] = [];
  /** Memos (top-level and comments) in id order. */
  memos: MemoRow[] = [];
  relations: RelationRow[] = [];
  reactions: ReactionRow[] = [];
  attachments: AttachmentRow[] = [];
  shortcuts: ShortcutRow[] = [];
  /** Dataset description, printed by the CLI. */
  description = '';
  private readonly memosByUid = new Map<string, MemoRow>();
  private readonly memosById = new Map<number, MemoRow>();
  /** Lookup tables rebuilt lazily after a change, so building 50 memo views never scans every row 50 times. */
  private relationsByMemo?: Map<number, RelationRow[]>;
  private reactionsByContent?: Map<string, ReactionRow[]>;
  private attachmentsByMemo?: Map<number, AttachmentRow[]>;
  private readonly tokens = new Map<string, UserRow>();
  private nextMemoId = 1;
  private nextReactionId = 1;
  private nextAttachmentId = 1;

  static fromDataset(dataset: Dataset, now = nowSeconds()): MemoStore {
    const store = new MemoStore();
    store.description = dataset.description ?? '';
    const at = (time: string | undefined, fallback: number) =>
      time === undefined ? fallback : resolveDatasetTime(time, now);
    dataset.users.forEach((user, index) => {
      const createdTs = at(user.createTime, now - 30 * 86400);
      store.addUser({
        id: index + 1,
        username: user.username,
        role: user.role ?? 'USER',
        displayName: user.displayName ?? user.username,
        email: user.email ?? '',
        avatarUrl: user.avatarUrl ?? '',
        description: user.description ?? '',
        state: user.state ?? 'NORMAL',
        tokens: user.tokens ?? [],
        createdTs,
        updatedTs: createdTs,
      });
    });
    const userNamed = (username: string, where: string) => {
      const user = store.userByUsername(username);
      if (!user) throw new Error(`dataset: ${where} names unknown user "${username}"`);
      return user;
    };
    const memoWithUid = (uid: string, where: string) => {
      const memo = store.memoByUid(uid);
      if (!memo) throw new Error(`dataset: ${where} names unknown memo "${uid}"`);
      return memo;
    };
    for (const memo of dataset.memos ?? []) {
      if (store.memoByUid(memo.id)) throw new Error(`dataset: memo id "${memo.id}" is used twice`);
      const createdTs = at(memo.createTime, now);
      const parent = memo.parent === undefined ? undefined : memoWithUid(memo.parent, `memo "${memo.id}"`);
      store.insertMemo({
        uid: memo.id,
        creatorId: userNamed(memo.creator, `memo "${memo.id}"`).id,
        content: memo.content,
        visibility: parent?.visibility ?? memo.visibility ?? 'PRIVATE',
        state: memo.state,
        pinned: memo.pinned,
        createdTs,
        updatedTs: at(memo.updateTime, createdTs),
        location: memo.location && {
          placeholder: memo.location.placeholder ?? '',
          latitude: memo.location.latitude ?? 0,
          longitude: memo.location.longitude ?? 0,
        },
        parentId: parent?.id,
        stored: { tags: memo.tags, property: memo.property },
      });
    }
    for (const relation of dataset.relations ?? []) {
      store.addRelation({
        memoId: memoWithUid(relation.memo, 'a relation').id,
        relatedMemoId: memoWithUid(relation.relatedMemo, 'a relation').id,
        type: 'REFERENCE',
      });
    }
    for (const reaction of dataset.reactions ?? []) {
      const memo = memoWithUid(reaction.memo, 'a reaction');
      store.addReaction({
        creatorId: userNamed(reaction.creator, 'a reaction').id,
        contentId: `memos/${memo.uid}`,
        reactionType: reaction.reactionType,
        createdTs: at(reaction.createTime, memo.createdTs),
      });
    }
    for (const attachment of dataset.attachments ?? []) {
      const memo = attachment.memo === undefined ? undefined : memoWithUid(attachment.memo, 'an attachment');
      const createdTs = at(attachment.createTime, memo?.createdTs ?? now);
      store.addAttachment({
        uid: attachment.id,
        creatorId: userNamed(attachment.creator, `attachment "${attachment.id}"`).id,
        createdTs,
        updatedTs: createdTs,
        filename: attachment.filename,
        type: attachment.type || mimeTypeFor(attachment.filename),
        size: attachment.size ?? Buffer.from(attachment.content ?? '', 'base64').length,
        externalLink: attachment.externalLink ?? '',
        memoId: memo?.id,
      });
    }
    for (const shortcut of dataset.shortcuts ?? []) {
      store.shortcuts.push({
        id: shortcut.id,
        userId: userNamed(shortcut.user, `shortcut "${shortcut.id}"`).id,
        title: shortcut.title,
        filter: shortcut.filter,
      });
    }
    return store;
  }

  private addUser(user: UserRow): void {
    if (this.userByUsername(user.username))
      throw new Error(`dataset: username "${user.username}" is used twice`);
    this.users.push(user);
    for (const token of user.tokens) {
      if (this.tokens.has(token)) throw new Error(`dataset: token "${token}" belongs to two users`);
      this.tokens.set(token, user);
    }
  }

  /** The signed-in user for a bearer token; unknown tokens and archived users count as anonymous. */
  userByToken(token: string): UserRow | undefined {
    const user = this.tokens.get(token);
    return user && user.state === 'NORMAL' ? user : undefined;
  }
  userByUsername(username: string): UserRow | undefined {
    return this.users.find((user) => user.username === username);
  }
  userById(id: number): UserRow | undefined {
    return this.users.find((user) => user.id === id);
  }

  memoByUid(uid: string): MemoRow | undefined {
    return this.memosByUid.get(uid);
  }
  memoById(id: number): MemoRow | undefined {
    return this.memosById.get(id);
  }

  insertMemo(input: NewMemo): MemoRow {
    const creator = this.userById(input.creatorId);
    const createdTs = input.createdTs ?? nowSeconds();
    const memo: MemoRow = {
      id: this.nextMemoId++,
      uid: input.uid,
      creatorId: input.creatorId,
      creator: `users/${creator?.username ?? input.creatorId}`,
      createdTs,
      updatedTs: input.updatedTs ?? createdTs,
      content: input.content,
      visibility: input.visibility,
      state: input.state ?? 'NORMAL',
      pinned: input.pinned ?? false,
      tags: [],
      property: { hasLink: false, hasTaskList: false, hasCode: false, hasIncompleteTasks: false, title: '' },
      snippet: '',
      ...(input.location ? { location: input.location } : {}),
      ...(input.parentId !== undefined ? { parentId: input.parentId } : {}),
    };
    deriveOnRead(memo, () => storedOrDerived(input.content, input.stored));
    this.memos.push(memo);
    this.memosByUid.set(memo.uid, memo);
    this.memosById.set(memo.id, memo);
    if (input.parentId !== undefined) {
      this.addRelation({ memoId: memo.id, relatedMemoId: input.parentId, type: 'COMMENT' });
    }
    return memo;
  }

  /** Replaces the content and re-derives tags, property and snippet, as Memos does on a content update. */
  setMemoContent(memo: MemoRow, content: string): void {
    memo.content = content;
    Object.assign(memo, deriveContent(content));
  }

  /** Deletes a memo with its comments, relations, reactions and attachments. */
  deleteMemo(memo: MemoRow): void {
    const doomed = new Set([memo.id, ...this.memos.filter((m) => m.parentId === memo.id).map((m) => m.id)]);
    const contentIds = new Set([...doomed].map((id) => `memos/${this.memoById(id)?.uid}`));
    for (const id of doomed) {
      const row = this.memoById(id);
      if (row) this.memosByUid.delete(row.uid);
      this.memosById.delete(id);
    }
    this.memos = this.memos.filter((m) => !doomed.has(m.id));
    this.relations = this.relations.filter((r) => !doomed.has(r.memoId) && !doomed.has(r.relatedMemoId));
    this.reactions = this.reactions.filter((r) => !contentIds.has(r.contentId));
    this.attachments = this.attachments.filter((a) => a.memoId === undefined || !doomed.has(a.memoId));
    this.relationsByMemo = undefined;
    this.reactionsByContent = undefined;
    this.attachmentsByMemo = undefined;
  }

  commentsOf(memo: MemoRow): MemoRow[] {
    return this.memos.filter((m) => m.parentId === memo.id);
  }

  reactionsOf(memo: MemoRow): ReactionRow[] {
    this.reactionsByContent ??= groupBy(this.reactions, (r) => [r.contentId]);
    return this.reactionsByContent.get(`memos/${memo.uid}`) ?? [];
  }

  addReaction(input: Omit<ReactionRow, 'id'>): ReactionRow {
    const reaction = { id: this.nextReactionId++, ...input };
    this.reactions.push(reaction);
    this.reactionsByContent = undefined;
    return reaction;
  }

  deleteReaction(reaction: ReactionRow): void {
    this.reactions = this.reactions.filter((r) => r !== reaction);
    this.reactionsByContent = undefined;
  }

  attachmentsOf(memo: MemoRow): AttachmentRow[] {
    this.attachmentsByMemo ??= groupBy(this.attachments, (a) => (a.memoId === undefined ? [] : [a.memoId]));
    return this.attachmentsByMemo.get(memo.id) ?? [];
  }

  /** Links an attachment to a memo (or unlinks it with undefined). */
  linkAttachment(attachment: AttachmentRow, memo: MemoRow | undefined, now = nowSeconds()): void {
    attachment.memoId = memo?.id;
    attachment.updatedTs = now;
    this.attachmentsByMemo = undefined;
  }
  attachmentByUid(uid: string): AttachmentRow | undefined {
    return this.attachments.find((a) => a.uid === uid);
  }

  addAttachment(input: Omit<AttachmentRow, 'id'>): AttachmentRow {
    if (this.attachmentByUid(input.uid)) throw new Error(`attachment id "${input.uid}" is used twice`);
    const attachment = { id: this.nextAttachmentId++, ...input };
    this.attachments.push(attachment);
    this.attachmentsByMemo = undefined;
    return attachment;
  }

  deleteAttachment(attachment: AttachmentRow): void {
    this.attachments = this.attachments.filter((a) => a !== attachment);
    this.attachmentsByMemo = undefined;
  }

  /** Relations in both directions that involve the memo. */
  relationsOf(memo: MemoRow): RelationRow[] {
    this.relationsByMemo ??= groupBy(this.relations, (r) =>
      r.memoId === r.relatedMemoId ? [r.memoId] : [r.memoId, r.relatedMemoId],
    );
    return this.relationsByMemo.get(memo.id) ?? [];
  }

  private addRelation(relation: RelationRow): void {
    this.relations.push(relation);
    this.relationsByMemo = undefined;
  }

  /** Replaces the memo's outgoing REFERENCE relations. */
  setReferences(memo: MemoRow, relatedIds: number[]): void {
    this.relations = this.relations.filter((r) => !(r.memoId === memo.id && r.type === 'REFERENCE'));
    this.relationsByMemo = undefined;
    for (const relatedMemoId of relatedIds)
      this.addRelation({ memoId: memo.id, relatedMemoId, type: 'REFERENCE' });
  }

  shortcutsOf(user: UserRow): ShortcutRow[] {
    return this.shortcuts.filter((s) => s.userId === user.id);
  }
}
