// Memos v0.30.0's own description of each of the 20 operations, copied from its generated OpenAPI document:
// usememos/memos, proto/gen/openapi.yaml at tag v0.30.0 (commit 2036c1ffc1b0a1e1fa6a473738c2a5ef520df67f),
// https://github.com/usememos/memos/blob/v0.30.0/proto/gen/openapi.yaml
// They are proto comments: every continuation line starts with one space. Facts to compare with, not code.
export const MEMOS_DESCRIPTIONS: Readonly<Record<string, string>> = {
  AttachmentService_CreateAttachment: 'CreateAttachment creates a new attachment.',
  AttachmentService_DeleteAttachment: 'DeleteAttachment deletes an attachment by name.',
  AttachmentService_GetAttachment: 'GetAttachment returns an attachment by name.',
  AttachmentService_ListAttachments: 'ListAttachments lists all attachments.',
  AuthService_GetCurrentUser:
    "GetCurrentUser returns the authenticated user's information.\n Validates the access token and returns user details.\n Similar to OIDC's /userinfo endpoint.",
  MemoService_CreateMemo:
    'CreateMemo creates a memo. The request body is a Memo; set its content\n (Markdown) and visibility (PRIVATE | PROTECTED | PUBLIC, default PRIVATE).\n The memo is owned by the authenticated user; requires authentication.',
  MemoService_CreateMemoComment: 'CreateMemoComment creates a comment for a memo.',
  MemoService_DeleteMemo: 'DeleteMemo deletes a memo.',
  MemoService_DeleteMemoReaction: 'DeleteMemoReaction deletes a reaction for a memo.',
  MemoService_GetMemo: 'GetMemo gets a memo.',
  MemoService_ListMemoAttachments: 'ListMemoAttachments lists attachments for a memo.',
  MemoService_ListMemoComments: 'ListMemoComments lists comments for a memo.',
  MemoService_ListMemoReactions: 'ListMemoReactions lists reactions for a memo.',
  MemoService_ListMemoRelations: 'ListMemoRelations lists relations for a memo.',
  MemoService_ListMemos: 'ListMemos lists memos with pagination and filter.',
  MemoService_SetMemoAttachments:
    'SetMemoAttachments replaces the full set of attachments on a memo with the\n provided list (not an append). Pass the complete desired set; an empty list\n clears all attachments. Idempotent.',
  MemoService_SetMemoRelations:
    'SetMemoRelations replaces the full set of relations on a memo with the\n provided list (not an append). Pass the complete desired set; an empty list\n clears all relations. Idempotent.',
  MemoService_UpdateMemo: 'UpdateMemo updates a memo.',
  MemoService_UpsertMemoReaction:
    "UpsertMemoReaction adds or updates the authenticated user's reaction on a\n memo. The reaction's content_id is the memo's resource name (memos/{memo}).",
  ShortcutService_ListShortcuts:
    "ListShortcuts returns a user's saved shortcuts. Each shortcut is a named,\n reusable CEL filter (see Shortcut.filter); pass its filter string directly\n to the ListMemos `filter` argument to reuse a saved view.",
};
