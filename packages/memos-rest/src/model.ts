// The store's rows. They mirror Memos' tables (memo, memo_relation, reaction, attachment, user, shortcut)
// closely enough that the REST views can be built the way Memos' converters build them.
import type { MemoProperty } from './markdown.ts';

export type Visibility = 'PRIVATE' | 'PROTECTED' | 'PUBLIC';
export type RowState = 'NORMAL' | 'ARCHIVED';
type Role = 'ADMIN' | 'USER';

export interface UserRow {
  id: number;
  username: string;
  role: Role;
  displayName: string;
  email: string;
  avatarUrl: string;
  description: string;
  state: RowState;
  tokens: string[];
  createdTs: number;
  updatedTs: number;
}

export interface Location {
  placeholder: string;
  latitude: number;
  longitude: number;
}

export interface MemoRow {
  id: number;
  uid: string;
  creatorId: number;
  /** `users/{username}`, kept on the row because the filter's `creator` field reads it for every memo. */
  creator: string;
  createdTs: number;
  updatedTs: number;
  content: string;
  visibility: Visibility;
  state: RowState;
  pinned: boolean;
  tags: string[];
  property: MemoProperty;
  snippet: string;
  location?: Location;
  /** Set on comments: the id of the memo commented on. */
  parentId?: number;
}

type RelationType = 'REFERENCE' | 'COMMENT';

export interface RelationRow {
  memoId: number;
  relatedMemoId: number;
  type: RelationType;
}

export interface ReactionRow {
  id: number;
  creatorId: number;
  /** `memos/{uid}`, as Memos stores it. */
  contentId: string;
  reactionType: string;
  createdTs: number;
}

export interface AttachmentRow {
  id: number;
  uid: string;
  creatorId: number;
  createdTs: number;
  updatedTs: number;
  filename: string;
  type: string;
  size: number;
  externalLink: string;
  memoId?: number;
}

export interface ShortcutRow {
  id: string;
  userId: number;
  title: string;
  filter: string;
}
