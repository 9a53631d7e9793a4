// The site's pages, in reading order, with their titles in both languages. The sidebars of both
// locales come from this one list, so a page cannot exist in one language's navigation only.

export interface PageEntry {
  path: string;
  zh: string;
  en: string;
}

export interface PageGroup {
  zh: string;
  en: string;
  pages: PageEntry[];
}

export const pageGroups: PageGroup[] = [
  {
    zh: '开始',
    en: 'Start here',
    pages: [{ path: 'guide/quick-start', zh: '快速上手', en: 'Quick start' }],
  },
  {
    zh: '跟着文章读报文',
    en: 'The article, message by message',
    pages: [
      { path: 'guide/two-messages', zh: '1. 同一个动作，两种报文', en: '1. One action, two messages' },
      { path: 'guide/transports', zh: '2. HTTP 是 MCP 的一种传输', en: '2. HTTP is one transport of MCP' },
      { path: 'guide/discover-list-call', zh: '3. 发现、目录与调用', en: '3. Discover, list, call' },
      { path: 'guide/layers', zh: '4. 协议字段和业务字段', en: '4. Protocol fields and business fields' },
      { path: 'guide/errors', zh: '5. 结果与两种错误', en: '5. Results and the two kinds of error' },
      { path: 'guide/adapter', zh: '6. 两种接口如何配合', en: '6. How the two interfaces work together' },
      { path: 'guide/stdio', zh: '7. stdio：一行一条消息', en: '7. stdio: one message per line' },
      { path: 'guide/streamable-http', zh: '8. Streamable HTTP 与 SSE', en: '8. Streamable HTTP and SSE' },
      { path: 'guide/hateoas', zh: '9. HATEOAS 与 MCP', en: '9. HATEOAS and MCP' },
    ],
  },
  {
    zh: '协议版本',
    en: 'Protocol versions',
    pages: [{ path: 'guide/what-changed', zh: '与 2025-11-25 相比', en: 'What changed since 2025-11-25' }],
  },
  {
    zh: '课堂环境',
    en: 'In the classroom',
    pages: [
      { path: 'guide/inspector', zh: '用 MCP Inspector 看本套件', en: 'The kit in MCP Inspector' },
      { path: 'guide/windows-and-stdio', zh: 'Windows 与 stdio 的坑', en: 'Windows and stdio pitfalls' },
    ],
  },
  {
    zh: '教学',
    en: 'Teaching',
    pages: [{ path: 'workshop/', zh: '工作坊指南', en: 'Workshop guide' }],
  },
  {
    zh: '参考',
    en: 'Reference',
    pages: [
      { path: 'reference/fixtures', zh: '报文清单', en: 'Fixture catalog' },
      { path: 'reference/glossary', zh: '术语表', en: 'Glossary' },
      { path: 'reference/article', zh: '关于原文', en: 'About the article' },
    ],
  },
];

export const allPages: PageEntry[] = pageGroups.flatMap((group) => group.pages);
