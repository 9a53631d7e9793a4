// Interface strings of the playground, one set per locale (the type makes both languages have every key).

export interface PlaygroundLabels {
  server: string;
  serverHint: string;
  rest: string;
  mcp: string;
  preset: string;
  method: string;
  path: string;
  headers: string;
  addHeader: string;
  body: string;
  send: string;
  sending: string;
  stop: string;
  follow: string;
  followHint: string;
  mode: string;
  modeJson: string;
  modeSse: string;
  modeHint: string;
  forbidden: string;
  response: string;
  status: string;
  headersAt: string;
  eventAt: string;
  waiting: string;
  streaming: string;
  failed: string;
  failedHint: string;
  noBody: string;
  remove: string;
  noAnswer: string;
  reindented: string;
  raw: string;
  rawHint: string;
  chunkAt: string;
  bytes: string;
  back: string;
  backHint: string;
}

const zh: PlaygroundLabels = {
  server: '服务器',
  serverHint: '用 pnpm playground 启动时已经填好；也可以在地址里加 ?server=http://127.0.0.1:端口',
  rest: 'REST',
  mcp: 'MCP（Streamable HTTP）',
  preset: '预设（来自文章的报文）',
  method: '方法',
  path: '路径',
  headers: '请求头',
  addHeader: '加一行请求头',
  body: 'body',
  send: '发送',
  sending: '发送中…',
  stop: '停止',
  follow: 'Mcp-* 请求头跟随 body',
  followHint: '关掉后可以手改 Mcp-Method / Mcp-Name，看服务器怎样拒绝不一致的请求',
  mode: '响应方式',
  modeJson: 'JSON',
  modeSse: 'SSE',
  modeHint:
    'SSE：Accept 加上 text/event-stream，并在 _meta 里加 progressToken。Accept 只说明客户端能读什么；本服务器在调用要求进度时才改用 SSE。',
  forbidden: '浏览器不允许网页设置这个请求头，发送时会跳过（Host 由浏览器按服务器地址自己写）',
  response: '响应',
  status: '状态',
  headersAt: '收到状态行和响应头',
  eventAt: '收到 SSE 事件',
  waiting: '等待响应…',
  streaming: '流还开着，事件到一条显示一条…',
  failed: '请求没有发出去或被浏览器拦下：',
  failedHint:
    '服务器在运行吗？这个网页的来源在它的 --cors-origin 名单里吗？（pnpm playground 会自动设置好。）',
  noBody: '（没有 body）',
  remove: '删除',
  noAnswer: '还没有发送。按“发送”后，回答显示在这里，和另一边的回答并排。',
  reindented: '已重新缩进，便于阅读',
  raw: '原始字节',
  rawHint: '显示服务器发来的原样字节：不重新缩进；SSE 按网络送达的分块显示',
  chunkAt: '收到分块',
  bytes: '字节',
  back: '请求',
  backHint: '回到这一边的请求',
};

const en: PlaygroundLabels = {
  server: 'Server',
  serverHint:
    'Filled in when pnpm playground starts the page; or add ?server=http://127.0.0.1:PORT to the address',
  rest: 'REST',
  mcp: 'MCP (Streamable HTTP)',
  preset: "Preset (the article's messages)",
  method: 'Method',
  path: 'Path',
  headers: 'Headers',
  addHeader: 'Add a header',
  body: 'Body',
  send: 'Send',
  sending: 'Sending…',
  stop: 'Stop',
  follow: 'Mcp-* headers follow the body',
  followHint: 'Turn it off to edit Mcp-Method / Mcp-Name by hand and watch the server refuse the mismatch',
  mode: 'Answer as',
  modeJson: 'JSON',
  modeSse: 'SSE',
  modeHint:
    'SSE: Accept adds text/event-stream and _meta gets a progressToken. Accept only says what the client can read; this server streams when a call asks for progress.',
  forbidden:
    'A page may not set this header, so it is not sent (the browser writes Host from the server address)',
  response: 'Response',
  status: 'Status',
  headersAt: 'status line and headers received',
  eventAt: 'SSE event received',
  waiting: 'Waiting for the answer…',
  streaming: 'The stream is open; each event shows as it arrives…',
  failed: 'The request did not go out or the browser blocked it:',
  failedHint:
    "Is the server running? Is this page's origin on its --cors-origin list? (pnpm playground sets both up.)",
  noBody: '(no body)',
  remove: 'Remove',
  noAnswer: "Nothing sent yet. Press Send and the answer shows here, next to the other side's.",
  reindented: 'Re-indented for reading',
  raw: 'raw bytes',
  rawHint:
    'Show the bytes exactly as the server sent them: not re-indented; SSE in the chunks the network delivered',
  chunkAt: 'chunk received',
  bytes: 'bytes',
  back: 'Request',
  backHint: "Back to this side's request",
};

export function playgroundLabels(lang: string): PlaygroundLabels {
  return lang.startsWith('zh') ? zh : en;
}
