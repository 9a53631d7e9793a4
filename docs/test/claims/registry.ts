// Which lines state what the kit does, and which probe checks it. A place is a file and a piece of the text
// of one line (or of one lab.json string) that finds it; the test reads the line's facts from the line itself
// and compares each with what the probe measured on the running kit. A page's claims name both languages.
// See CONTRIBUTING.md, "A fact about the kit is a test".
import type { ProbeName } from './probes.ts';

/** A file, and a piece of the text of its line (or a pattern, where lines differ by their end alone). */
export type Place = readonly [file: string, find: string | RegExp];

export interface Claim {
  /** The exchange the lines speak of; several when a line speaks of more than one. */
  probe: ProbeName | readonly ProbeName[];
  at: readonly Place[];
}

/** Lines whose facts are not the kit's behaviour, each with the reason. */
export interface Aside {
  at: readonly Place[];
  /** The facts set aside, as written ('403'); every fact of the lines when absent. */
  only?: readonly string[];
  because: string;
}

/** A page of the site in both languages: `both('guide/refusals.md', zh, en)`. */
const both = (page: string, zh: string | RegExp, en: string | RegExp): Place[] => [
  [`docs/${page}`, zh],
  [`docs/en/${page}`, en],
];
const mcpReadme = (find: string): Place => ['packages/memos-mcp/README.md', find];
const restReadme = (find: string): Place => ['packages/memos-rest/README.md', find];
const tourReadme = (find: string): Place => ['demos/tour/README.md', find];
const hateoasReadme = (find: string): Place => ['demos/hateoas/README.md', find];

export const claims: readonly Claim[] = [
  // ---- The class server page ---------------------------------------------------------------------
  {
    probe: 'class: a student over the bounds',
    at: [
      ...both('workshop/class-server.md', '- 超过的请求得到', '- a request beyond that gets'),
      mcpReadme('requests open at once with SSE streams counted) answer'),
    ],
  },
  {
    probe: [
      'class: a token this class did not issue, and a student token at /class/api',
      'class: a foreign Host or Origin',
    ],
    at: both('workshop/class-server.md', '其他拒绝：', 'Other refusals:'),
  },
  {
    // The first hour of each workshop plan: the slip's two commands answer 200, and without a token 401.
    probe: "class: the two commands of a student's slip, and each without a token",
    at: ['ninety-minutes', 'half-day'].flatMap((plan): Place[] =>
      [
        '课前老师在讲台的机器上运行过 pnpm docs:build',
        '“谁还没有看到两个 200？”',
        '“Who has not seen two 200s yet?”',
        '“删掉 Authorization 之后，REST 和 MCP 各回什么状态？”',
        '“Without Authorization, what status does each side answer?”',
      ].map((find): Place => [`docs/workshop/plans/${plan}.json`, find]),
    ),
  },
  {
    // The class server page: a token it did not issue gets 401, so the pages' two-user experiments need pnpm serve.
    probe: 'class: a token this class did not issue, and a student token at /class/api',
    at: both(
      'workshop/class-server.md',
      '比较两个用户（`bob-token`、`alice-token`）',
      'Experiments that compare two users',
    ),
  },
  {
    // The handout's tokens belong to pnpm serve; the class server refuses them.
    probe: 'class: a token this class did not issue, and a student token at /class/api',
    at: both('workshop/handout.md', '讲义和令牌条一起发', 'hand it out with the slips'),
  },
  {
    // The half-day adapter block: the page's token experiment belongs on pnpm serve, since the class server refuses
    // any token it did not issue.
    probe: 'class: a token this class did not issue, and a student token at /class/api',
    at: [
      ['docs/workshop/plans/half-day.json', '课堂服务端上做不了这个实验'],
      ['docs/workshop/plans/half-day.json', 'the class server cannot do this experiment'],
    ],
  },
  // ---- OAuth (pnpm serve --auth oauth) -------------------------------------------------------------------
  {
    probe:
      'mcp oauth: the metadata, a call with a token, no token, a Memos token, another audience, a write tool on a read token',
    at: [
      ...both('guide/security.md', 'M-->>C: 401 + resource_metadata', 'M-->>C: 401 + resource_metadata'),
      ...both(
        'guide/security.md',
        '2. **401 与 `WWW-Authenticate`。**',
        '2. **The 401 and `WWW-Authenticate`.**',
      ),
      ...both('guide/security.md', '6. **校验令牌。**', '6. **Token validation.**'),
      ...both('guide/security.md', '7. **按需加权限（step-up）。**', '7. **Step-up.**'),
      ...both('guide/security.md', '| 客户端怎么知道去哪里要 |', '| How the client knows where to get one |'),
      // The diagram generated from the recorded session (recorded-diagram.test.ts keeps it equal to the file).
      ...both('guide/security.md', /S-->>C: 401$/, /S-->>C: 401$/),
      ...both('guide/security.md', /S-->>C: 200$/, /S-->>C: 200$/),
      ...both('guide/security.md', 'S-->>C: 200 result', 'S-->>C: 200 result'),
      ...both('guide/security.md', /S-->>C: 403$/, /S-->>C: 403$/),
    ],
  },
  // ---- The refusals page and the READMEs' tables of what the servers refuse ---------------------------
  {
    probe: 'rest: a write without a token',
    at: [
      ...both(
        'guide/refusals.md',
        '1. **先认证，再读 body。**',
        '1. **Authenticate before reading the body.**',
      ),
      ...both('guide/refusals.md', '| 非公开路由没有令牌', '| No token, or an unknown one'),
      restReadme('| No or unknown token on a non-public route'),
      restReadme('needs a token without one gives'),
      restReadme('**服务器拒绝什么、为什么：**'),
      ...both(
        'reference/performance.md',
        '**回答是读出来的，不再解析回来**（',
        'checks, for every kind of answer (the text/plain 401 included)',
      ),
    ],
  },
  {
    probe: ['rest: a body over the limit of its route', "rest: a memo's content over its limit"],
    at: [
      ...both(
        'guide/refusals.md',
        '| memo、评论、表情回应、关联的 body',
        '| Memo, comment, reaction and relation bodies',
      ),
      restReadme('| Memo, comment, reaction and relation bodies'),
    ],
  },
  {
    probe: ['rest: an attachment body over its limit', 'rest: an attachment file over its limit'],
    at: [
      ...both('guide/refusals.md', '| 附件的 body', '| Attachment bodies'),
      restReadme('| Attachment bodies'),
    ],
  },
  {
    probe: ['rest: a body over the limit of its route', 'rest: an attachment body over its limit'],
    at: [restReadme('memo、评论、表情、关联的请求体最多')],
  },
  {
    probe: 'rest: a Content-Length over the limit, refused before the body',
    at: [
      ...both(
        'guide/refusals.md',
        '| `Content-Length` 已经超过上限',
        '| A `Content-Length` already over the limit',
      ),
      restReadme('| A body announced over its cap'),
    ],
  },
  {
    probe: 'rest: the rest of a refused body is drained, then the connection closes',
    at: [
      ...both('guide/refusals.md', '| 被拒绝的 body 剩下没读的部分', '| The unread rest of a refused body'),
      restReadme('| The unread rest of a refused body'),
    ],
  },
  {
    probe: [
      'rest: the rest of a refused body is drained, then the connection closes',
      'rest: a charset other than UTF-8',
      'rest: a Content-Encoding that does not decompress',
    ],
    at: [restReadme('剩余请求体最多读掉')],
  },
  {
    probe: 'rest: a charset other than UTF-8',
    at: [
      ...both(
        'guide/refusals.md',
        '| `Content-Type` 的 charset 不是 UTF-8',
        '| A `Content-Type` charset other than UTF-8',
      ),
      restReadme('| `Content-Type` charset other than UTF-8'),
    ],
  },
  {
    probe: 'rest: a Content-Encoding that does not decompress',
    at: [
      ...both(
        'guide/refusals.md',
        '| `Content-Encoding` 是 gzip',
        '| `Content-Encoding` gzip, deflate or br',
      ),
      restReadme('| `Content-Encoding` gzip, deflate, br'),
    ],
  },
  {
    probe: 'rest: any other Content-Encoding',
    at: [
      ...both('guide/refusals.md', '| 其他 `Content-Encoding`', '| Any other `Content-Encoding`'),
      restReadme('| Any other `Content-Encoding`'),
    ],
  },
  {
    probe: 'rest: a body that is not UTF-8',
    at: [
      ...both('guide/refusals.md', '| body 不是合法的 UTF-8', '| A body that is not valid UTF-8'),
      restReadme('| Bytes that are not UTF-8'),
    ],
  },
  {
    probe: 'rest: JSON nested deeper than the bound',
    at: [...both('guide/refusals.md', '| JSON 嵌套深度', '| JSON nesting'), restReadme('| JSON nesting')],
  },
  {
    probe: [
      'rest: any other Content-Encoding',
      'rest: a body that is not UTF-8',
      'rest: JSON nested deeper than the bound',
      'rest: a path that does not decode',
    ],
    at: [restReadme('不支持的压缩方式')],
  },
  {
    probe: 'rest: a path that does not decode',
    at: [
      ...both('guide/refusals.md', '| 路径解码失败（', '| A path that does not decode ('),
      restReadme('| A path that does not decode'),
    ],
  },
  {
    probe: 'rest: a content.matches pattern over its size',
    at: [
      ...both('guide/refusals.md', '| `content.matches` 的正则大小', '| Size of a `content.matches` pattern'),
      restReadme('| `content.matches` pattern size'),
      restReadme('`content.matches` 的正则展开'),
    ],
  },
  {
    probe: 'rest: tag tests over their LIKE budget',
    at: [restReadme('| Tag tests (`LIKE`), per request'), restReadme('标签条件的 `LIKE` 每个请求最多比较')],
  },
  {
    probe: 'mcp: a foreign Host or Origin',
    at: [
      ...both(
        'guide/refusals.md',
        '| `Host` 或 `Origin` 不在允许列表里',
        '| A `Host` or `Origin` not on the allowlist',
      ),
      mcpReadme('| foreign `Host` or `Origin`'),
      mcpReadme('add names while every other host gets'),
      ...both('guide/front-memos.md', '其他名字一律', 'Any other name gets'),
      ...both('playground.md', 'MCP 端点自己的 Origin 检查', "The MCP endpoint's own Origin check"),
    ],
  },
  {
    probe: 'mcp: GET /mcp',
    at: [
      ...both('guide/refusals.md', '| 对 `/mcp` 用 POST 以外的方法', '| A method other than POST on `/mcp`'),
      mcpReadme('| method other than POST on `/mcp`'),
      ...both('guide/what-changed.md', '收到 GET 或 DELETE 时回答', 'GET and DELETE get'),
    ],
  },
  {
    // A guide page's curl that reads a repository file, sent from elsewhere; on the class server without its token.
    probe: [
      'mcp: an empty body, as curl sends for an @file it cannot read',
      'class: a token this class did not issue, and a student token at /class/api',
    ],
    at: ['quick-start', 'two-messages', 'errors'].flatMap((page) =>
      both(
        `guide/${page}.md`,
        '只在终端警告一句，照样发出一个空 body',
        'prints a warning and sends an empty body',
      ),
    ),
  },
  {
    probe: 'mcp: an empty body, as curl sends for an @file it cannot read',
    at: both(
      'guide/adapter.md',
      '只在终端警告一句，照样发出一个空 body',
      'prints a warning and sends an empty body',
    ),
  },
  {
    probe: 'class: a token this class did not issue, and a student token at /class/api',
    at: both(
      'guide/adapter.md',
      '这个实验的后一半做不出来',
      'the second half of this experiment cannot be done',
    ),
  },
  {
    probe: 'mcp: malformed JSON',
    at: [...both('guide/refusals.md', '| JSON 写错了', '| Malformed JSON'), mcpReadme('| malformed JSON')],
  },
  {
    probe: ['mcp: a body that is not UTF-8', 'stdio: a line that is not UTF-8'],
    at: [
      ...both(
        'guide/refusals.md',
        '| body 或 stdio 的一行不是 UTF-8',
        '| A body or stdio line that is not UTF-8',
      ),
      mcpReadme('| a body that is not UTF-8'),
      mcpReadme('| stdio: a line that is not UTF-8'),
    ],
  },
  {
    probe: [
      'mcp: a body over the limit',
      'mcp: the rest of a refused body is drained, then the connection closes',
    ],
    at: [...both('guide/refusals.md', '| body 超过', '| A body over')],
  },
  {
    probe: [
      'mcp: a body over the limit',
      "rest: a memo's content over its limit",
      'mcp: the rest of a refused body is drained, then the connection closes',
    ],
    at: [mcpReadme('| body over')],
  },
  {
    probe: 'mcp: a Content-Type that is not JSON, a charset that is not UTF-8, a Content-Encoding',
    at: [
      ...both('guide/refusals.md', '| `Content-Type` 不是 JSON', '| A `Content-Type` that is not JSON'),
      mcpReadme('| `Content-Type` not JSON'),
    ],
  },
  {
    probe: ['mcp: JSON nested deeper than the bound', 'stdio: JSON nested deeper than the bound'],
    at: [
      ...both('guide/refusals.md', '| JSON 嵌套超过', '| JSON nested deeper than'),
      mcpReadme('| JSON nested deeper than'),
    ],
  },
  {
    probe: 'stdio: a line over the limit, and the next line served',
    at: [
      ...both('guide/refusals.md', '| stdio 的一行超过', '| A stdio line over'),
      mcpReadme('| stdio: a line over'),
    ],
  },
  {
    probe: [
      'mcp: _meta without a required key, or none, every time',
      'stdio: _meta without a required key, every time',
    ],
    at: [
      ...both(
        'guide/refusals.md',
        '| `params._meta` 缺少必需的键',
        '| `params._meta` without a required key',
      ),
      mcpReadme('| a request whose `_meta` lacks'),
      ...both(
        'guide/two-messages.md',
        '两种传输上都有测试守着这条规则',
        'Tests hold the rule on both transports',
      ),
    ],
  },
  {
    probe: 'mcp: Mcp-Name disagrees with the body',
    at: [
      ...both('guide/refusals.md', '| 请求头和 body 不一致', '| Headers that disagree with the body'),
      ...both('guide/two-messages.md', '它们方便网关按方法路由', 'They let a gateway route by method'),
      ...both('guide/inspector.md', '| **Network** |', '| **Network** |'),
      ...both('guide/record-replay.md', 'HTTP 还要比较方法、路径', 'over HTTP it also compares the method'),
      ...both('guide/transports.md', '能不能代替 body 里的 `method`', "replace the body's `method`"),
      ...both('reference/glossary.md', '| 头与 body 一致 |', '| header/body match |'),
      ...both(
        'playground.md',
        '5. **请求头和 body 不一致。**',
        '5. **Headers that disagree with the body.**',
      ),
      tourReadme('| 7 | 6 | the id 0 request'),
      tourReadme('| 7 | 6 | id 0 的请求'),
    ],
  },
  {
    probe: ['mcp: an unknown tool', 'mcp: a filter that does not parse (tool error, Memos words)'],
    at: [
      ...both(
        'guide/errors.md',
        '在 Streamable HTTP 上，请求先要过 HTTP 这一关',
        'On Streamable HTTP a request has to get past HTTP first',
      ),
    ],
  },
  {
    probe: ['mcp: an unknown tool', 'mcp: Mcp-Name disagrees with the body'],
    at: [...both('guide/errors.md', '第 5 步发送一个不存在的工具名', 'Step 5 sends an unknown tool name')],
  },
  {
    probe: 'mcp: an unknown tool',
    at: [
      ...both('guide/refusals.md', '| 不存在的工具 |', '| An unknown tool |'),
      ...both('guide/errors.md', 'MCP 用它表示未知工具', 'which MCP uses for an unknown tool'),
      ...both('reference/glossary.md', '| 协议错误 |', '| protocol error |'),
      mcpReadme('| unknown tool |'),
      mcpReadme('5. **Unknown tool**'),
      mcpReadme("the article's `Unknown tool: …`"),
      ['labs/03-two-errors/lab.json', '未知工具应是 JSON-RPC error'],
      ['labs/03-two-errors/lab.json', 'An unknown tool should be a JSON-RPC error'],
      ['labs/03-two-errors/lab.json', '对了一半：这已经是 JSON-RPC error'],
      ['labs/03-two-errors/lab.json', 'Half right: this is a JSON-RPC error'],
      ['labs/03-two-errors/lab.json', '都对了，但还有别处与文章的不同'],
      ['labs/03-two-errors/lab.json', 'are right, but it differs from the article’s elsewhere'],
      ['labs/03-two-errors/lab.json', '协议错误用 throw new ProtocolError'],
      ['labs/03-two-errors/lab.json', 'A protocol error is throw new ProtocolError'],
      ...both(
        'labs/two-errors.md',
        '协议错误用 throw new ProtocolError',
        'A protocol error is throw new ProtocolError',
      ),
    ],
  },
  {
    probe: 'mcp: a filter that does not parse (tool error, Memos words)',
    at: [
      ...both('guide/refusals.md', '| 工具参数不合 schema', '| Arguments that fail the schema'),
      ...both(
        'guide/errors.md',
        '一个 `isError: true` 的结果，HTTP 状态是多少',
        'What is the HTTP status of a result with',
      ),
      ...both('workshop/index.md', '就说明工具成功了。”', 'means the tool worked."'),
    ],
  },
  {
    probe: [
      'mcp: a filter that does not parse (tool error, Memos words)',
      'rest: a filter that does not parse',
      'rest: a write without a token',
      'rest: a missing memo',
    ],
    at: [
      ...both(
        'guide/errors.md',
        '上面的错误文字是文章里那个适配器的写法',
        "The error text above is the article's adapter's",
      ),
    ],
  },
  {
    probe: [
      'mcp: a tool error for a missing memo',
      'mcp: a tool call without a token',
      'mcp: a filter that does not parse (tool error, Memos words)',
      'mcp: a filter that does not parse (tool error, --error-text article)',
    ],
    at: [
      ...both(
        'guide/front-memos.md',
        'REST 失败会变成以状态开头的工具错误',
        'A REST failure becomes a tool error',
      ),
    ],
  },
  {
    probe: ['mcp: tools/list counts the tools', 'mcp: a tool call without a token'],
    at: [
      ...both(
        'guide/front-memos.md',
        '这时 `tools/list` 正好是 Memos 的 20 个工具',
        '`tools/list` now shows exactly',
      ),
    ],
  },
  {
    probe: 'mcp: a write tool with a read-only token',
    at: [
      ...both('guide/security.md', '| 服务端按令牌的权限范围拒绝 |', '| The server refuses what the token'),
      ...both(
        'guide/security.md',
        '最后一步的权限范围是一个**替身**',
        'The scope of the last step is a **stand-in**',
      ),
      mcpReadme('answered 403 with `WWW-Authenticate: Bearer error="insufficient_scope"'),
      ['demos/host/README.md', 'runs a security lesson instead'],
    ],
  },
  {
    probe: 'rest: a missing memo',
    at: [...both('guide/security.md', '| 没有防御：模型删掉了', '| No defence: the model deletes')],
  },
  {
    probe: 'rest: a missing memo',
    at: [mcpReadme('**Non-2xx**')],
  },
  {
    probe: 'mcp: a filter that does not parse (tool error, --error-text article)',
    at: [mcpReadme('shows the message alone and words a filter error')],
  },
  {
    probe: ['rest: a missing memo', 'mcp: a tool error for a missing memo'],
    at: [...both('guide/adapter.md', 'MCP 客户端看到的是什么', 'what does the MCP client see')],
  },
  {
    probe: 'mcp: a tool error for a missing memo',
    at: [...both('guide/adapter.md', '3. **REST 响应 → 工具结果。**', '3. **REST response → tool result.**')],
  },
  {
    probe: [
      'mcp: a filter that does not parse (tool error, Memos words)',
      'mcp: a filter that does not parse (tool error, --error-text article)',
    ],
    at: [
      ...both('guide/adapter.md', 'REST 的响应怎样变成工具结果', 'How a REST response becomes a tool result'),
    ],
  },
  {
    probe: ['rest: a missing memo', 'rest: a write without a token'],
    at: [
      ...both('labs/two-errors.md', '应该变成哪一种', 'Which kind should a REST'),
      ...both('workshop/answers.md', '应该变成哪一种', 'Which kind should a REST'),
      ...both('workshop/answers.md', '答：404（这条 memo 不存在）', 'Answer: a 404 (no such memo)'),
    ],
  },
  {
    probe: ['mcp: Mcp-Name disagrees with the body', 'mcp: MCP-Protocol-Version disagrees with the body'],
    at: [
      ...both(
        'guide/errors.md',
        '| 请求头缺失，或与 body 不一致',
        '| A header missing or disagreeing with the body',
      ),
    ],
  },
  {
    probe: [
      'mcp: Mcp-Name disagrees with the body',
      'mcp: MCP-Protocol-Version disagrees with the body',
      'mcp: an unsupported version in the header and the body',
    ],
    at: [
      ...both(
        'guide/errors.md',
        '说明哪个头与 body 不一致',
        'and a `message` naming the header that disagrees',
      ),
    ],
  },
  {
    probe: 'mcp: an unsupported version in the header and the body',
    at: [
      ...both('guide/errors.md', '| 协议版本不支持 |', '| Unsupported protocol version |'),
      ...both(
        'guide/discover-list-call.md',
        '“服务端必须实现”不等于',
        '"Servers must implement it" does not mean',
      ),
      ...both(
        'guide/what-changed.md',
        '`basic/versioning.mdx`：没有握手',
        '`basic/versioning.mdx`: there is no handshake',
      ),
    ],
  },
  {
    probe: 'mcp: a method the server does not offer (prompts/list, resources/list)',
    at: [
      ...both('guide/errors.md', '| 方法不存在', '| Method not found'),
      ...both(
        'guide/beyond-tools.md',
        '**只认工具的客户端看不出区别。**',
        '**Tools-only clients see no difference.**',
      ),
    ],
  },
  {
    probe: 'mcp: _meta without a required key, or none, every time',
    at: [
      ...both('guide/errors.md', '| `_meta` 缺少必填字段 |', '| A required `_meta` field missing |'),
      ...both('guide/two-messages.md', '- 在 HTTP 上：', '- over HTTP: `'),
      ...both('guide/two-messages.md', '文章没有印出这样的交换', 'The article prints no such exchange'),
      ...both('guide/what-changed.md', '的 **`_meta`** 一节', '- **`_meta`** in `basic/index.mdx`'),
      ...both('guide/what-changed.md', '第二个请求没带 `_meta`', 'the second has no `_meta`'),
      tourReadme('| 8 | 6 | "what if I forget `_meta`?"'),
      tourReadme('| 8 | 6 | “忘了 `_meta` 会怎样？”'),
      tourReadme('The server rejects it with'),
      tourReadme('服务端每次都以'),
    ],
  },
  {
    probe: 'stdio: _meta without a required key, every time',
    at: [...both('guide/two-messages.md', '- 在 stdio 上：同样是', '- over stdio: the same JSON-RPC error')],
  },
  {
    probe: [
      'mcp: Mcp-Name disagrees with the body',
      'mcp full: a delete from a client without the elicitation capability',
      'mcp: an unsupported version in the header and the body',
    ],
    at: [
      ...both(
        'guide/what-changed.md',
        '次要变化里和本套件有关的几项',
        'Among the minor changes, these matter for this kit',
      ),
    ],
  },
  {
    probe: 'mcp: a posted JSON-RPC response',
    at: [mcpReadme('| a posted JSON-RPC response')],
  },
  {
    probe: 'mcp: tools/list with a cursor',
    at: [mcpReadme('| `tools/list` with a `cursor`')],
  },
  {
    probe: 'mcp: a notification',
    at: [mcpReadme('| notification |')],
  },
  {
    probe: ['mcp: GET /mcp', 'mcp: a notification', 'mcp: a body over the limit'],
    at: [mcpReadme('a negative test for each checklist rule')],
  },
  {
    probe: ['mcp: GET /mcp', 'mcp: a foreign Host or Origin', 'mcp: a body over the limit'],
    at: [
      ...both('guide/record-replay.md', '录制器站在服务端前面', 'The recorder stands in front of the server'),
    ],
  },
  {
    probe: 'stdio: a version other than 2026-07-28',
    at: [
      mcpReadme('| stdio: envelope version other than 2026-07-28'),
      ['demos/stdio-pair/DIFFERENCES.md', '| request `_meta` |'],
      ['demos/stdio-pair/DIFFERENCES.zh.md', '| 请求里的 `_meta` |'],
    ],
  },
  {
    probe: 'stdio: a line that is not JSON, and one that is not JSON-RPC',
    at: [
      mcpReadme('| stdio: a line that is not JSON / not JSON-RPC'),
      ['demos/stdio-pair/DIFFERENCES.md', '| framing code |'],
      ['demos/stdio-pair/DIFFERENCES.zh.md', '| 分帧代码 |'],
      ...both('guide/stdio.md', '| 分帧代码 |', '| framing code |'),
    ],
  },
  {
    probe: [
      'stdio: a line that is not JSON, and one that is not JSON-RPC',
      'stdio: an unknown method and an unknown tool',
    ],
    at: [
      ['demos/stdio-pair/DIFFERENCES.md', '| bad input |'],
      ['demos/stdio-pair/DIFFERENCES.zh.md', '| 错误输入 |'],
    ],
  },

  // ---- The full profile: resources, input_required ----------------------------------------------------
  {
    probe: "mcp full: reading another user's private memo as a resource",
    at: [
      ...both(
        'guide/beyond-tools.md',
        '资源不是绕过权限的后门',
        'A resource is no back door around access rules',
      ),
      ...both(
        'guide/beyond-tools.md',
        '以 demo 的身份读 bob 的私有 memo',
        "As demo, reading bob's private memo",
      ),
      mcpReadme('| resources | every memo the caller may see'),
    ],
  },
  {
    probe: 'mcp full: a delete from a client without the elicitation capability',
    at: [
      ...both(
        'guide/input-required.md',
        '服务端只能要客户端在 `clientCapabilities` 里声明过的输入',
        'A server may only ask for the kinds of input a client declared',
      ),
      ...both(
        'guide/input-required.md',
        '- 服务端只能要客户端声明过的输入种类',
        '- A server may only ask for kinds of input the client declared',
      ),
      ...both(
        'guide/input-required.md',
        '演示的第 6、7 步就是本页的三段报文',
        "Steps 6 and 7 of the demo are this page's three exchanges",
      ),
      ...both('guide/hateoas.md', '**MCP 的 input_required。**', "**MCP's input_required.**"),
      ...both('guide/hateoas.md', '| 做不到时 |', '| when it cannot |'),
      mcpReadme('| `input_required` |'),
      ['demos/features/README.md', 'for a client without the elicitation capability'],
      ['demos/features/README.md', '声明之后得到'],
    ],
  },
  {
    probe: ['rest: a missing memo', 'mcp full: a delete the user declines'],
    at: [...both('guide/input-required.md', '这次结果是 `complete`', 'This time the result is `complete`')],
  },
  {
    probe: 'mcp full: a confirmed delete of a memo that is not there',
    at: [['docs/en/guide/input-required.md', 'The second is the retry with `inputResponses`']],
  },

  // ---- Counts and defaults ---------------------------------------------------------------------------
  {
    probe: [
      'mcp: an unknown tool',
      'mcp: a filter that does not parse (tool error, Memos words)',
      'mcp: Mcp-Name disagrees with the body',
    ],
    at: [
      ['docs/workshop/plans/half-day.json', '未知工具和筛选表达式写错'],
      ['docs/workshop/plans/half-day.json', 'An unknown tool and a broken filter'],
    ],
  },
  {
    probe: 'mcp: tools/list counts the tools',
    at: [
      ...both(
        'guide/your-assistant.md',
        '宿主把 20 个工具交给模型',
        'the host hands its 20 tools to the model',
      ),
      ...both('guide/discover-list-call.md', 'Memos 原来的目录有', "Memos' catalog has"),
      ...both('guide/discover-list-call.md', '导览的第 2、3、4 步', 'Steps 2, 3 and 4 of the tour'),
      ...both('guide/front-memos.md', '### 只有 Memos 的', "### Only Memos'"),
      ...both(
        'guide/inspector.md',
        '在 Node 24 上照原样运行这三条命令',
        'run these three commands as they stand, on Node 24',
      ),
      ...both('labs/add-tool.md', '4. 写 `run`', '4. Write `run`'),
      ...both(
        'labs/add-tool.md',
        '是从 OpenAPI 生成的；手写的这个工具',
        'tools are generated from OpenAPI; how does this hand-written',
      ),
      ...both('reference/fixtures.md', '- **节选**', '- **abridged**'),
      ['docs/guide/inspector.md', '你应该看到本套件的全部'],
      ['labs/04-add-tool/lab.json', 'tools/list 里有 memo_count_memos'],
      ['labs/04-add-tool/lab.json', 'tools/list has memo_count_memos'],
      ['fixtures/README.md', '| `04-tools-list` |'],
      ['packages/wire/README.md', '`abridged` 用于文章节选过的地方'],
      mcpReadme("Memos' own 73-operation document still gives"),
      mcpReadme('listing and calling all'),
      mcpReadme('through `pnpm serve` over HTTP and `pnpm mcp:stdio`: exactly'),
      mcpReadme('a 73-operation document gives'),
      tourReadme('| 3 | 3.2 | `tools/list` id 2'),
      tourReadme('| 3 | 3.2 | id 2 的 `tools/list`'),
    ],
  },
  {
    probe: 'pnpm serve: its defaults',
    at: [
      ...both('guide/quick-start.md', '| `pnpm serve` |', '| `pnpm serve` |'),
      ...both('guide/quick-start.md', '默认数据集是 `workshop`', 'The default dataset is `workshop`'),
      ...both(
        'guide/inspector.md',
        '它在 `http://127.0.0.1:5230/mcp` 上提供',
        'It serves Streamable HTTP at',
      ),
      ...both('guide/inspector.md', '| URL |', '| URL |'),
      ...both(
        'guide/security.md',
        '然后任选一个支持 OAuth 的 MCP 客户端连',
        'Then connect any MCP client with OAuth support',
      ),
      ...both('guide/beyond-tools.md', '本套件的默认配置 `article`', "The kit's default profile, `article`"),
      ...both('labs/rest-pitfalls.md', '自己动手试', 'Try it by hand'),
      ...both('workshop/index.md', '讲台上开两个终端', 'At the lectern, keep two terminals open'),
      ...both('workshop/index.md', '这是本套件的核心', 'This is the heart of the kit'),
      ['docs/guide/adapter.md', '在 `pnpm serve` 默认的工作坊数据集上'],
      ['README.md', '| `pnpm serve` | 在 `127.0.0.1:5230`'],
      ['README.md', '| `pnpm serve` | the mock Memos'],
      ['demos/sse-stream/README.md', '| `--url URL` | talk to a running server'],
      ['demos/sse-stream/README.md', '| `--url URL` | 连接已在运行的服务器'],
      ['labs/05-rest-pitfalls/lab.json', 'curl -s http://127.0.0.1:5230/api/v1/attachments'],
      restReadme('（默认 `127.0.0.1:5230`'),
      restReadme('| `workshop` (default) |'),
      restReadme('`workshop`（默认）有四'),
      mcpReadme('`--profile article` (the default)'),
      ...both(
        'guide/your-assistant.md',
        '条目写的是 `pnpm serve` 的地址',
        "The entry names `pnpm serve`'s address",
      ),
      ...both('guide/your-assistant.md', '- stdio 的练习：', '- A stdio lab:'),
    ],
  },
  {
    probe: ['rest: the article request (list memos)', 'pnpm serve: its defaults'],
    at: [
      ...both('guide/quick-start.md', '在默认的 `workshop` 数据集上', 'On the default `workshop` dataset'),
      ...both('guide/two-messages.md', '应该看到：REST 返回', 'for REST with the body `{"memos":[]}`'),
    ],
  },
  {
    probe: 'pnpm playground: its defaults',
    at: [
      ...both('playground.md', '它同时启动两样东西', 'It starts two things'),
      ...both('playground.md', '端口不同就是不同的来源', 'another port is another origin'),
    ],
  },
  {
    probe: 'pnpm replay: its defaults',
    at: [
      ...both('guide/record-replay.md', '`--port 0` 任选空闲端口', '`--port 0` picks a free one) and sends'),
    ],
  },
  {
    probe: ['pnpm replay: its defaults', 'replay: a request the recording lacks (pnpm replay fixtures)'],
    at: [
      ...both(
        'guide/record-replay.md',
        '你应该看到文章全部报文的时序图',
        "You should see the sequence diagram of all the article's exchanges",
      ),
    ],
  },
  {
    probe: 'pnpm demo: its defaults',
    at: [
      tourReadme('| `--pace article\\|fast` | `article` ('),
      tourReadme('| `--pace article\\|fast` | `article`（'),
    ],
  },

  // ---- The article's requests, answered -------------------------------------------------------------------
  {
    probe: 'rest: the article request (list memos)',
    at: [
      ...both('playground.md', '1. **REST 列表。**', '1. **A REST list.**'),
      ...both('labs/add-tool.md', 'run 里调用 listMemos', 'In run, call listMemos'),
      ['labs/04-add-tool/lab.json', 'run 里调用 listMemos'],
      ['labs/04-add-tool/lab.json', 'In run, call listMemos'],
    ],
  },
  {
    probe: 'mcp: the article request, answered',
    at: [
      ...both(
        'guide/quick-start.md',
        'body 是一行 JSON-RPC 响应',
        'and a body of one JSON-RPC response line',
      ),
    ],
  },
  {
    probe: "the article's exchanges",
    at: [
      ...both('guide/quick-start.md', '你应该看到：第 1 步', 'You should see step 1 put'),
      ...both('guide/streamable-http.md', '，application/json<br/>', ', application/json<br/>'),
      ...both('guide/streamable-http.md', '与响应头<br/>', 'and headers<br/>'),
      ...both('guide/streamable-http.md', '演示启动本机的适配器', 'The demo starts the adapter locally'),
      ...both('guide/record-replay.md', '从图上能直接读出', 'The diagram shows what the earlier pages say'),
      ['fixtures/README.md', '| `01-rest-list-memos` |'],
      ['fixtures/README.md', '| `06-unknown-tool` |'],
    ],
  },
  {
    probe: 'the SDK session the record-and-replay page draws (docs/public/recordings/sdk-session.jsonl)',
    at: [
      'S-->>C: 200 result',
      'S-->>C: 200 text/event-stream',
      'S-->>C: 200 error -32602',
      /S-->>C: 200$/,
    ].flatMap((line) => both('guide/record-replay.md', line, line)),
  },
  {
    probe: 'the attack steps the security page draws (docs/public/recordings/attack-*.jsonl)',
    at: ['S-->>C: 200 result', 'S-->>C: 403 error -32600', /S-->>C: 200$/, /S-->>C: 404$/].flatMap((line) =>
      both('guide/security.md', line, line),
    ),
  },
  {
    probe: 'replay: a request the recording lacks (pnpm replay fixtures)',
    at: [
      ...both(
        'guide/record-replay.md',
        '最后一条让导览不启动本套件的服务端',
        'The last one runs the tour against `pnpm replay`',
      ),
      ...both('guide/record-replay.md', '为什么是 `-31000`', 'Why `-31000`'),
    ],
  },
  {
    probe: ['line: the curl command on the line, sent to pnpm serve', 'pnpm serve: its defaults'],
    at: [
      ...both(
        'guide/refusals.md',
        '| `curl -i "http://127.0.0.1:5230/api/v1/memos/%ZZ"` |',
        '| `curl -i "http://127.0.0.1:5230/api/v1/memos/%ZZ"` |',
      ),
      ...both(
        'guide/refusals.md',
        '"http://127.0.0.1:5230/api/v1/memos" -H "Content-Type',
        '"http://127.0.0.1:5230/api/v1/memos" -H "Content-Type',
      ),
      ...both('guide/refusals.md', 'charset=latin-9000', 'charset=latin-9000'),
      ...both('guide/refusals.md', '/memos/bob-private-todo" -H', '/memos/bob-private-todo" -H'),
      ...both('guide/refusals.md', '/memos/bob-diary" -H', '/memos/bob-diary" -H'),
      ...both(
        'guide/refusals.md',
        '| `curl -i "http://127.0.0.1:5230/mcp"` |',
        '| `curl -i "http://127.0.0.1:5230/mcp"` |',
      ),
      ...both('guide/refusals.md', '-H "Host: evil.example"', '-H "Host: evil.example"'),
      ...both('guide/refusals.md', '-d "{"` |', '-d "{"` |'),
    ],
  },
  {
    probe: 'mcp: a browser origin not on the CORS list',
    at: [...both('playground.md', '`OPTIONS` 预检', '`OPTIONS` preflight')],
  },

  // ---- The mock Memos ------------------------------------------------------------------------------------
  {
    probe: "rest: another user's private memo",
    at: [restReadme('Admins get no extra read access')],
  },
  {
    probe: 'mcp: tools/list counts the tools',
    at: [
      ...both(
        'workshop/answers.md',
        '适配器的 20 个工具是从 OpenAPI 生成的',
        'The adapter’s 20 tools are generated',
      ),
    ],
  },
  {
    probe: ["rest: another user's private memo", 'rest: a missing memo'],
    at: [
      ...both(
        'guide/refusals.md',
        '把“有，但你看不到”和“根本没有”分开了',
        'tell "there, but not for you" from',
      ),
      ...both('guide/refusals.md', '- 读别人的私有 memo 得到', "- Another user's private memo gets"),
      ...both('workshop/answers.md', '- **读别人的私有 memo 得到', "- **Another user's private memo gets"),
      ['docs/workshop/plans/half-day.json', '读别人的私有 memo 得到 403'],
      ['docs/workshop/plans/half-day.json', 'Reading someone else’s private memo gets 403'],
      restReadme('`GET` on it answers'),
      restReadme('这并不隐藏它的存在'),
    ],
  },
  {
    probe: [
      "rest: another user's private memo",
      'rest: a missing memo',
      "rest: the relations of another user's private memo",
    ],
    at: [...both('guide/refusals.md', '藏不住这条 memo 的存在', 'do not hide that the memo exists')],
  },
  {
    probe: 'rest: a filter that does not parse',
    at: [restReadme('Every bad filter is a'), restReadme('写错时返回')],
  },
  {
    probe: 'rest: the relations of a memo that does not exist',
    at: [restReadme('**Missing memos are')],
  },
  {
    probe: "rest: the relations of another user's private memo",
    at: [
      ...both(
        'guide/refusals.md',
        '| 列出别人私有 memo 的关联 |',
        "| List the relations of another user's private memo |",
      ),
      restReadme('listing its relations is a'),
      restReadme('列出它的关联返回'),
    ],
  },
  {
    probe: "rest: relating a memo to another user's private memo",
    at: [
      ...both(
        'guide/refusals.md',
        '| 把自己的 memo 关联到别人的私有 memo |',
        "| Relate your memo to another user's private memo |",
      ),
      restReadme('and relating a memo to it is the'),
      restReadme('把 memo 关联到它返回'),
    ],
  },

  // ---- The HATEOAS demo's orders and memos -------------------------------------------------------------------
  {
    probe: 'hateoas: cancelling a paid order',
    at: [
      ...both('guide/hateoas.md', '用户在一个旧标签页里点了', 'A user clicks "cancel" in an old browser tab'),
      hateoasReadme('the vanishing button, the'),
      hateoasReadme('with an `application/problem+json` body saying why'),
      hateoasReadme('- Any other `POST` to an action is'),
      hateoasReadme('消失的按钮、'),
      hateoasReadme('3. **旧标签页。**'),
      hateoasReadme('- 其他对动作的 `POST` 一律'),
    ],
  },
  {
    probe: ['hateoas: cancelling a paid order', "mcp: a tool call that changes another user's memo"],
    at: [...both('guide/hateoas.md', '演示分三部分', 'The demo has three parts')],
  },
  {
    probe: 'hateoas: an unknown order, a wrong method',
    at: [
      hateoasReadme('An unknown order is a'),
      hateoasReadme('method a `'),
      hateoasReadme('未知订单是'),
      hateoasReadme('`Allow` 的 `'),
    ],
  },
];

export const asides: readonly Aside[] = [
  {
    at: [
      ['docs/workshop/plans/ninety-minutes.json', '“Who has not seen two 200s yet?”'],
      ['docs/workshop/plans/half-day.json', '“Who has not seen two 200s yet?”'],
    ],
    only: ['no request yet'],
    because:
      "the /class live view's label for a student row with no request (page.messages.json, quiet), not an answer to a request",
  },
  {
    at: [
      ...both(
        'guide/your-assistant.md',
        '- 练习 13（`pnpm connect cline --lab 13`）',
        '- Lab 13 (`pnpm connect cline --lab 13`)',
      ),
    ],
    because:
      "the pnpm serve line and the environment pnpm connect --lab 13 prints (lab.json's {issuer} filled with the issuer of the authorization server pnpm serve --auth oauth starts on its default --auth-port): docs/test/your-assistant.test.ts reads them from what the command prints",
  },
  {
    at: [
      ...both(
        'guide/security.md',
        '这个授权服务端只为 `/mcp`（和 REST API）签发令牌',
        'This authorization server issues tokens for `/mcp`',
      ),
    ],
    because:
      "an example of --auth-resource, lab 13's server at pnpm connect's default lab port: packages/connect/test/lab-oauth.test.ts starts pnpm serve with that option and gets a token for the lab's solution through it, and memos-mcp's oauth-cli.test.ts holds the option's rules and the banner line",
  },
  {
    at: [...both('guide/your-assistant.md', '- HTTP 的练习：', '- An HTTP lab:')],
    because:
      "pnpm connect's own default for a lab's HTTP server: docs/test/your-assistant.test.ts reads the port and the path from what the command prints",
  },
  {
    at: [...both('guide/your-assistant.md', 'alice 写过一条公开的', 'alice wrote a public one')],
    because:
      'a memo of the workshop dataset the page quotes, not an error text: docs/test/your-assistant.test.ts finds it through memo_list_memos',
  },
  {
    // The build track (labs 9 to 13): these lines say what the learner's own server must answer, which the
    // SDK or the learner's code decides, not the kit's servers.
    at: [
      ['docs/labs/stdio-server.md', '1. 打开 `server.ts`：它能启动、能回答 `se'],
      ['docs/en/labs/stdio-server.md', '1. Open `server.ts`: it starts'],
      ['docs/en/labs/stdio-server.md', 'REST says “the filter is wrong'],
      ['docs/labs/http-server.md', '你在浏览器里打开一个陌生网站，它的脚本向 http://12'],
      ['docs/labs/http-server.md', '浏览器会加上 Origin 头。规范（basic/trans'],
      ['docs/labs/http-server.md', '自己动手试：先运行 pnpm serve，再在另一个终端里设'],
      ['docs/en/labs/http-server.md', "You open a stranger's web site"],
      ['docs/en/labs/http-server.md', 'Browsers add an Origin header.'],
      ['docs/en/labs/http-server.md', 'Try it by hand: run pnpm serve'],
      ['docs/labs/resources-prompts.md', '读取函数的第二个参数是模板变量：{ id }。REST：GE'],
      ['docs/labs/resources-prompts.md', '资源是给人或宿主读的东西，按 URI 取；提示词是用户挑选的'],
      ['docs/en/labs/resources-prompts.md', "The read function's second arg"],
      ['docs/en/labs/resources-prompts.md', 'Resources are things to read, '],
      ['docs/labs/confirm-delete.md', '**目标**：加一个 delete_memo 工具：第一次调'],
      ['docs/labs/confirm-delete.md', '每个请求的 _meta["io.modelcontextpr'],
      ['docs/labs/confirm-delete.md', '你不用自己写 -32021：返回 inputRequired'],
      ['docs/en/labs/confirm-delete.md', '**Goal**: Add a delete_memo to'],
      ['docs/en/labs/confirm-delete.md', 'The model says “delete it”. Wh'],
      ['docs/en/labs/confirm-delete.md', 'Each request\'s _meta["io.model'],
      ['docs/en/labs/confirm-delete.md', 'You need not write -32021 your'],
      ['docs/labs/index.md', '| [12. 删除之前先问](./confirm-delet'],
      ['docs/en/labs/index.md', '| [12. Ask before you delete]('],
      ['labs/09-stdio-server/lab.json', 'REST says “the filter is wrong'],
      ['labs/09-stdio-server/lab.json', 'tools/list 得到 -32601（方法不存在）：服务'],
      ['labs/09-stdio-server/lab.json', 'tools/list gets -32601 (method'],
      ['labs/10-http-server/lab.json', '先运行 pnpm serve，再在另一个终端里设好 PORT'],
      ['labs/10-http-server/lab.json', 'run pnpm serve, then in a seco'],
      ['labs/10-http-server/lab.json', '你在浏览器里打开一个陌生网站，它的脚本向 http://12'],
      ['labs/10-http-server/lab.json', "You open a stranger's web site"],
      ['labs/10-http-server/lab.json', '浏览器会加上 Origin 头。规范（basic/trans'],
      ['labs/10-http-server/lab.json', 'Browsers add an Origin header.'],
      ['labs/10-http-server/lab.json', '127.0.0.1 类的服务：Host 头和 Origin 头 不是本机就 403'],
      ['labs/10-http-server/lab.json', 'a loopback server: a non-local Host or Origin gets 403'],
      ['labs/10-http-server/lab.json', '没有 _meta 的请求得到 400 和 -32602'],
      ['labs/10-http-server/lab.json', 'A request without _meta gets 4'],
      ['labs/10-http-server/lab.json', 'Mcp-Name 与 body 不一致时得到 400 和 -3202'],
      ['labs/10-http-server/lab.json', 'An Mcp-Name that disagrees wit'],
      ['labs/10-http-server/lab.json', '别的网站发来的请求（Origin 不是本机）得到 403，本'],
      ['labs/10-http-server/lab.json', 'A request from another web sit'],
      ['labs/10-http-server/lab.json', 'server/discover 没有得到 200 和 JSO'],
      ['labs/10-http-server/lab.json', 'server/discover did not get a '],
      ['labs/10-http-server/lab.json', '每个请求都要自带 _meta（协议版本、客户端能力）；缺了就'],
      ['labs/10-http-server/lab.json', 'Every request carries its own '],
      ['labs/10-http-server/lab.json', 'Mcp-* 头是 body 的镜像，网关凭它们路由；不一致必须拒绝（'],
      ['labs/10-http-server/lab.json', 'The Mcp-* headers mirror the b'],
      ['labs/10-http-server/lab.json', '浏览器里的网页也能向 127.0.0.1 发请求；Origi'],
      ['labs/10-http-server/lab.json', 'A web page in a browser can po'],
      ['labs/11-resources-prompts/lab.json', '读取函数的第二个参数是模板变量：{ id }。REST：GE'],
      ['labs/11-resources-prompts/lab.json', "The read function's second arg"],
      ['labs/11-resources-prompts/lab.json', '资源是给人或宿主读的东西，按 URI 取；提示词是用户挑选的'],
      ['labs/11-resources-prompts/lab.json', 'Resources are things to read, '],
      ['labs/11-resources-prompts/lab.json', '不存在的 memo 得到 -32602，data.uri 说'],
      ['labs/11-resources-prompts/lab.json', 'A memo that does not exist get'],
      ['labs/11-resources-prompts/lab.json', '2026-07-28 里“资源不存在”是 -32602，da'],
      ['labs/11-resources-prompts/lab.json', 'In 2026-07-28 “resource not fo'],
      ['labs/12-confirm-delete/lab.json', '加一个 delete_memo 工具：第一次调用时不删，而是'],
      ['labs/12-confirm-delete/lab.json', 'Add a delete_memo tool: the fi'],
      ['labs/12-confirm-delete/lab.json', 'The model says “delete it”. Wh'],
      ['labs/12-confirm-delete/lab.json', '每个请求的 _meta["io.modelcontextpr'],
      ['labs/12-confirm-delete/lab.json', 'Each request\'s _meta["io.model'],
      ['labs/12-confirm-delete/lab.json', '你不用自己写 -32021：返回 inputRequired'],
      ['labs/12-confirm-delete/lab.json', 'You need not write -32021 your'],
      ['labs/12-confirm-delete/lab.json', '不能回答表单的客户端（没声明 elicitation）得到 '],
      ['labs/12-confirm-delete/lab.json', 'A client that cannot answer a '],
      ['docs/labs/bearer-auth.md', '资源服务端只做三件事：用元数据说出谁发令牌，用 401 和 '],
      ['docs/labs/bearer-auth.md', '自己动手试：运行 pnpm serve --auth oau'],
      ['docs/labs/bearer-auth.md', '一个从没见过你的服务的客户端，拿到 401 以后怎么知道该去'],
      ['docs/labs/bearer-auth.md', '**目标**：给练习 10 的 HTTP 服务加上 Bear'],
      ['docs/labs/bearer-auth.md', '规范（basic/authorization）：401 必须'],
      ['docs/labs/bearer-auth.md', '令牌是 JWT（RFC 9068）：用 jose 的 cre'],
      ['docs/labs/index.md', '| [13. 只让持有令牌的人进来](./bearer-au'],
      ['docs/en/labs/bearer-auth.md', 'A resource server does three t'],
      ['docs/en/labs/bearer-auth.md', 'Try it by hand: run pnpm serve'],
      ['docs/en/labs/bearer-auth.md', 'A client that has never seen y'],
      ['docs/en/labs/bearer-auth.md', '**Goal**: Add bearer-token val'],
      ['docs/en/labs/bearer-auth.md', 'The spec (basic/authorization)'],
      ['docs/en/labs/bearer-auth.md', 'The token is a JWT (RFC 9068):'],
      ['docs/en/labs/index.md', '| [13. Only token holders get '],
      ['labs/13-bearer-auth/lab.json', 'Add bearer-token validation to'],
      ['labs/13-bearer-auth/lab.json', 'oauth-protected-resource/mcp 得到 200'],
      ['labs/13-bearer-auth/lab.json', 'oauth-protected-resource/mcp gets 200'],
      ['labs/13-bearer-auth/lab.json', '没有令牌的 POST /mcp 得到 401 和 WWW-A'],
      ['labs/13-bearer-auth/lab.json', 'A POST /mcp without a token ge'],
      ['labs/13-bearer-auth/lab.json', '同一个授权服务端发给 REST API 的令牌得到 401 '],
      ['labs/13-bearer-auth/lab.json', 'A token the same authorization'],
      ['labs/13-bearer-auth/lab.json', 'Memos 的个人访问令牌得到 401 invalid_to'],
      ['labs/13-bearer-auth/lab.json', 'A Memos personal access token '],
      ['labs/13-bearer-auth/lab.json', '{path} 应当回答 200 和受保护资源元数据（RFC '],
      ['labs/13-bearer-auth/lab.json', '{path} should answer 200 with '],
      ['labs/13-bearer-auth/lab.json', '没有令牌的请求应当得到 401，WWW-Authentica'],
      ['labs/13-bearer-auth/lab.json', 'A request without a token shou'],
      ['labs/13-bearer-auth/lab.json', '发给这个服务的有效令牌应当能调用工具：200，structu'],
      ['labs/13-bearer-auth/lab.json', 'A valid token issued to this s'],
      ['labs/13-bearer-auth/lab.json', '这个令牌签名是真的，但受众（aud）是 {what}，不是你'],
      ['labs/13-bearer-auth/lab.json', "This token's signature is real"],
      ['labs/13-bearer-auth/lab.json', '这是 {what} 的个人访问令牌，不是授权服务端发给你的令'],
      ['labs/13-bearer-auth/lab.json', 'This is a {what} personal acce'],
      ['labs/13-bearer-auth/lab.json', '声明和真令牌一字不差、签名却出自另一把密钥的令牌得到 4'],
      ['labs/13-bearer-auth/lab.json', "A token with the real one's cl"],
      ['labs/13-bearer-auth/lab.json', '这个令牌的头和声明（iss、aud、exp、scope）都抄'],
      ['labs/13-bearer-auth/lab.json', "This token's header and claims"],
      ['labs/13-bearer-auth/lab.json', '运行 pnpm serve --auth oauth --auth-re'],
      ['labs/13-bearer-auth/lab.json', 'run pnpm serve --auth oauth --auth-r'],
      ['labs/13-bearer-auth/lab.json', '一个从没见过你的服务的客户端，拿到 401 以后怎么知道该去'],
      ['labs/13-bearer-auth/lab.json', 'A client that has never seen y'],
      ['labs/13-bearer-auth/lab.json', '规范（basic/authorization）：401 必须'],
      ['labs/13-bearer-auth/lab.json', 'The spec (basic/authorization)'],
      ['labs/13-bearer-auth/lab.json', '令牌是 JWT（RFC 9068）：用 jose 的 cre'],
      ['labs/13-bearer-auth/lab.json', 'The token is a JWT (RFC 9068):'],
      ['labs/13-bearer-auth/lab.json', '给练习 10 的 HTTP 服务加上 Bearer 令牌检查'],
      ['labs/13-bearer-auth/lab.json', '资源服务端只做三件事：用元数据说出谁发令牌，用 401 和 '],
      ['labs/13-bearer-auth/lab.json', 'A resource server does three t'],
      ['docs/labs/bearer-auth.md', '按 TODO 2 写一个验证器（jose 的'],
      ['docs/en/labs/bearer-auth.md', 'Do TODO 2: write a verifier (j'],
      ['labs/13-bearer-auth/lab.json', '这个令牌应当得到 401 和 error='],
      ['labs/13-bearer-auth/lab.json', 'This token should get 401 and '],
      ['labs/11-resources-prompts/lab.json', '一个不是 memo id 的 id（带 ?）读不到 REST'],
      ['labs/11-resources-prompts/lab.json', 'An id that is not a memo id (h'],
      ['labs/11-resources-prompts/lab.json', '{uri} 里的 id 是 “{id}”，不是一个 memo'],
      ['labs/11-resources-prompts/lab.json', 'The id in {uri} is “{id}”, not'],
    ],
    because:
      "they state what a learner's own server must answer (or, in a hint, what the SDK does for it), not what the kit's servers do: each lab's check sends that request to the learner's server and compares, and pnpm lab --verify-all holds every solution to it and every starter against it",
  },
  {
    at: [
      ...both(
        'workshop/answers.md',
        '答：泄露了“这个名字的 memo 存在”',
        'Answer: that a memo by that name exists',
      ),
    ],
    only: ['404'],
    because:
      'the answer to a discussion question: a server that hid existence would answer 404 for both; the kit does not, as the line before says',
  },
  {
    at: [
      ...both(
        'guide/refusals.md',
        '3. **用协议自己的话回答。**',
        "3. **Answer in the protocol's own terms.**",
      ),
    ],
    because:
      'names the status the servers never give; the reliability tests send each kind of bad input and see none',
  },
  {
    at: [restReadme('| A bug in the mock |')],
    because:
      "a bug cannot be sent from outside: memos-rest's reliability test makes one in the store and checks this answer",
  },
  {
    at: [
      ...both(
        'guide/refusals.md',
        '| 一个请求里匹配正则所用的 CPU 时间',
        '| CPU time spent matching patterns, per request',
      ),
      restReadme('| CPU time spent matching patterns'),
    ],
    because:
      "how long a pattern takes depends on the machine: memos-rest's reliability test holds the 50 ms budget with a clock it controls",
  },
  {
    at: [
      ...both(
        'guide/refusals.md',
        '| 列出别人私有 memo 的关联 |',
        "| List the relations of another user's private memo |",
      ),
    ],
    only: ['200'],
    because: "Memos v0.30.0's answer, in the column about Memos (its source is under Sources)",
  },
  {
    at: [restReadme('listing its relations is a'), restReadme('列出它的关联返回')],
    only: ['200'],
    because: "Memos v0.30.0's answer, not the kit's",
  },
  {
    at: [
      restReadme('Memos on SQLite answers a repeated reaction with'),
      restReadme('重复的表情回应返回已有记录而不是'),
    ],
    because: "Memos v0.30.0's answer on SQLite, which the mock does not copy",
  },
  {
    at: [
      ...both('guide/adapter.md', '1. **OpenAPI → 工具。**', '1. **OpenAPI → tools.**'),
      mcpReadme('- **outputSchema**: the'),
      mcpReadme('without a JSON body gets'),
    ],
    because: "names a response of the OpenAPI document by its status, not an answer of the kit's",
  },
  {
    at: [
      ...both(
        'guide/record-replay.md',
        '录制里没有的请求得到一个 JSON-RPC 错误',
        'A request the recording lacks gets a JSON-RPC error',
      ),
    ],
    only: ['500'],
    because: 'names the status the replay never gives',
  },
  {
    at: [
      ...both('guide/host-loop.md', '| `KIT_MODEL_URL` |', '| `KIT_MODEL_URL` |'),
      ...both('guide/host-loop.md', 'Windows PowerShell', 'In Windows PowerShell'),
      ['demos/host/README.md', 'The default model is a labelled stand-in'],
    ],
    because: "the address of a model server the reader runs (Ollama's port), not one of the kit's",
  },
  {
    at: [
      ['demos/stdio-pair/README.md', 'or until about 8 KiB pile up'],
      ['demos/stdio-pair/README.md', '或积累到约 8 KiB'],
    ],
    because: "the size of Python's stdout buffer, which the article's server runs on",
  },
  {
    at: [['docs/en/guide/transports.md', 'Protocol message: JSON-RPC 2.0']],
    because: 'a label of the diagram, not an error text',
  },
  {
    at: [
      ['docs/en/playground.md', '4. **JSON next to SSE.**'],
      ['docs/en/playground.md', '6. **The two kinds of error.**'],
    ],
    because: "the names of the playground's buttons and examples, not error texts",
  },
  {
    at: [
      ['docs/en/guide/input-required.md', 'it says "these inputs are missing"'],
      ['docs/en/guide/hateoas.md', "**MCP's input_required.**"],
    ],
    only: ['these inputs are missing', "the user's confirmation is missing"],
    because: 'what the server means, in words, not a text it sends',
  },
  {
    at: [...both('guide/windows-and-stdio.md', '**现象。**', '**Symptom.**')],
    because: "Node's error on Windows when a program spawns npx by name, not the kit's",
  },
];

/**
 * Lines the test finds wrong that are being rewritten in another change: each must still be wrong in the way
 * `because` says. Once it holds, or the line is gone, the test fails so that the entry moves to `claims`.
 */
export const knownWrong: readonly (Claim & { because: string })[] = [];
