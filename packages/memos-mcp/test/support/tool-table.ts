/**
 * What the client tests ask of every tool: the arguments, and the REST request that must give the same
 * answer. Written by hand on purpose: it checks the generated catalog and its dispatch against an
 * independent reading of the REST API.
 */
export interface ToolCase {
  tool: string;
  args: Record<string, unknown>;
  /** The equivalent REST call below /api/v1; for writes, the read that shows the effect. */
  rest: string;
}

/** Reads, asked as one user; some are refused for some users, and then both sides must refuse alike. */
export function readCases(username: string): ToolCase[] {
  const filter = 'visibility == "PUBLIC"';
  return [
    { tool: 'memo_list_memos', args: { pageSize: 50 }, rest: '/memos?pageSize=50' },
    {
      tool: 'memo_list_memos',
      args: { filter, orderBy: 'create_time asc', pageSize: 3 },
      rest: `/memos?filter=${encodeURIComponent(filter)}&orderBy=${encodeURIComponent('create_time asc')}&pageSize=3`,
    },
    { tool: 'memo_list_memos', args: { state: 'ARCHIVED' }, rest: '/memos?state=ARCHIVED' },
    { tool: 'memo_get_memo', args: { memo: 'memos/q3-roadmap' }, rest: '/memos/q3-roadmap' },
    { tool: 'memo_get_memo', args: { memo: 'demo-secret' }, rest: '/memos/demo-secret' },
    { tool: 'memo_get_memo', args: { memo: 'bob-private-todo' }, rest: '/memos/bob-private-todo' },
    { tool: 'memo_list_memo_comments', args: { memo: 'q3-roadmap' }, rest: '/memos/q3-roadmap/comments' },
    {
      tool: 'memo_list_memo_attachments',
      args: { memo: 'design-review' },
      rest: '/memos/design-review/attachments',
    },
    { tool: 'memo_list_memo_reactions', args: { memo: 'welcome' }, rest: '/memos/welcome/reactions' },
    { tool: 'memo_list_memo_relations', args: { memo: 'q3-roadmap' }, rest: '/memos/q3-roadmap/relations' },
    { tool: 'attachment_list_attachments', args: {}, rest: '/attachments' },
    {
      tool: 'attachment_get_attachment',
      args: { attachment: 'roadmap-mockup' },
      rest: '/attachments/roadmap-mockup',
    },
    {
      tool: 'shortcut_list_shortcuts',
      args: { user: `users/${username}` },
      rest: `/users/${username}/shortcuts`,
    },
    { tool: 'shortcut_list_shortcuts', args: { user: 'demo' }, rest: '/users/demo/shortcuts' },
    { tool: 'auth_get_current_user', args: {}, rest: '/auth/me' },
  ];
}

/** A life cycle through every write tool; `id` keeps two runs on one server apart. */
export function writeCases(id: string): ToolCase[] {
  const memo = `${id}-memo`;
  const file = `${id}-file`;
  return [
    {
      tool: 'memo_create_memo',
      args: { memoId: memo, body: { content: `Written through MCP #${id}`, visibility: 'PUBLIC' } },
      rest: `/memos/${memo}`,
    },
    {
      tool: 'memo_update_memo',
      args: { memo, body: { content: 'Updated through MCP', pinned: true } },
      rest: `/memos/${memo}`,
    },
    {
      tool: 'memo_create_memo_comment',
      args: { memo, body: { content: 'A comment' } },
      rest: `/memos/${memo}/comments`,
    },
    {
      tool: 'memo_upsert_memo_reaction',
      args: { memo, body: { reaction: { contentId: `memos/${memo}`, reactionType: '👍' } } },
      rest: `/memos/${memo}/reactions`,
    },
    {
      tool: 'attachment_create_attachment',
      args: {
        attachmentId: file,
        body: { filename: 'note.txt', type: 'text/plain', content: Buffer.from('hello').toString('base64') },
      },
      rest: `/attachments/${file}`,
    },
    {
      tool: 'memo_set_memo_attachments',
      args: {
        memo,
        body: { attachments: [{ name: `attachments/${file}`, filename: 'note.txt', type: 'text/plain' }] },
      },
      rest: `/memos/${memo}/attachments`,
    },
    {
      tool: 'memo_set_memo_relations',
      args: {
        memo,
        body: {
          relations: [
            { memo: { name: `memos/${memo}` }, relatedMemo: { name: 'memos/welcome' }, type: 'REFERENCE' },
          ],
        },
      },
      rest: `/memos/${memo}/relations`,
    },
  ];
}
