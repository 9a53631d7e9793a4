// The contract of the mock: exactly the 20 Memos v0.30.0 operations that Memos exposes as MCP tools.
// Operation ids, paths, parameter names and schema shapes follow Memos' generated `openapi.yaml`;
// the MCP adapter turns this document into its tool catalog, so key order and wording matter.
// Multi-line descriptions keep the proto-comment style of Memos: every continuation line starts with a space.

const stateEnum = ['STATE_UNSPECIFIED', 'NORMAL', 'ARCHIVED'];
const visibilityEnum = ['VISIBILITY_UNSPECIFIED', 'PRIVATE', 'PROTECTED', 'PUBLIC'];

/** Anonymous callers may use these: they see PUBLIC memos only. */
const publicRead = [{ bearerAuth: [] }, {}];

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const jsonContent = (schema: object) => ({ 'application/json': { schema } });
const ok = (schema: object) => ({ description: 'OK', content: jsonContent(schema) });
/** DELETE and Set* answer google.protobuf.Empty; Memos' spec declares no schema for it. */
const okEmpty = { description: 'OK', content: {} };
const defaultError = { description: 'Default error response', content: jsonContent(ref('Status')) };
const responses = (success: object) => ({ '200': success, default: defaultError });
const jsonBody = (schema: object) => ({ content: jsonContent(schema), required: true });

function pathParam(name: string, description: string) {
  return { name, in: 'path', description, required: true, schema: { type: 'string' } };
}
function queryParam(name: string, description: string, schema: object) {
  return { name, in: 'query', description, schema };
}

const memoPath = pathParam('memo', 'The memo id.');
const pageSizeParam = (what: string) =>
  queryParam('pageSize', `Optional. The maximum number of ${what} to return.`, {
    type: 'integer',
    format: 'int32',
  });
const pageTokenParam = (rpc: string) =>
  queryParam(
    'pageToken',
    `Optional. A page token, received from a previous \`${rpc}\` call.\n Provide this to retrieve the subsequent page.`,
    { type: 'string' },
  );

const LIST_MEMOS_FILTER_DESCRIPTION = [
  'Optional. A CEL expression to filter memos. Combine terms with && and ||.',
  ' Available fields:',
  '   content (string), creator (string, e.g. "users/1"),',
  '   created_ts / updated_ts (timestamp), pinned (bool),',
  '   visibility (string: PRIVATE | PROTECTED | PUBLIC),',
  '   tags (list<string>; match with `"work" in tags`, not `tag == "work"`),',
  '   has_task_list / has_link / has_code / has_incomplete_tasks (bool).',
  ' Note: the time fields here are created_ts / updated_ts, which differ from',
  ' the create_time / update_time names used by order_by.',
  ' Examples:',
  '   pinned == true && visibility == "PUBLIC"',
  '   tags.exists(t, t == "urgent")',
  '   content.contains("roadmap") && created_ts > now - duration("168h")',
].join('\n');

const LIST_MEMOS_ORDER_BY_DESCRIPTION = [
  'Optional. The order to sort results by.',
  ' Default to "create_time desc".',
  ' Supports comma-separated list of fields following AIP-132.',
  ' Example: "pinned desc, create_time desc" or "update_time asc"',
  ' Supported fields: pinned, create_time, update_time, name.',
  ' Note: order_by uses create_time / update_time, while the filter',
  ' expression uses created_ts / updated_ts for the same timestamps.',
].join('\n');

const paths = {
  '/api/v1/attachments': {
    get: {
      tags: ['AttachmentService'],
      description:
        "ListAttachments lists the caller's own attachments, most recently updated first.\n Needs authentication.",
      operationId: 'AttachmentService_ListAttachments',
      parameters: [
        pageSizeParam('attachments'),
        queryParam(
          'pageToken',
          'Optional. A page token, received from a previous `ListAttachments` call.\n Provide this to retrieve the subsequent page.',
          { type: 'string' },
        ),
        queryParam(
          'filter',
          'Optional. A CEL expression over filename, mime_type, create_time and memo_id.\n Example: mime_type.startsWith("image/")',
          { type: 'string' },
        ),
        queryParam('orderBy', 'Optional. The order to sort results by. Accepted but ignored.', {
          type: 'string',
        }),
      ],
      responses: responses(ok(ref('ListAttachmentsResponse'))),
    },
    post: {
      tags: ['AttachmentService'],
      description:
        'CreateAttachment uploads a file as an attachment owned by the caller.\n The body carries filename, MIME type and base64 content; link it to a memo with `memo`.',
      operationId: 'AttachmentService_CreateAttachment',
      parameters: [
        queryParam(
          'attachmentId',
          'Optional. The attachment ID to use for this attachment.\n If empty, a unique ID will be generated.',
          { type: 'string' },
        ),
      ],
      requestBody: jsonBody(ref('Attachment')),
      responses: responses(ok(ref('Attachment'))),
    },
  },
  '/api/v1/attachments/{attachment}': {
    get: {
      tags: ['AttachmentService'],
      description:
        "GetAttachment returns one attachment by name.\n A linked attachment follows its memo's visibility; an unlinked one is visible to its creator.",
      operationId: 'AttachmentService_GetAttachment',
      parameters: [pathParam('attachment', 'The attachment id.')],
      responses: responses(ok(ref('Attachment'))),
    },
    delete: {
      tags: ['AttachmentService'],
      description: "DeleteAttachment deletes one of the caller's own attachments.",
      operationId: 'AttachmentService_DeleteAttachment',
      parameters: [pathParam('attachment', 'The attachment id.')],
      responses: responses(okEmpty),
    },
  },
  '/api/v1/auth/me': {
    get: {
      tags: ['AuthService'],
      description:
        "GetCurrentUser returns the authenticated user's information.\n Validates the access token and returns user details.\n Similar to OIDC's /userinfo endpoint.",
      operationId: 'AuthService_GetCurrentUser',
      responses: responses(ok(ref('GetCurrentUserResponse'))),
    },
  },
  '/api/v1/memos': {
    get: {
      tags: ['MemoService'],
      description: 'ListMemos lists memos with pagination and filter.',
      operationId: 'MemoService_ListMemos',
      security: publicRead,
      parameters: [
        queryParam(
          'pageSize',
          'Optional. The maximum number of memos to return.\n The service may return fewer than this value.\n If unspecified, at most 50 memos will be returned.\n The maximum value is 1000; values above 1000 will be coerced to 1000.',
          { type: 'integer', format: 'int32' },
        ),
        pageTokenParam('ListMemos'),
        queryParam(
          'state',
          'Optional. The state of the memos to list.\n Default to `NORMAL`. Set to `ARCHIVED` to list archived memos.',
          { enum: stateEnum, type: 'string', format: 'enum' },
        ),
        queryParam('orderBy', LIST_MEMOS_ORDER_BY_DESCRIPTION, { type: 'string' }),
        queryParam('filter', LIST_MEMOS_FILTER_DESCRIPTION, { type: 'string' }),
        queryParam('showDeleted', 'Optional. If true, show deleted memos in the response.', {
          type: 'boolean',
        }),
      ],
      responses: responses(ok(ref('ListMemosResponse'))),
    },
    post: {
      tags: ['MemoService'],
      description:
        'CreateMemo creates a memo owned by the caller.\n The content is Markdown; visibility defaults to PRIVATE when unspecified.\n state and pinned are ignored: a new memo is NORMAL and not pinned.',
      operationId: 'MemoService_CreateMemo',
      parameters: [
        queryParam(
          'memoId',
          'Optional. The memo ID to use for this memo.\n If empty, a unique ID will be generated.',
          { type: 'string' },
        ),
      ],
      requestBody: jsonBody(ref('Memo')),
      responses: responses(ok(ref('Memo'))),
    },
  },
  '/api/v1/memos/{memo}': {
    get: {
      tags: ['MemoService'],
      description:
        'GetMemo gets a memo by name.\n PUBLIC memos are readable by anyone, PROTECTED ones by signed-in users,\n PRIVATE ones only by their creator.',
      operationId: 'MemoService_GetMemo',
      security: publicRead,
      parameters: [memoPath],
      responses: responses(ok(ref('Memo'))),
    },
    delete: {
      tags: ['MemoService'],
      description:
        'DeleteMemo deletes a memo and its comments.\n Only the creator or an admin may delete it.',
      operationId: 'MemoService_DeleteMemo',
      parameters: [
        memoPath,
        queryParam(
          'force',
          'Optional. If set to true, the memo will be deleted even if it has associated data.',
          {
            type: 'boolean',
          },
        ),
      ],
      responses: responses(okEmpty),
    },
    patch: {
      tags: ['MemoService'],
      description:
        'UpdateMemo updates a memo.\n Only the creator or an admin may update it.\n Fields not named in updateMask are left unchanged; without updateMask\n the fields present in the body are updated.',
      operationId: 'MemoService_UpdateMemo',
      parameters: [
        memoPath,
        queryParam(
          'updateMask',
          'Required. The list of fields to update, comma-separated in snake_case\n (content, visibility, pinned, state, create_time, update_time, location, attachments, relations).\n Inferred from the body when empty.',
          { type: 'string', format: 'field-mask' },
        ),
      ],
      requestBody: jsonBody(ref('Memo')),
      responses: responses(ok(ref('Memo'))),
    },
  },
  '/api/v1/memos/{memo}/attachments': {
    get: {
      tags: ['MemoService'],
      description:
        "ListMemoAttachments lists a memo's attachments.\n Paging parameters are accepted but ignored.",
      operationId: 'MemoService_ListMemoAttachments',
      parameters: [memoPath, pageSizeParam('attachments'), pageTokenParam('ListMemoAttachments')],
      responses: responses(ok(ref('ListMemoAttachmentsResponse'))),
    },
    patch: {
      tags: ['MemoService'],
      description:
        'SetMemoAttachments replaces the whole attachment set of a memo.\n It is not an append: attachments missing from the list are deleted, and an empty list clears it.',
      operationId: 'MemoService_SetMemoAttachments',
      parameters: [memoPath],
      requestBody: jsonBody(ref('SetMemoAttachmentsRequest')),
      responses: responses(okEmpty),
    },
  },
  '/api/v1/memos/{memo}/comments': {
    get: {
      tags: ['MemoService'],
      description: "ListMemoComments lists a memo's comments, newest first.",
      operationId: 'MemoService_ListMemoComments',
      security: publicRead,
      parameters: [
        memoPath,
        pageSizeParam('comments'),
        pageTokenParam('ListMemoComments'),
        queryParam('orderBy', 'Optional. The order to sort results by. Accepted but ignored.', {
          type: 'string',
        }),
      ],
      responses: responses(ok(ref('ListMemoCommentsResponse'))),
    },
    post: {
      tags: ['MemoService'],
      description:
        "CreateMemoComment adds a comment to a memo.\n The comment is itself a memo and takes its parent's visibility.",
      operationId: 'MemoService_CreateMemoComment',
      parameters: [
        memoPath,
        queryParam(
          'commentId',
          'Optional. The comment ID to use.\n If empty, a unique ID will be generated.',
          { type: 'string' },
        ),
      ],
      requestBody: jsonBody(ref('Memo')),
      responses: responses(ok(ref('Memo'))),
    },
  },
  '/api/v1/memos/{memo}/reactions': {
    get: {
      tags: ['MemoService'],
      description:
        "ListMemoReactions lists a memo's reactions.\n Paging parameters are accepted but ignored.",
      operationId: 'MemoService_ListMemoReactions',
      parameters: [memoPath, pageSizeParam('reactions'), pageTokenParam('ListMemoReactions')],
      responses: responses(ok(ref('ListMemoReactionsResponse'))),
    },
    post: {
      tags: ['MemoService'],
      description:
        "UpsertMemoReaction adds the caller's reaction to a memo.\n The target memo is read from reaction.contentId (memos/{memo}).",
      operationId: 'MemoService_UpsertMemoReaction',
      parameters: [memoPath],
      requestBody: jsonBody(ref('UpsertMemoReactionRequest')),
      responses: responses(ok(ref('Reaction'))),
    },
  },
  '/api/v1/memos/{memo}/reactions/{reaction}': {
    delete: {
      tags: ['MemoService'],
      description:
        'DeleteMemoReaction deletes a reaction by its numeric id.\n Only the reaction creator or an admin may delete it.',
      operationId: 'MemoService_DeleteMemoReaction',
      parameters: [memoPath, pathParam('reaction', 'The reaction id.')],
      responses: responses(okEmpty),
    },
  },
  '/api/v1/memos/{memo}/relations': {
    get: {
      tags: ['MemoService'],
      description:
        "ListMemoRelations lists a memo's relations in both directions.\n Only relations whose two memos are visible to the caller are listed.",
      operationId: 'MemoService_ListMemoRelations',
      parameters: [memoPath, pageSizeParam('relations'), pageTokenParam('ListMemoRelations')],
      responses: responses(ok(ref('ListMemoRelationsResponse'))),
    },
    patch: {
      tags: ['MemoService'],
      description:
        "SetMemoRelations replaces a memo's outgoing REFERENCE relations.\n COMMENT relations and self-references in the list are skipped.",
      operationId: 'MemoService_SetMemoRelations',
      parameters: [memoPath],
      requestBody: jsonBody(ref('SetMemoRelationsRequest')),
      responses: responses(okEmpty),
    },
  },
  '/api/v1/users/{user}/shortcuts': {
    get: {
      tags: ['ShortcutService'],
      description:
        "ListShortcuts lists a user's shortcuts: saved, named CEL filters\n that can be passed as the ListMemos `filter`. Only the user themself may list them.",
      operationId: 'ShortcutService_ListShortcuts',
      parameters: [pathParam('user', 'The user id (username).')],
      responses: responses(ok(ref('ListShortcutsResponse'))),
    },
  },
};

const timestamp = (description: string, readOnly = false) => ({
  type: 'string',
  ...(readOnly ? { readOnly: true } : {}),
  description,
  format: 'date-time',
});

const schemas = {
  Attachment: {
    required: ['filename', 'type'],
    type: 'object',
    properties: {
      name: {
        type: 'string',
        description: 'The name of the attachment.\n Format: attachments/{attachment}',
      },
      createTime: timestamp('Output only. The creation timestamp.', true),
      filename: { type: 'string', description: 'The filename of the attachment.' },
      content: {
        type: 'string',
        writeOnly: true,
        description: 'Input only. The content of the attachment.',
        format: 'bytes',
      },
      externalLink: { type: 'string', description: 'Optional. The external link of the attachment.' },
      type: { type: 'string', description: 'The MIME type of the attachment.' },
      size: {
        type: 'string',
        readOnly: true,
        description: 'Output only. The size of the attachment in bytes.',
      },
      memo: {
        type: 'string',
        description: 'Optional. The related memo. Refer to `Memo.name`.\n Format: memos/{memo}',
      },
      // protojson writes an unset message as null (EmitUnpopulated), so the contract says so.
      motionMedia: {
        anyOf: [ref('MotionMedia'), { type: 'null' }],
        readOnly: true,
        description: 'Output only. Motion media metadata, when the attachment is a live photo part.',
      },
    },
  },
  GetCurrentUserResponse: {
    type: 'object',
    properties: {
      user: { allOf: [ref('User')], description: 'The authenticated user information.' },
    },
  },
  GoogleProtobufAny: {
    type: 'object',
    properties: {
      '@type': { type: 'string', description: 'The type of the serialized message.' },
    },
    additionalProperties: true,
    description:
      'Contains an arbitrary serialized message along with a @type that describes the type of the serialized message.',
  },
  ListAttachmentsResponse: {
    type: 'object',
    properties: {
      attachments: { type: 'array', items: ref('Attachment'), description: 'The list of attachments.' },
      nextPageToken: {
        type: 'string',
        description:
          'A token that can be sent as `page_token` to retrieve the next page.\n If this field is omitted, there are no subsequent pages.',
      },
      totalSize: {
        type: 'integer',
        description: 'The total count of attachments (may be approximate).',
        format: 'int32',
      },
    },
  },
  ListMemoAttachmentsResponse: {
    type: 'object',
    properties: {
      attachments: { type: 'array', items: ref('Attachment'), description: 'The list of attachments.' },
      nextPageToken: { type: 'string', description: 'A token for the next page of results.' },
    },
  },
  ListMemoCommentsResponse: {
    type: 'object',
    properties: {
      memos: { type: 'array', items: ref('Memo'), description: 'The list of comment memos.' },
      nextPageToken: { type: 'string', description: 'A token for the next page of results.' },
      totalSize: { type: 'integer', description: 'The total count of comments.', format: 'int32' },
    },
  },
  ListMemoReactionsResponse: {
    type: 'object',
    properties: {
      reactions: { type: 'array', items: ref('Reaction'), description: 'The list of reactions.' },
      nextPageToken: { type: 'string', description: 'A token for the next page of results.' },
      totalSize: { type: 'integer', description: 'The total count of reactions.', format: 'int32' },
    },
  },
  ListMemoRelationsResponse: {
    type: 'object',
    properties: {
      relations: { type: 'array', items: ref('MemoRelation'), description: 'The list of relations.' },
      nextPageToken: { type: 'string', description: 'A token for the next page of results.' },
      totalSize: { type: 'integer', description: 'The total count of relations.', format: 'int32' },
    },
  },
  ListMemosResponse: {
    type: 'object',
    properties: {
      memos: { type: 'array', items: ref('Memo'), description: 'The list of memos.' },
      nextPageToken: {
        type: 'string',
        description:
          'A token that can be sent as `page_token` to retrieve the next page.\n If this field is omitted, there are no subsequent pages.',
      },
    },
  },
  ListShortcutsResponse: {
    type: 'object',
    properties: {
      shortcuts: { type: 'array', items: ref('Shortcut'), description: 'The list of shortcuts.' },
    },
  },
  Location: {
    type: 'object',
    properties: {
      placeholder: { type: 'string', description: 'A placeholder text for the location.' },
      latitude: { type: 'number', description: 'The latitude of the location.', format: 'double' },
      longitude: { type: 'number', description: 'The longitude of the location.', format: 'double' },
    },
  },
  Memo: {
    required: ['state', 'content', 'visibility'],
    type: 'object',
    properties: {
      name: {
        type: 'string',
        description:
          'The resource name of the memo.\n Format: memos/{memo}, where memo is the user-defined UID.',
      },
      state: { enum: stateEnum, type: 'string', description: 'The state of the memo.', format: 'enum' },
      creator: {
        type: 'string',
        readOnly: true,
        description: 'The name of the creator.\n Format: users/{user}',
      },
      createTime: timestamp('The creation timestamp.'),
      updateTime: timestamp('The last update timestamp.'),
      content: { type: 'string', description: 'Required. The content of the memo in Markdown format.' },
      visibility: {
        enum: visibilityEnum,
        type: 'string',
        format: 'enum',
        description:
          'The visibility of the memo.\n One of PRIVATE (creator only), PROTECTED (signed-in users), or\n PUBLIC (anyone). Defaults to PRIVATE on creation when unspecified.',
      },
      tags: {
        readOnly: true,
        type: 'array',
        items: { type: 'string' },
        description: 'Output only. The tags extracted from the content.',
      },
      pinned: { type: 'boolean', description: 'Whether the memo is pinned.' },
      attachments: {
        type: 'array',
        items: ref('Attachment'),
        description: 'Optional. The attachments of the memo.',
      },
      relations: {
        type: 'array',
        items: ref('MemoRelation'),
        description: 'Optional. The relations of the memo.',
      },
      reactions: {
        readOnly: true,
        type: 'array',
        items: ref('Reaction'),
        description: 'Output only. The reactions to the memo.',
      },
      property: {
        allOf: [ref('Memo_Property')],
        readOnly: true,
        description: 'Output only. The computed properties of the memo.',
      },
      parent: {
        readOnly: true,
        type: 'string',
        description: 'Output only. The name of the parent memo.\n Format: memos/{memo}',
      },
      snippet: {
        readOnly: true,
        type: 'string',
        description: 'Output only. The snippet of the memo content. Plain text only.',
      },
      location: { allOf: [ref('Location')], description: 'Optional. The location of the memo.' },
    },
  },
  MemoRelation: {
    required: ['memo', 'relatedMemo', 'type'],
    type: 'object',
    properties: {
      memo: { allOf: [ref('MemoRelation_Memo')], description: 'The memo in the relation.' },
      relatedMemo: { allOf: [ref('MemoRelation_Memo')], description: 'The related memo.' },
      type: {
        enum: ['TYPE_UNSPECIFIED', 'REFERENCE', 'COMMENT'],
        type: 'string',
        description: 'The type of the relation.',
        format: 'enum',
      },
    },
  },
  MemoRelation_Memo: {
    required: ['name'],
    type: 'object',
    properties: {
      name: { type: 'string', description: 'The resource name of the memo.\n Format: memos/{memo}' },
      snippet: {
        readOnly: true,
        type: 'string',
        description: 'Output only. The snippet of the memo content. Plain text only.',
      },
    },
  },
  Memo_Property: {
    type: 'object',
    properties: {
      hasLink: { type: 'boolean' },
      hasTaskList: { type: 'boolean' },
      hasCode: { type: 'boolean' },
      hasIncompleteTasks: { type: 'boolean' },
      title: { type: 'string', description: 'The title extracted from the first H1 heading, if present.' },
    },
  },
  MotionMedia: {
    type: 'object',
    properties: {
      family: {
        enum: ['MOTION_MEDIA_FAMILY_UNSPECIFIED', 'APPLE_LIVE_PHOTO', 'ANDROID_MOTION_PHOTO'],
        type: 'string',
        format: 'enum',
      },
      role: {
        enum: ['MOTION_MEDIA_ROLE_UNSPECIFIED', 'STILL', 'VIDEO', 'CONTAINER'],
        type: 'string',
        format: 'enum',
      },
      groupId: { type: 'string' },
      presentationTimestampUs: { type: 'string' },
      hasEmbeddedVideo: { type: 'boolean' },
    },
  },
  Reaction: {
    required: ['contentId', 'reactionType'],
    type: 'object',
    properties: {
      name: {
        type: 'string',
        description: 'The resource name of the reaction.\n Format: memos/{memo}/reactions/{reaction}',
      },
      creator: {
        readOnly: true,
        type: 'string',
        description: 'The resource name of the creator.\n Format: users/{user}',
      },
      contentId: {
        type: 'string',
        description: 'The resource name of the reacted content.\n Format: memos/{memo}',
      },
      reactionType: { type: 'string', description: 'The type of reaction (e.g., "👍", "❤️", "😄").' },
      createTime: timestamp('Output only. The creation timestamp.', true),
    },
  },
  SetMemoAttachmentsRequest: {
    required: ['name', 'attachments'],
    type: 'object',
    properties: {
      name: { type: 'string', description: 'The resource name of the memo.\n Format: memos/{memo}' },
      attachments: {
        type: 'array',
        items: ref('Attachment'),
        description: 'Required. The attachments to set for the memo.',
      },
    },
  },
  SetMemoRelationsRequest: {
    required: ['name', 'relations'],
    type: 'object',
    properties: {
      name: { type: 'string', description: 'The resource name of the memo.\n Format: memos/{memo}' },
      relations: {
        type: 'array',
        items: ref('MemoRelation'),
        description: 'Required. The relations to set for the memo.',
      },
    },
  },
  Shortcut: {
    required: ['title'],
    type: 'object',
    properties: {
      name: {
        type: 'string',
        description: 'The resource name of the shortcut.\n Format: users/{user}/shortcuts/{shortcut}',
      },
      title: { type: 'string', description: 'The title of the shortcut.' },
      filter: { type: 'string', description: 'The filter expression for the shortcut.' },
    },
  },
  Status: {
    type: 'object',
    properties: {
      code: {
        type: 'integer',
        description: 'The status code, which should be an enum value of [google.rpc.Code][google.rpc.Code].',
        format: 'int32',
      },
      message: { type: 'string', description: 'A developer-facing error message.' },
      details: {
        type: 'array',
        items: ref('GoogleProtobufAny'),
        description: 'A list of messages that carry the error details.',
      },
    },
    description: 'The `Status` type defines a logical error model (google.rpc.Status).',
  },
  UpsertMemoReactionRequest: {
    required: ['name', 'reaction'],
    type: 'object',
    properties: {
      name: { type: 'string', description: 'The resource name of the memo.\n Format: memos/{memo}' },
      reaction: { allOf: [ref('Reaction')], description: 'Required. The reaction to upsert.' },
    },
  },
  User: {
    required: ['role', 'username', 'state'],
    type: 'object',
    properties: {
      name: { type: 'string', description: 'The resource name of the user.\n Format: users/{user}' },
      role: {
        enum: ['ROLE_UNSPECIFIED', 'ADMIN', 'USER'],
        type: 'string',
        description: 'The role of the user.',
        format: 'enum',
      },
      username: { type: 'string', description: 'Required. The unique username for login.' },
      email: { type: 'string', description: 'Optional. The email address of the user.' },
      displayName: { type: 'string', description: 'Optional. The display name of the user.' },
      avatarUrl: { type: 'string', description: 'Optional. The avatar URL of the user.' },
      description: { type: 'string', description: 'Optional. The description of the user.' },
      password: { type: 'string', writeOnly: true, description: 'Input only. The password for the user.' },
      state: { enum: stateEnum, type: 'string', description: 'The state of the user.', format: 'enum' },
      createTime: timestamp('Output only. The creation timestamp.', true),
      updateTime: timestamp('Output only. The last update timestamp.', true),
    },
  },
};

/** The OpenAPI 3.1 document of the mock: the contract of the 20 operations. */
export const openapiDocument = {
  openapi: '3.1.0',
  info: {
    title: 'Memos API (mock of v0.30.0, the 20 operations behind its MCP catalog)',
    version: '0.30.0',
    description:
      'A teaching mock of the Memos REST API. Error bodies are google.rpc.Status objects: {"code","message","details"}.',
  },
  servers: [{ url: '/' }],
  // Every operation needs a token except the three public reads, which also answer anonymous callers.
  security: [{ bearerAuth: [] }],
  paths,
  components: {
    schemas,
    securitySchemes: {
      bearerAuth: {
        type: 'http',
        scheme: 'bearer',
        description:
          'Authorization: Bearer <token>. Without a valid token, operations that need one answer 401 with the text/plain body {"code": 16, "message": "authentication required"}.',
      },
    },
  },
  tags: [
    { name: 'AttachmentService' },
    { name: 'AuthService' },
    { name: 'MemoService' },
    { name: 'ShortcutService' },
  ],
};

export type OpenApiDocument = typeof openapiDocument;
