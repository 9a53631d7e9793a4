/**
 * The per-operation adjustments Memos v0.30.0 layers over its OpenAPI document when it builds the MCP
 * catalog (server/router/mcp/catalog.go). They are data, keyed by operationId; the catalog builder refuses
 * to start when one names an operation the document does not have, as Memos does.
 */
export interface BodyOverride {
  /** Replaces the body's `required` list; `null` removes it. */
  required?: string[] | null;
  /** Server-assigned fields an agent must not send (the resource `name` comes from the path). */
  dropProperties?: string[];
  minProperties?: number;
}

/**
 * Memos v0.30.0's allowlist (`curatedOperationIDs` in server/router/mcp/catalog.go): the 20 memo-focused
 * operations its MCP server turns into tools, out of the 73 its OpenAPI document has. Everything else
 * (signing in, users, tokens, instance settings, identity providers, webhooks) stays REST-only, so a model
 * handed the tools cannot sign in, delete users or mint tokens with the caller's credentials.
 */
export const CURATED_OPERATION_IDS: readonly string[] = [
  'MemoService_ListMemos',
  'MemoService_CreateMemo',
  'MemoService_GetMemo',
  'MemoService_UpdateMemo',
  'MemoService_DeleteMemo',
  'MemoService_ListMemoComments',
  'MemoService_CreateMemoComment',
  'MemoService_ListMemoAttachments',
  'MemoService_SetMemoAttachments',
  'MemoService_ListMemoReactions',
  'MemoService_UpsertMemoReaction',
  'MemoService_DeleteMemoReaction',
  'MemoService_ListMemoRelations',
  'MemoService_SetMemoRelations',
  'AttachmentService_ListAttachments',
  'AttachmentService_CreateAttachment',
  'AttachmentService_GetAttachment',
  'AttachmentService_DeleteAttachment',
  'ShortcutService_ListShortcuts',
  'AuthService_GetCurrentUser',
];

export interface CatalogOverrides {
  body: Record<string, BodyOverride>;
  /** Methods other than GET/DELETE that are still safe to repeat. */
  idempotent: string[];
  /** Non-DELETE methods that can still lose data (an update, a replace-the-whole-set). */
  destructive: string[];
}

export const memosOverrides: CatalogOverrides = {
  body: {
    // A memo or comment needs only its content: state and visibility have server defaults.
    MemoService_CreateMemo: { required: ['content'] },
    MemoService_CreateMemoComment: { required: ['content'] },
    // A partial update: any one field will do, and the update mask is inferred from the body.
    MemoService_UpdateMemo: { required: null, dropProperties: ['name'], minProperties: 1 },
    MemoService_SetMemoAttachments: { required: ['attachments'], dropProperties: ['name'] },
    MemoService_SetMemoRelations: { required: ['relations'], dropProperties: ['name'] },
    MemoService_UpsertMemoReaction: { required: ['reaction'], dropProperties: ['name'] },
  },
  idempotent: ['MemoService_SetMemoAttachments', 'MemoService_SetMemoRelations'],
  destructive: ['MemoService_UpdateMemo', 'MemoService_SetMemoAttachments', 'MemoService_SetMemoRelations'],
};

export function overriddenOperationIds(overrides: CatalogOverrides): string[] {
  return [...Object.keys(overrides.body), ...overrides.idempotent, ...overrides.destructive];
}
