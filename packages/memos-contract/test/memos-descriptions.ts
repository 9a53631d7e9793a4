// Memos v0.30.0's own descriptions, copied from its generated OpenAPI document: usememos/memos,
// proto/gen/openapi.yaml at tag v0.30.0 (commit 2036c1ffc1b0a1e1fa6a473738c2a5ef520df67f),
// https://github.com/usememos/memos/blob/v0.30.0/proto/gen/openapi.yaml
// They are proto comments: every continuation line starts with one space. Facts to compare with, not code.

// The description of each of the 20 operations.
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

// The description of each parameter of those operations, by operationId and parameter name (GetCurrentUser
// has no parameters).
export const MEMOS_PARAMETER_DESCRIPTIONS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  AttachmentService_CreateAttachment: {
    attachmentId:
      'Optional. The attachment ID to use for this attachment.\n If empty, a unique ID will be generated.\n Format: ^[a-zA-Z0-9]([a-zA-Z0-9-]{0,34}[a-zA-Z0-9])?$',
  },
  AttachmentService_DeleteAttachment: {
    attachment: 'The attachment id.',
  },
  AttachmentService_GetAttachment: {
    attachment: 'The attachment id.',
  },
  AttachmentService_ListAttachments: {
    pageSize:
      'Optional. The maximum number of attachments to return.\n The service may return fewer than this value.\n If unspecified, at most 50 attachments will be returned.\n The maximum value is 1000; values above 1000 will be coerced to 1000.',
    pageToken:
      'Optional. A page token, received from a previous `ListAttachments` call.\n Provide this to retrieve the subsequent page.',
    filter:
      'Optional. Filter to apply to the list results.\n Example: "mime_type==\\"image/png\\"" or "filename.contains(\\"test\\")"\n Supported operators: =, !=, <, <=, >, >=, : (contains), in\n Supported fields: filename, mime_type, create_time, memo',
    orderBy: 'Optional. The order to sort results by.\n Example: "create_time desc" or "filename asc"',
  },
  MemoService_CreateMemo: {
    memoId:
      'Optional. The memo ID to use for this memo.\n If empty, a unique ID will be generated.\n Format: ^[a-zA-Z0-9]([a-zA-Z0-9-]{0,34}[a-zA-Z0-9])?$',
  },
  MemoService_CreateMemoComment: {
    memo: 'The memo id.',
    commentId: 'Optional. The comment ID to use.',
  },
  MemoService_DeleteMemo: {
    memo: 'The memo id.',
    force: 'Optional. If set to true, the memo will be deleted even if it has associated data.',
  },
  MemoService_DeleteMemoReaction: {
    memo: 'The memo id.',
    reaction: 'The reaction id.',
  },
  MemoService_GetMemo: {
    memo: 'The memo id.',
  },
  MemoService_ListMemoAttachments: {
    memo: 'The memo id.',
    pageSize: 'Optional. The maximum number of attachments to return.',
    pageToken: 'Optional. A page token for pagination.',
  },
  MemoService_ListMemoComments: {
    memo: 'The memo id.',
    pageSize: 'Optional. The maximum number of comments to return.',
    pageToken: 'Optional. A page token for pagination.',
    orderBy: 'Optional. The order to sort results by.',
  },
  MemoService_ListMemoReactions: {
    memo: 'The memo id.',
    pageSize: 'Optional. The maximum number of reactions to return.',
    pageToken: 'Optional. A page token for pagination.',
  },
  MemoService_ListMemoRelations: {
    memo: 'The memo id.',
    pageSize: 'Optional. The maximum number of relations to return.',
    pageToken: 'Optional. A page token for pagination.',
  },
  MemoService_ListMemos: {
    pageSize:
      'Optional. The maximum number of memos to return.\n The service may return fewer than this value.\n If unspecified, at most 50 memos will be returned.\n The maximum value is 1000; values above 1000 will be coerced to 1000.',
    pageToken:
      'Optional. A page token, received from a previous `ListMemos` call.\n Provide this to retrieve the subsequent page.',
    state:
      'Optional. The state of the memos to list.\n Default to `NORMAL`. Set to `ARCHIVED` to list archived memos.',
    orderBy:
      'Optional. The order to sort results by.\n Default to "create_time desc".\n Supports comma-separated list of fields following AIP-132.\n Example: "pinned desc, create_time desc" or "update_time asc"\n Supported fields: pinned, create_time, update_time, name.\n Note: order_by uses create_time / update_time, while the filter\n expression uses created_ts / updated_ts for the same timestamps.',
    filter:
      'Optional. A CEL expression to filter memos. Combine terms with && and ||.\n Available fields:\n   content (string), creator (string, e.g. "users/1"),\n   created_ts / updated_ts (timestamp), pinned (bool),\n   visibility (string: PRIVATE | PROTECTED | PUBLIC),\n   tags (list<string>; match with `"work" in tags`, not `tag == "work"`),\n   has_task_list / has_link / has_code / has_incomplete_tasks (bool).\n Note: the time fields here are created_ts / updated_ts, which differ from\n the create_time / update_time names used by order_by.\n Examples:\n   pinned == true && visibility == "PUBLIC"\n   tags.exists(t, t == "urgent")\n   content.contains("roadmap") && created_ts > now - duration("168h")',
    showDeleted: 'Optional. If true, show deleted memos in the response.',
  },
  MemoService_SetMemoAttachments: {
    memo: 'The memo id.',
  },
  MemoService_SetMemoRelations: {
    memo: 'The memo id.',
  },
  MemoService_UpdateMemo: {
    memo: 'The memo id.',
    updateMask: 'Required. The list of fields to update.',
  },
  MemoService_UpsertMemoReaction: {
    memo: 'The memo id.',
  },
  ShortcutService_ListShortcuts: {
    user: 'The user id.',
  },
};

// The description of each component schema the contract holds and of each of its fields (`Schema.field`);
// null where Memos' file gives none (protoc-gen-openapi writes none for a field whose comment sits on
// its enum, such as MemoRelation.type, or that has no comment).
export const MEMOS_SCHEMA_DESCRIPTIONS: Readonly<Record<string, string | null>> = {
  Attachment: null,
  'Attachment.name': 'The name of the attachment.\n Format: attachments/{attachment}',
  'Attachment.createTime': 'Output only. The creation timestamp.',
  'Attachment.filename': 'The filename of the attachment.',
  'Attachment.content': 'Input only. The content of the attachment.',
  'Attachment.externalLink': 'Optional. The external link of the attachment.',
  'Attachment.type': 'The MIME type of the attachment.',
  'Attachment.size': 'Output only. The size of the attachment in bytes.',
  'Attachment.memo': 'Optional. The related memo. Refer to `Memo.name`.\n Format: memos/{memo}',
  'Attachment.motionMedia': 'Optional. Motion media metadata.',
  GetCurrentUserResponse: null,
  'GetCurrentUserResponse.user': "The authenticated user's information.",
  GoogleProtobufAny:
    'Contains an arbitrary serialized message along with a @type that describes the type of the serialized message.',
  'GoogleProtobufAny.@type': 'The type of the serialized message.',
  ListAttachmentsResponse: null,
  'ListAttachmentsResponse.attachments': 'The list of attachments.',
  'ListAttachmentsResponse.nextPageToken':
    'A token that can be sent as `page_token` to retrieve the next page.\n If this field is omitted, there are no subsequent pages.',
  ListMemoAttachmentsResponse: null,
  'ListMemoAttachmentsResponse.attachments': 'The list of attachments.',
  'ListMemoAttachmentsResponse.nextPageToken': 'A token for the next page of results.',
  ListMemoCommentsResponse: null,
  'ListMemoCommentsResponse.memos': 'The list of comment memos.',
  'ListMemoCommentsResponse.nextPageToken': 'A token for the next page of results.',
  ListMemoReactionsResponse: null,
  'ListMemoReactionsResponse.reactions': 'The list of reactions.',
  'ListMemoReactionsResponse.nextPageToken': 'A token for the next page of results.',
  ListMemoRelationsResponse: null,
  'ListMemoRelationsResponse.relations': 'The list of relations.',
  'ListMemoRelationsResponse.nextPageToken': 'A token for the next page of results.',
  ListMemosResponse: null,
  'ListMemosResponse.memos': 'The list of memos.',
  'ListMemosResponse.nextPageToken':
    'A token that can be sent as `page_token` to retrieve the next page.\n If this field is omitted, there are no subsequent pages.',
  ListShortcutsResponse: null,
  'ListShortcutsResponse.shortcuts': 'The list of shortcuts.',
  Location: null,
  'Location.placeholder': 'A placeholder text for the location.',
  'Location.latitude': 'The latitude of the location.',
  'Location.longitude': 'The longitude of the location.',
  Memo: null,
  'Memo.name': 'The resource name of the memo.\n Format: memos/{memo}, where memo is the user-defined UID.',
  'Memo.state': 'The state of the memo.',
  'Memo.creator': 'The name of the creator.\n Format: users/{user}',
  'Memo.createTime':
    'The creation timestamp.\n If not set on creation, the server will set it to the current time.',
  'Memo.updateTime':
    'The last update timestamp.\n If not set on creation, the server will set it to the current time.',
  'Memo.content': 'Required. The content of the memo in Markdown format.',
  'Memo.visibility':
    'The visibility of the memo.\n One of PRIVATE (creator only), PROTECTED (signed-in users), or\n PUBLIC (anyone). Defaults to PRIVATE on creation when unspecified.',
  'Memo.tags': 'Output only. The tags extracted from the content.',
  'Memo.pinned': 'Whether the memo is pinned.',
  'Memo.attachments': 'Optional. The attachments of the memo.',
  'Memo.relations': 'Optional. The relations of the memo.',
  'Memo.reactions': 'Output only. The reactions to the memo.',
  'Memo.property': 'Output only. The computed properties of the memo.',
  'Memo.parent': 'Output only. The name of the parent memo.\n Format: memos/{memo}',
  'Memo.snippet': 'Output only. The snippet of the memo content. Plain text only.',
  'Memo.location': 'Optional. The location of the memo.',
  MemoRelation: null,
  'MemoRelation.memo': 'The memo in the relation.',
  'MemoRelation.relatedMemo': 'The related memo.',
  'MemoRelation.type': null,
  MemoRelation_Memo: 'Memo reference in relations.',
  'MemoRelation_Memo.name': 'The resource name of the memo.\n Format: memos/{memo}',
  'MemoRelation_Memo.snippet': 'Output only. The snippet of the memo content. Plain text only.',
  Memo_Property: 'Computed properties of a memo.',
  'Memo_Property.hasLink': null,
  'Memo_Property.hasTaskList': null,
  'Memo_Property.hasCode': null,
  'Memo_Property.hasIncompleteTasks': null,
  'Memo_Property.title': 'The title extracted from the first H1 heading, if present.',
  MotionMedia: null,
  'MotionMedia.family': null,
  'MotionMedia.role': null,
  'MotionMedia.groupId': null,
  'MotionMedia.presentationTimestampUs': null,
  'MotionMedia.hasEmbeddedVideo': null,
  Reaction: null,
  'Reaction.name': 'The resource name of the reaction.\n Format: memos/{memo}/reactions/{reaction}',
  'Reaction.creator': 'The resource name of the creator.\n Format: users/{user}',
  'Reaction.contentId':
    "The resource name of the content.\n For memo reactions, this should be the memo's resource name.\n Format: memos/{memo}",
  'Reaction.reactionType': 'Required. The type of reaction (e.g., "👍", "❤️", "😄").',
  'Reaction.createTime': 'Output only. The creation timestamp.',
  SetMemoAttachmentsRequest: null,
  'SetMemoAttachmentsRequest.name': 'Required. The resource name of the memo.\n Format: memos/{memo}',
  'SetMemoAttachmentsRequest.attachments': 'Required. The attachments to set for the memo.',
  SetMemoRelationsRequest: null,
  'SetMemoRelationsRequest.name': 'Required. The resource name of the memo.\n Format: memos/{memo}',
  'SetMemoRelationsRequest.relations': 'Required. The relations to set for the memo.',
  Shortcut: null,
  'Shortcut.name': 'The resource name of the shortcut.\n Format: users/{user}/shortcuts/{shortcut}',
  'Shortcut.title': 'The title of the shortcut.',
  'Shortcut.filter':
    'The CEL filter expression for the shortcut, using the same grammar as the\n ListMemos `filter` argument. Reuse it by passing this value to ListMemos.',
  Status:
    'The `Status` type defines a logical error model that is suitable for different programming environments, including REST APIs and RPC APIs. It is used by [gRPC](https://github.com/grpc). Each `Status` message contains three pieces of data: error code, error message, and error details. You can find out more about this error model and how to work with it in the [API Design Guide](https://cloud.google.com/apis/design/errors).',
  'Status.code': 'The status code, which should be an enum value of [google.rpc.Code][google.rpc.Code].',
  'Status.message':
    'A developer-facing error message, which should be in English. Any user-facing error message should be localized and sent in the [google.rpc.Status.details][google.rpc.Status.details] field, or localized by the client.',
  'Status.details':
    'A list of messages that carry the error details.  There is a common set of message types for APIs to use.',
  UpsertMemoReactionRequest: null,
  'UpsertMemoReactionRequest.name': 'Required. The resource name of the memo.\n Format: memos/{memo}',
  'UpsertMemoReactionRequest.reaction': 'Required. The reaction to upsert.',
  User: null,
  'User.name': 'The resource name of the user.\n Format: users/{user}',
  'User.role': 'The role of the user.',
  'User.username': 'Required. The unique username for login.',
  'User.email': 'Optional. The email address of the user.',
  'User.displayName': 'Optional. The display name of the user.',
  'User.avatarUrl': 'Optional. The avatar URL of the user.',
  'User.description': 'Optional. The description of the user.',
  'User.password': 'Input only. The password for the user.',
  'User.state': 'The state of the user.',
  'User.createTime': 'Output only. The creation timestamp.',
  'User.updateTime': 'Output only. The last update timestamp.',
};
