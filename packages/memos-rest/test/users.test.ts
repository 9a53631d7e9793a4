import { describe, expect, it } from 'vitest';
import { AUTH_REQUIRED, TOKENS, useTestServer } from './support/client.ts';

const server = useTestServer('workshop');

describe('AuthService_GetCurrentUser', () => {
  it('returns the signed-in user, email included, password empty', async () => {
    const response = await server.call('GET', '/auth/me', { token: TOKENS.alice });
    expect(response.status).toBe(200);
    expect(response.json.user).toMatchObject({
      name: 'users/alice',
      role: 'USER',
      username: 'alice',
      email: 'alice@memos.example.com',
      displayName: 'Alice Chen',
      password: '',
      state: 'NORMAL',
    });
  });

  it("knows the article's example-token", async () => {
    const response = await server.call('GET', '/auth/me', { token: 'example-token' });
    expect(response.json.user).toMatchObject({ name: 'users/demo', role: 'ADMIN' });
  });

  it.each([
    ['no Authorization header', {}],
    ['an unknown token', { authorization: 'Bearer nope' }],
    ['a token without the Bearer scheme', { authorization: TOKENS.alice }],
    ['a Basic credential', { authorization: 'Basic YWxpY2U6c2VjcmV0' }],
  ])("answers %s with the middleware's text/plain 401", async (_label, headers) => {
    const response = await server.call('GET', '/auth/me', { headers });
    expect(response.status).toBe(401);
    expect(response.contentType).toBe('text/plain; charset=utf-8');
    expect(response.text).toBe(AUTH_REQUIRED);
  });

  it('accepts the scheme in any case', async () => {
    const response = await server.call('GET', '/auth/me', {
      headers: { authorization: `bearer ${TOKENS.bob}` },
    });
    expect(response.json.user.username).toBe('bob');
  });
});

describe('ShortcutService_ListShortcuts', () => {
  it("lists the caller's own shortcuts", async () => {
    const response = await server.call('GET', '/users/alice/shortcuts', { token: TOKENS.alice });
    expect(response.json.shortcuts).toEqual([
      { name: 'users/alice/shortcuts/roadmap', title: 'Roadmap', filter: 'content.contains("roadmap")' },
      { name: 'users/alice/shortcuts/open-tasks', title: 'Open tasks', filter: 'has_incomplete_tasks' },
    ]);
  });

  it('answers [] for a user without shortcuts', async () => {
    expect((await server.call('GET', '/users/bob/shortcuts', { token: TOKENS.bob })).json).toEqual({
      shortcuts: [],
    });
  });

  it.each([
    ['anonymous', undefined, 'alice', 401, undefined],
    ['another user', TOKENS.bob, 'alice', 403, 'permission denied'],
    ['an admin', TOKENS.admin, 'alice', 403, 'permission denied'],
    ['anyone, for an unknown user', TOKENS.bob, 'ghost', 404, 'user not found'],
  ])('%s gets %i', async (_label, token, user, status, message) => {
    const response = await server.call('GET', `/users/${user}/shortcuts`, { token });
    expect(response.status).toBe(status);
    if (message) expect(response.json).toEqual({ code: status === 403 ? 7 : 5, message, details: [] });
  });

  it('gives filters that ListMemos accepts', async () => {
    const { shortcuts } = (await server.call('GET', '/users/demo/shortcuts', { token: TOKENS.admin })).json;
    for (const shortcut of shortcuts) {
      const response = await server.call('GET', '/memos', {
        token: TOKENS.admin,
        query: { filter: shortcut.filter },
      });
      expect(response.status).toBe(200);
    }
  });
});
