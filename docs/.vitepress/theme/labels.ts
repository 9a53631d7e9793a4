// Interface strings of the theme components, one set per locale of the site.

export interface Labels {
  request: string;
  response: string;
  stdin: string;
  stdout: string;
  legend: string;
  envelope: string;
  protocol: string;
  business: string;
  transport: string;
  mirror: string;
  abridged: string;
  written: string;
  noHead: string;
  derivedHead: string;
  printedBody: string;
  headersSent: string;
  eventSent: string;
  section: string;
  extras: Record<string, string>;
  table: {
    id: string;
    title: string;
    section: string;
    transport: string;
    dataset: string;
    compare: string;
    files: string;
  };
  exact: string;
  abridgedShort: string;
  unknownFixture: string;
}

const zh: Labels = {
  request: '请求',
  response: '响应',
  stdin: 'Client 写入 Server 的 stdin（一行）',
  stdout: 'Server 写入 stdout（一行）',
  legend: '颜色图例',
  envelope: 'JSON-RPC 信封',
  protocol: 'MCP 协议字段',
  business: '业务数据',
  transport: 'HTTP 传输',
  mirror: 'Mcp-* 请求头（镜像 body，属协议层）',
  abridged: '节选',
  written: '补写',
  noHead: '文章只印出了 body，这里按原样展示。',
  derivedHead: '文章只印出 body；客户端必须同时发送的请求行和请求头（由本套件按 body 推导）：',
  printedBody: '文章印出的 body：',
  headersSent: '发出状态行和响应头',
  eventSent: '写入一条 SSE 事件',
  section: '文章第',
  extras: {
    stderr: 'Server 的 stderr（日志）',
    stdout: 'Client 打印到自己 stdout 的业务结果',
    terminal: '终端里看到的',
  },
  table: {
    id: 'id',
    title: '内容',
    section: '文章章节',
    transport: '传输',
    dataset: '数据集',
    compare: '比较方式',
    files: '文件',
  },
  exact: '同一 JSON 值',
  abridgedShort: '节选（活服务器可多出字段）',
  unknownFixture: '没有这个报文',
};

const en: Labels = {
  request: 'Request',
  response: 'Response',
  stdin: "Client writes to the server's stdin (one line)",
  stdout: 'Server writes to its stdout (one line)',
  legend: 'Colour legend',
  envelope: 'JSON-RPC envelope',
  protocol: 'MCP protocol fields',
  business: 'Business data',
  transport: 'HTTP transport',
  mirror: 'Mcp-* headers (mirror the body; protocol layer)',
  abridged: 'abridged',
  written: 'written by the kit',
  noHead: 'The article prints only the body; it is shown as printed.',
  derivedHead:
    'The article prints only the body; the request line and headers a client must send with it (derived from the body by the kit):',
  printedBody: 'The body as the article prints it:',
  headersSent: 'status line and headers sent',
  eventSent: 'one SSE event written',
  section: 'Article section',
  extras: {
    stderr: "The server's stderr (logs)",
    stdout: 'What the client prints on its own stdout',
    terminal: 'What the terminal shows',
  },
  table: {
    id: 'id',
    title: 'What it shows',
    section: 'Article section',
    transport: 'Transport',
    dataset: 'Dataset',
    compare: 'Compared',
    files: 'Files',
  },
  exact: 'same JSON value',
  abridgedShort: 'abridged (a live server may add fields)',
  unknownFixture: 'No such fixture',
};

export function labelsFor(lang: string): Labels {
  return lang.startsWith('zh') ? zh : en;
}

export function isChinese(lang: string): boolean {
  return lang.startsWith('zh');
}
