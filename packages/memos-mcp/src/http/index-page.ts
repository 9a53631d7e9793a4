// GET /: what a newcomer who opens http://127.0.0.1:5230 in a browser, or curls it, needs to go on: the
// endpoints, the dataset and what is in it, the tokens it hands out, and requests to copy. HTML for a
// browser, JSON for everything else (curl sends Accept: */*). Everything comes from the running server:
// the tokens are the store's, never literals, so a custom dataset shows its own.
import { type Dataset, DEFAULT_DATASET, type MemoStore } from '@memos-kit/memos-rest';
import { PROTOCOL_VERSION } from '@memos-kit/protocol';
import { bilingualMessages, type Lang } from '@memos-kit/terminal';
import type { Request, RequestHandler } from 'express';
import pairs from './index-page.messages.json' with { type: 'json' };

export interface IndexPageOptions {
  /** The in-process mock's data; absent when the adapter forwards to another Memos (`--memos-url`). */
  store?: MemoStore;
  /** The dataset as the adapter was given it: a name ('workshop', 'empty', 'article'), a file, or data. */
  dataset?: string | Dataset | undefined;
  tools: number;
  memosUrl?: string | undefined;
  /** `--auth oauth`: /mcp takes OAuth access tokens only, so the tokens shown are for REST alone. */
  oauth?: boolean;
}

// The page's sentences, side by side per key, so a translator edits data, not code.
const words = bilingualMessages(pairs);

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
    ...(token === undefined || options.oauth ? [] : [`Authorization: Bearer ${token}`]),
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
<h2>${e(say(options.oauth ? 'tokensRest' : 'tokens'))}</h2>
${tokens}
<h2>${e(say('try'))}</h2>
<p>${e(say('tryRest'))}</p>
<pre>${e(index.curl.rest)}</pre>
<p>${e(say(options.oauth ? 'tryMcpOAuth' : 'tryMcp'))}</p>
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
