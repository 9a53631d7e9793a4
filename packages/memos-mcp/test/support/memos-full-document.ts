import { contractDocument, type OpenAPIObject, type OperationObject } from '@memos-kit/memos-contract';

/**
 * A document the size of Memos v0.30.0's own proto/gen/openapi.yaml: the kit's 20 operations plus 53 more,
 * 73 in all, in Memos' naming (`UserService_DeleteUser` at `DELETE /api/v1/users/{user}`). The extra ones
 * are the kit's reconstruction of what a real Memos offers besides the memo tools (signing in, users and
 * their tokens, instance settings, identity providers, webhooks), with small schemas: enough to make a
 * tool of each, which is what the allowlist tests need to show that none of them becomes one by default.
 */
const EXTRA_OPERATIONS: ReadonlyArray<readonly [operationId: string, method: Method, path: string]> = [
  ['AuthService_SignIn', 'post', '/api/v1/auth/signin'],
  ['AuthService_SignUp', 'post', '/api/v1/auth/signup'],
  ['AuthService_SignOut', 'post', '/api/v1/auth/signout'],
  ['AuthService_RefreshToken', 'post', '/api/v1/auth/refresh'],
  ['UserService_ListUsers', 'get', '/api/v1/users'],
  ['UserService_CreateUser', 'post', '/api/v1/users'],
  ['UserService_BatchGetUsers', 'post', '/api/v1/users:batchGet'],
  ['UserService_ListAllUserStats', 'get', '/api/v1/users:stats'],
  ['UserService_GetUser', 'get', '/api/v1/users/{user}'],
  ['UserService_UpdateUser', 'patch', '/api/v1/users/{user}'],
  ['UserService_DeleteUser', 'delete', '/api/v1/users/{user}'],
  ['UserService_GetUserStats', 'get', '/api/v1/users/{user}:getStats'],
  ['UserService_ListUserSettings', 'get', '/api/v1/users/{user}/settings'],
  ['UserService_GetUserSetting', 'get', '/api/v1/users/{user}/settings/{setting}'],
  ['UserService_UpdateUserSetting', 'patch', '/api/v1/users/{user}/settings/{setting}'],
  ['UserService_ListPersonalAccessTokens', 'get', '/api/v1/users/{user}/personalAccessTokens'],
  ['UserService_CreatePersonalAccessToken', 'post', '/api/v1/users/{user}/personalAccessTokens'],
  [
    'UserService_DeletePersonalAccessToken',
    'delete',
    '/api/v1/users/{user}/personalAccessTokens/{personalAccessToken}',
  ],
  ['UserService_ListUserSessions', 'get', '/api/v1/users/{user}/sessions'],
  ['UserService_RevokeUserSession', 'delete', '/api/v1/users/{user}/sessions/{session}'],
  ['UserService_ListUserWebhooks', 'get', '/api/v1/users/{user}/webhooks'],
  ['UserService_CreateUserWebhook', 'post', '/api/v1/users/{user}/webhooks'],
  ['UserService_UpdateUserWebhook', 'patch', '/api/v1/users/{user}/webhooks/{webhook}'],
  ['UserService_DeleteUserWebhook', 'delete', '/api/v1/users/{user}/webhooks/{webhook}'],
  ['UserService_ListUserNotifications', 'get', '/api/v1/users/{user}/notifications'],
  ['UserService_UpdateUserNotification', 'patch', '/api/v1/users/{user}/notifications/{notification}'],
  ['UserService_DeleteUserNotification', 'delete', '/api/v1/users/{user}/notifications/{notification}'],
  ['UserService_ListLinkedIdentities', 'get', '/api/v1/users/{user}/linkedIdentities'],
  ['UserService_DeleteLinkedIdentity', 'delete', '/api/v1/users/{user}/linkedIdentities/{linkedIdentity}'],
  ['ShortcutService_CreateShortcut', 'post', '/api/v1/users/{user}/shortcuts'],
  ['ShortcutService_GetShortcut', 'get', '/api/v1/users/{user}/shortcuts/{shortcut}'],
  ['ShortcutService_UpdateShortcut', 'patch', '/api/v1/users/{user}/shortcuts/{shortcut}'],
  ['ShortcutService_DeleteShortcut', 'delete', '/api/v1/users/{user}/shortcuts/{shortcut}'],
  ['AttachmentService_UpdateAttachment', 'patch', '/api/v1/attachments/{attachment}'],
  ['AttachmentService_BatchDeleteAttachments', 'post', '/api/v1/attachments:batchDelete'],
  ['MemoService_RenameMemoTag', 'patch', '/api/v1/memos/-/tags:rename'],
  ['MemoService_DeleteMemoTag', 'delete', '/api/v1/memos/-/tags/{tag}'],
  ['InstanceService_GetInstanceProfile', 'get', '/api/v1/instance/profile'],
  ['InstanceService_GetInstanceSetting', 'get', '/api/v1/instance/settings/{setting}'],
  ['InstanceService_UpdateInstanceSetting', 'patch', '/api/v1/instance/settings/{setting}'],
  ['IdentityProviderService_ListIdentityProviders', 'get', '/api/v1/identity-providers'],
  ['IdentityProviderService_CreateIdentityProvider', 'post', '/api/v1/identity-providers'],
  ['IdentityProviderService_GetIdentityProvider', 'get', '/api/v1/identity-providers/{identityProvider}'],
  [
    'IdentityProviderService_UpdateIdentityProvider',
    'patch',
    '/api/v1/identity-providers/{identityProvider}',
  ],
  [
    'IdentityProviderService_DeleteIdentityProvider',
    'delete',
    '/api/v1/identity-providers/{identityProvider}',
  ],
  ['ActivityService_ListActivities', 'get', '/api/v1/activities'],
  ['ActivityService_GetActivity', 'get', '/api/v1/activities/{activity}'],
  ['InboxService_ListInboxes', 'get', '/api/v1/users/{user}/inboxes'],
  ['InboxService_UpdateInbox', 'patch', '/api/v1/inboxes/{inbox}'],
  ['InboxService_DeleteInbox', 'delete', '/api/v1/inboxes/{inbox}'],
  ['MarkdownService_ParseMarkdown', 'post', '/api/v1/markdown:parse'],
  ['MarkdownService_StringifyMarkdownNodes', 'post', '/api/v1/markdown/node:stringify'],
  ['MarkdownService_GetLinkMetadata', 'get', '/api/v1/markdown/link:metadata'],
];

type Method = 'get' | 'post' | 'patch' | 'delete';

export const EXTRA_OPERATION_IDS = EXTRA_OPERATIONS.map(([operationId]) => operationId);

const OBJECT = { type: 'object', additionalProperties: true } as const;

function operationFor(operationId: string, method: Method, path: string): OperationObject {
  const service = operationId.slice(0, operationId.indexOf('_'));
  const pathParameters = [...path.matchAll(/\{([^}]+)\}/g)].map(([, name]) => ({
    name: name as string,
    in: 'path' as const,
    description: `The ${name} id.`,
    required: true,
    schema: { type: 'string' as const },
  }));
  const operation: OperationObject = {
    tags: [service],
    description: `${operationId.slice(service.length + 1)} (a reconstruction; see Memos' own document).`,
    operationId,
    ...(pathParameters.length > 0 ? { parameters: pathParameters } : {}),
    responses: {
      '200': method === 'delete' ? { description: 'OK', content: {} } : jsonResponse(),
      default: { description: 'Default error response', content: statusContent() },
    },
  };
  if (method === 'post' || method === 'patch') {
    operation.requestBody = { content: { 'application/json': { schema: { ...OBJECT } } }, required: true };
  }
  return operation;
}

const jsonResponse = () => ({
  description: 'OK',
  content: { 'application/json': { schema: { ...OBJECT } } },
});
const statusContent = () => ({ 'application/json': { schema: { $ref: '#/components/schemas/Status' } } });

/** The kit's contract with the 53 extra operations added: 73 operations, as many as Memos' document has. */
export function memosFullDocument(): OpenAPIObject {
  const document = structuredClone(contractDocument());
  document.info = { ...document.info, title: 'Memos API (73 operations, as in Memos v0.30.0)' };
  const paths = { ...document.paths };
  for (const [operationId, method, path] of EXTRA_OPERATIONS) {
    paths[path] = { ...paths[path], [method]: operationFor(operationId, method, path) };
  }
  document.paths = paths;
  return document;
}
