export type Lang = 'zh' | 'en';

export interface Bilingual {
  zh: string;
  en: string;
}

/** Every fixed string the tour prints, in both languages, so a class can follow in either. */
const messages = {
  tourTitle: {
    zh: 'MCP 是不是也是 HTTP？报文导览（MCP 2026-07-28）',
    en: 'Is MCP just HTTP? A tour of the wire (MCP 2026-07-28)',
  },
  legend: { zh: '颜色', en: 'Colours' },
  layerEnvelope: { zh: 'JSON-RPC 信封', en: 'JSON-RPC envelope' },
  layerProtocol: { zh: 'MCP 协议字段', en: 'MCP protocol fields' },
  layerBusiness: { zh: '业务数据', en: 'business data' },
  layerHttp: { zh: 'HTTP 传输', en: 'HTTP transport' },
  serverStarted: { zh: '已启动服务', en: 'Server started' },
  dataset: { zh: '数据集', en: 'dataset' },
  stdioStarted: { zh: '已启动 stdio 子进程', en: 'Started the stdio child process' },
  step: { zh: '步骤', en: 'Step' },
  section: { zh: '文章第', en: 'Article section' },
  sectionSuffix: { zh: '节', en: '' },
  request: { zh: '请求', en: 'Request' },
  response: { zh: '响应', en: 'Response' },
  sent: { zh: '写入 stdin 的一行', en: 'Line written to stdin' },
  received: { zh: '从 stdout 读到的一行', en: 'Line read from stdout' },
  stderr: { zh: 'stderr（日志，不属于协议）', en: 'stderr (logs, not protocol)' },
  headersAt: { zh: '响应头', en: 'headers' },
  eventAt: { zh: '事件', en: 'event' },
  endAt: { zh: '响应结束', en: 'response ended' },
  decoded: { zh: '解析出的 JSON-RPC 消息', en: 'Decoded JSON-RPC message' },
  matches: { zh: '与文章一致', en: 'matches the article' },
  matchesAbridged: { zh: '与文章一致（文章为节选）', en: 'matches the article (the article abridges)' },
  differs: { zh: '与文章不一致', en: 'differs from the article' },
  expectation: { zh: '符合规范', en: 'as the spec requires' },
  kitExchange: {
    zh: '文章没有印出这次交换；它由本项目从 id 0 的请求改动一个请求头得到。',
    en: 'The article does not print this exchange; the kit built it from the id 0 request by changing one header.',
  },
  reindented: {
    zh: '（线上是一行 {bytes} 字节的 JSON，此处缩进显示）',
    en: '(one line of {bytes} bytes on the wire; indented here)',
  },
  bodyOmitted: {
    zh: '响应 body 共 {bytes} 字节，这里显示摘要（完整内容见 --json）',
    en: 'Response body: {bytes} bytes, summarised here (the full body is in --json)',
  },
  toolsTable: { zh: '工具目录（{count} 个）', en: 'Tool catalog ({count} tools)' },
  colTool: { zh: '工具', en: 'tool' },
  colRoute: { zh: 'REST 映射', en: 'REST route' },
  colHints: { zh: '提示', en: 'hints' },
  readOnly: { zh: '只读', en: 'read-only' },
  destructive: { zh: '破坏性', en: 'destructive' },
  writes: { zh: '写入', en: 'writes' },
  fullDefinition: { zh: 'memo_list_memos 的完整定义', en: 'The full definition of memo_list_memos' },
  filterHelp: {
    zh: 'filter 参数的说明（\\n 展开为换行）',
    en: 'The filter argument’s help (\\n expanded)',
  },
  pressEnter: {
    zh: '按 Enter 继续，q 退出',
    en: 'Press Enter to continue, q to quit',
  },
  pressEnterToStart: { zh: '按 Enter 开始，q 退出', en: 'Press Enter to begin, q to quit' },
  quit: { zh: '已退出导览。', en: 'Tour ended.' },
  interrupted: {
    zh: '已中断，服务和子进程均已关闭。',
    en: 'Interrupted; servers and child process stopped.',
  },
  summaryAll: {
    zh: '{total} 个步骤全部与文章一致。',
    en: 'All {total} steps match the article.',
  },
  summaryOne: { zh: '这个步骤与文章一致。', en: 'The step matches the article.' },
  summarySome: {
    zh: '{total} 个步骤中有 {failed} 个与文章不一致：{which}',
    en: '{failed} of {total} steps differ from the article: {which}',
  },
  listHeading: { zh: '导览步骤', en: 'Tour steps' },
} satisfies Record<string, Bilingual>;

export type MessageKey = keyof typeof messages;

export function t(lang: Lang, key: MessageKey, vars: Record<string, string | number> = {}): string {
  return messages[key][lang].replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in vars ? String(vars[name]) : whole,
  );
}
