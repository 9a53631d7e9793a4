// GET /: what a newcomer who opens http://127.0.0.1:5230 in a browser, or curls it, needs to go on: the
// endpoints, the dataset and what is in it, the tokens it hands out, and requests to copy. HTML for a
// browser, JSON for everything else (curl sends Accept: */*). Everything comes from the running server:
// the tokens are the store's, never literals, so a custom dataset shows its own.
import { type Dataset, DEFAULT_DATASET, type MemoStore } from '@memos-kit/memos-rest';
import { bilingualMessages, type Lang, PROTOCOL_VERSION } from '@memos-kit/terminal';
import type { Request, RequestHandler } from 'express';

export interface IndexPageOptions {
  /** The in-process mock's data; absent when the adapter forwards to another Memos (`--memos-url`). */
  store?: MemoStore;
  /** The dataset as the adapter was given it: a name ('workshop', 'empty', 'article'), a file, or data. */
  dataset?: string | Dataset | undefined;
  tools: number;
  memosUrl?: string | undefined;
}

const words = bilingualMessages({
  title: { zh: 'Memos REST + MCP 教具服务', en: 'Memos REST + MCP teaching server' },
  intro: {
    zh: '同一个进程、同一个端口：Memos v0.30.0 的 REST API 在 /api/v1，它的 MCP 适配器在 POST /mcp（MCP {version}）。',
    en: 'One process, one port: the Memos v0.30.0 REST API under /api/v1 and its MCP adapter at POST /mcp (MCP {version}).',
  },
  endpoints: { zh: '端点', en: 'Endpoints' },
  rest: { zh: 'REST API（模拟的 Memos v0.30.0）', en: 'REST API (the mock Memos v0.30.0)' },
  openapi: {
    zh: 'OpenAPI 文档：REST 与 MCP 共用的契约',
    en: 'OpenAPI document: the contract REST and MCP share',
  },
  mcp: { zh: 'MCP 端点，{tools} 个工具（只接受 POST）', en: 'MCP endpoint, {tools} tools (POST only)' },
  dataset: { zh: '数据集', en: 'Dataset' },
  remote: {
    zh: '转发到 {url}：数据在那台服务器上，这里没有令牌表。',
    en: 'Forwarding to {url}: the data lives on that server, so there is no token table here.',
  },
  contents: {
    zh: '{memos} 条 memo、{comments} 条评论、{users} 个用户、{reactions} 个表情回应、{attachments} 个附件',
    en: '{memos} memos, {comments} comments, {users} users, {reactions} reactions, {attachments} attachments',
  },
  tokens: {
    zh: '令牌（Authorization: Bearer <令牌>，REST 和 MCP 通用）',
    en: 'Tokens (Authorization: Bearer <token>, for REST and MCP alike)',
  },
  noTokens: {
    zh: '这个数据集没有令牌：请求都是匿名的。',
    en: 'This dataset has no tokens: requests are anonymous.',
  },
  try: { zh: '可以复制的请求（在仓库根目录运行）', en: 'Requests to copy (run from the repository root)' },
  tryRest: { zh: 'REST：列出 memo', en: 'REST: list memos' },
  tryMcp: {
    zh: 'MCP：同一个动作，body 是文章第 8.1 节的那一行',
    en: 'MCP: the same action, the body is the line of the article, section 8.1',
  },
  shells: {
    zh: '这两行用双引号，sh、cmd 和 PowerShell 都能运行（PowerShell 里把 curl 写成 curl.exe）。',
    en: 'Both lines use double quotes, so sh, cmd and PowerShell all run them (in PowerShell, write curl.exe).',
  },
  articleData: {
    zh: '要得到文章里的字节：pnpm serve --dataset empty 重现 id 0–2（{"memos": []}），--dataset article 重现 id 3。',
    en: 'For the article\'s bytes: pnpm serve --dataset empty reproduces ids 0–2 ({"memos": []}), --dataset article id 3.',
  },
  language: { zh: 'English', en: '中文' },
});

/** The article's stdio request line: a body-only file, so curl sends its bytes without a shell's help. */
const MCP_BODY_FILE = 'fixtures/08-stdio/request.jsonl';

function langOf(req: Request): Lang {
  const asked = req.query.lang;
  if (asked === 'en' || asked === 'zh') return asked;
  // The kit speaks Chinese first; a browser whose first language is English gets English.
  return /^en\b/i.test(req.get('accept-language') ?? '') ? 'en' : 'zh';
}

/** What the index says, as data: the JSON answer, and the HTML page made from it. */
function describe(options: IndexPageOptions, base: string, lang: Lang) {
  const say = words.in(lang);
  const datasetName =
    typeof options.dataset === 'object' ? '(data given in code)' : (options.dataset ?? DEFAULT_DATASET);
  const store = options.store;
  const restUrl = options.memosUrl ? `${options.memosUrl.replace(/\/$/, '')}/api/v1` : `${base}/api/v1`;
  const tokens = (store?.users ?? []).flatMap((user) =>
    user.tokens.map((token) => ({
      token,
      user: `users/${user.username}`,
      role: user.role,
      displayName: user.displayName,
    })),
  );
  const token = tokens[0]?.token;
  const auth = token === undefined ? '' : ` -H "Authorization: Bearer ${token}"`;
  const mcpHeaders = [
    'Content-Type: application/json',
    'Accept: application/json, text/event-stream',
    ...(token === undefined ? [] : [`Authorization: Bearer ${token}`]),
    `MCP-Protocol-Version: ${PROTOCOL_VERSION}`,
    'Mcp-Method: tools/call',
    'Mcp-Name: memo_list_memos',
  ];
  return {
    title: say('title'),
    about: say('intro', { version: PROTOCOL_VERSION }),
    protocolVersion: PROTOCOL_VERSION,
    endpoints: [
      { method: 'GET', url: `${restUrl}/memos`, what: say('rest') },
      { method: 'GET', url: `${restUrl}/openapi.json`, what: say('openapi') },
      { method: 'POST', url: `${base}/mcp`, what: say('mcp', { tools: options.tools }) },
    ],
    dataset: store
      ? {
          name: datasetName,
          description: store.description,
          article: say('articleData'),
          contents: {
            memos: store.memos.filter((memo) => memo.parentId === undefined).length,
            comments: store.memos.filter((memo) => memo.parentId !== undefined).length,
            users: store.users.length,
            reactions: store.reactions.length,
            attachments: store.attachments.length,
          },
        }
      : { name: null, forwardsTo: options.memosUrl ?? null },
    tokens,
    curl: {
      rest: `curl -i "${restUrl}/memos?pageSize=1"${auth}`,
      mcp: `curl -i "${base}/mcp" ${mcpHeaders.map((h) => `-H "${h}"`).join(' ')} --data-binary "@${MCP_BODY_FILE}"`,
    },
  };
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function html(options: IndexPageOptions, index: ReturnType<typeof describe>, lang: Lang): string {
  const say = words.in(lang);
  const e = escapeHtml;
  const dataset =
    'contents' in index.dataset
      ? `<p><b>${e(index.dataset.name ?? '')}</b>${index.dataset.description ? ` · ${e(index.dataset.description)}` : ''}</p>
<p>${e(say('contents', index.dataset.contents))}</p>
<p>${e(index.dataset.article ?? '')}</p>`
      : `<p>${e(say('remote', { url: options.memosUrl ?? '' }))}</p>`;
  const tokens =
    index.tokens.length === 0
      ? `<p>${e(say('noTokens'))}</p>`
      : `<table><tr><th>token</th><th>user</th><th>role</th><th>name</th></tr>
${index.tokens.map((t) => `<tr><td><code>${e(t.token)}</code></td><td>${e(t.user)}</td><td>${e(t.role)}</td><td>${e(t.displayName)}</td></tr>`).join('\n')}
</table>`;
  return `<!doctype html>
<html lang="${lang === 'zh' ? 'zh-CN' : 'en'}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${e(index.title)}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem}
pre{background:#f4f4f4;padding:.75rem;white-space:pre-wrap;word-break:break-all}td,th{padding:.2rem .6rem;text-align:left}</style>
</head>
<body>
<p><a href="?lang=${lang === 'zh' ? 'en' : 'zh'}">${e(say('language'))}</a></p>
<h1>${e(index.title)}</h1>
<p>${e(index.about)}</p>
<h2>${e(say('endpoints'))}</h2>
<ul>
${index.endpoints.map((p) => `<li><code>${p.method} ${e(p.url)}</code> · ${e(p.what)}</li>`).join('\n')}
</ul>
<h2>${e(say('dataset'))}</h2>
${dataset}
<h2>${e(say('tokens'))}</h2>
${tokens}
<h2>${e(say('try'))}</h2>
<p>${e(say('tryRest'))}</p>
<pre>${e(index.curl.rest)}</pre>
<p>${e(say('tryMcp'))}</p>
<pre>${e(index.curl.mcp)}</pre>
<p>${e(say('shells'))}</p>
</body>
</html>
`;
}

/** The handler for GET /: HTML when the client prefers it (a browser), JSON otherwise (curl, fetch). */
export function indexPage(options: IndexPageOptions): RequestHandler {
  return (req, res) => {
    const lang = langOf(req);
    // The address the client used, so the copied lines reach this server from where the reader sits.
    const base = `${req.protocol}://${req.get('host') ?? '127.0.0.1'}`;
    const index = describe(options, base, lang);
    res.vary('Accept').vary('Accept-Language');
    if (req.accepts(['json', 'html']) === 'html') {
      res.type('html').send(html(options, index, lang));
    } else {
      res.type('json').send(`${JSON.stringify(index, null, 2)}\n`);
    }
  };
}

export const indexPageWords = words;
