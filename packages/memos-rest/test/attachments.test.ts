import { describe, expect, it } from 'vitest';
import { ANON, AUTH_REQUIRED, names, TOKENS, useTestServer } from './support/client.ts';

const server = useTestServer('workshop');

describe('AttachmentService_ListAttachments', () => {
  it("lists only the caller's own attachments", async () => {
    const forBob = await server.call('GET', '/attachments', { token: TOKENS.bob });
    expect(names(forBob.json.attachments)).toEqual(['attachments/failover-timeline']);
    // Admins too see only their own.
    const forAdmin = await server.call('GET', '/attachments', { token: TOKENS.admin });
    expect(names(forAdmin.json.attachments)).toEqual(['attachments/handbook-pdf']);
  });

  it('needs a token', async () => {
    const response = await server.call('GET', '/attachments');
    expect(response.status).toBe(401);
    expect(response.text).toBe(AUTH_REQUIRED);
  });

  it('pages with a decimal offset token', async () => {
    for (const filename of ['a.txt', 'b.txt']) {
      await server.call('POST', '/attachments', { token: TOKENS.meimei, body: { filename, content: '' } });
    }
    const first = await server.call('GET', '/attachments', { token: TOKENS.meimei, query: { pageSize: 2 } });
    expect(first.json.attachments).toHaveLength(2);
    expect(first.json.nextPageToken).toBe('2');
    const second = await server.call('GET', '/attachments', {
      token: TOKENS.meimei,
      query: { pageSize: 2, pageToken: '2' },
    });
    expect(names(second.json.attachments)).toEqual(['attachments/roadmap-mockup']);
    expect(second.json).not.toHaveProperty('nextPageToken');
  });

  it('filters with the attachment CEL fields', async () => {
    const response = await server.call('GET', '/attachments', {
      token: TOKENS.meimei,
      query: { filter: 'mime_type.startsWith("image/") && filename.contains("MOCKUP")' },
    });
    expect(names(response.json.attachments)).toEqual(['attachments/roadmap-mockup']);
  });

  it('ignores orderBy, as Memos does: most recently updated first, and no field is checked', async () => {
    for (const filename of ['a.order', 'z.order']) {
      await server.call('POST', '/attachments', { token: TOKENS.alice, body: { filename, content: '' } });
    }
    const filter = 'filename.endsWith(".order")';
    for (const orderBy of [undefined, 'filename asc', 'create_time asc', 'no_such_field']) {
      const response = await server.call('GET', '/attachments', {
        token: TOKENS.alice,
        query: orderBy === undefined ? { filter } : { filter, orderBy },
      });
      expect(response.status, orderBy).toBe(200);
      const filenames = response.json.attachments.map((a: { filename: string }) => a.filename);
      expect(filenames, orderBy).toEqual(['z.order', 'a.order']);
    }
  });

  it.each([
    [{ pageToken: 'CAE=' }, /^invalid page token/],
    [
      { filter: 'visibility == "PUBLIC"' },
      /^invalid filter: failed to compile filter: unknown field visibility.*filename, mime_type/,
    ],
    // Memos' own text for this parameter names a field `memo`; its filter engine, like the mock, has memo_id.
    [
      { filter: 'memo == "memos/q3-roadmap"' },
      /^invalid filter: failed to compile filter: unknown field memo\b/,
    ],
  ])('rejects %j with 400', async (query, message) => {
    const response = await server.call('GET', '/attachments', { token: TOKENS.alice, query });
    expect(response.status).toBe(400);
    expect(response.json.message).toMatch(message);
  });
});

describe('AttachmentService_CreateAttachment', () => {
  it('stores the upload, infers the MIME type and reports the decoded size', async () => {
    const content = Buffer.from('hello, memos').toString('base64');
    const response = await server.call('POST', '/attachments', {
      token: TOKENS.alice,
      query: { attachmentId: 'hello-txt' },
      body: { filename: 'hello.txt', content },
    });
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({
      name: 'attachments/hello-txt',
      filename: 'hello.txt',
      type: 'text/plain',
      size: String('hello, memos'.length),
      content: '',
    });
    expect(response.json).not.toHaveProperty('memo');
  });

  it('links to a memo the caller may change', async () => {
    const response = await server.call('POST', '/attachments', {
      token: TOKENS.alice,
      body: { filename: 'notes.md', content: '', memo: 'memos/q3-roadmap', type: 'text/markdown' },
    });
    expect(response.json.memo).toBe('memos/q3-roadmap');
  });

  it.each([
    ['anonymous', ANON, {}, { filename: 'x.txt' }, 401],
    ['no filename', TOKENS.alice, {}, { content: '' }, 400],
    ['a filename with a slash', TOKENS.alice, {}, { filename: '../etc/passwd' }, 400],
    ['content that is not base64', TOKENS.alice, {}, { filename: 'x.txt', content: 'not base64!' }, 400],
    ['a bad id', TOKENS.alice, { attachmentId: '-x-' }, { filename: 'x.txt' }, 400],
    ['a taken id', TOKENS.alice, { attachmentId: 'roadmap-mockup' }, { filename: 'x.txt' }, 409],
    ["someone else's memo", TOKENS.alice, {}, { filename: 'x.txt', memo: 'memos/incident-db' }, 403],
    ['a missing memo', TOKENS.alice, {}, { filename: 'x.txt', memo: 'memos/ghost' }, 404],
  ])('%s gets %i', async (_label, token, query, body, status) => {
    const before = server.store.attachments.length;
    const response = await server.call('POST', '/attachments', { token, query, body });
    expect(response.status).toBe(status);
    expect(server.store.attachments.length).toBe(before);
  });
});

describe('AttachmentService_GetAttachment', () => {
  // attachment -> [anonymous, creator, another user, admin]
  it.each([
    ['unlinked-draft', 'unlinked, by alice', TOKENS.alice, [401, 200, 403, 200]],
    ['roadmap-mockup', 'on a PROTECTED memo, by meimei', TOKENS.meimei, [401, 200, 200, 200]],
    ['ghost', 'missing', TOKENS.alice, [401, 404, 404, 404]],
  ] as const)('%s (%s)', async (uid, _label, creator, expected) => {
    const other = creator === TOKENS.alice ? TOKENS.bob : TOKENS.alice;
    const statuses = [];
    for (const token of [ANON, creator, other, TOKENS.admin]) {
      statuses.push((await server.call('GET', `/attachments/${uid}`, { token })).status);
    }
    expect(statuses).toEqual(expected);
  });

  it('hides an attachment of a PRIVATE memo from others', async () => {
    const created = await server.call('POST', '/attachments', {
      token: TOKENS.bob,
      body: { filename: 'cert.pem', content: '', memo: 'memos/bob-private-todo' },
    });
    const uid = created.json.name.split('/')[1];
    expect((await server.call('GET', `/attachments/${uid}`, { token: TOKENS.alice })).status).toBe(403);
    expect((await server.call('GET', `/attachments/${uid}`, { token: TOKENS.bob })).status).toBe(200);
  });
});

describe('AttachmentService_DeleteAttachment', () => {
  it("deletes the caller's own attachment", async () => {
    const created = await server.call('POST', '/attachments', {
      token: TOKENS.bob,
      body: { filename: 'tmp.txt' },
    });
    const path = `/${created.json.name}`;
    const response = await server.call('DELETE', path, { token: TOKENS.bob });
    expect(response.status).toBe(200);
    expect(response.json).toEqual({});
    expect((await server.call('GET', path, { token: TOKENS.bob })).status).toBe(404);
  });

  it.each([
    ['anonymous', ANON, 401],
    ['another user', TOKENS.bob, 404],
    // The lookup is among the caller's own attachments, so even an admin gets "not found".
    ['an admin', TOKENS.admin, 404],
  ])("%s gets %i for someone else's attachment", async (_label, token, status) => {
    const response = await server.call('DELETE', '/attachments/unlinked-draft', { token });
    expect(response.status).toBe(status);
    if (status === 404) expect(response.json.message).toBe('attachment not found');
    expect(server.store.attachmentByUid('unlinked-draft')).toBeDefined();
  });
});
