import { type DefaultTheme, defineConfig } from 'vitepress';
import { withMermaid } from 'vitepress-plugin-mermaid';
import { publishMermaid, serveMermaid } from './mermaid-runtime.ts';
import { pageGroups } from './pages.ts';
import { repositoryLinks } from './repository.ts';
import { searchTokens } from './search-tokens.ts';
import { publishTourSchema, serveTourSchema } from './tour-schema.ts';

type Locale = 'zh' | 'en';

function sidebar(locale: Locale): DefaultTheme.SidebarItem[] {
  const prefix = locale === 'zh' ? '/' : '/en/';
  return pageGroups.map((group) => ({
    text: group[locale],
    items: group.pages.map((page) => ({ text: page[locale], link: `${prefix}${page.path}` })),
  }));
}

function nav(locale: Locale): DefaultTheme.NavItem[] {
  const prefix = locale === 'zh' ? '/' : '/en/';
  const zh = locale === 'zh';
  return [
    { text: zh ? '快速上手' : 'Quick start', link: `${prefix}guide/quick-start` },
    { text: zh ? '跟着文章读' : 'The article', link: `${prefix}guide/two-messages` },
    { text: zh ? '工作坊' : 'Workshop', link: `${prefix}workshop/` },
    { text: zh ? '报文清单' : 'Fixtures', link: `${prefix}reference/fixtures` },
    { text: zh ? '术语表' : 'Glossary', link: `${prefix}reference/glossary` },
  ];
}

export default withMermaid(
  defineConfig({
    title: 'Memos: REST vs MCP',
    description:
      'A teaching kit that puts a REST API and MCP (2026-07-28) side by side on one Memos operation.',
    cleanUrls: false,
    lastUpdated: false,
    head: [['link', { rel: 'icon', type: 'image/svg+xml', href: '/favicon.svg' }]],
    async buildEnd(site) {
      publishTourSchema(site.outDir);
      // Awaited, so a mermaid file that cannot be published fails the build instead of leaving it blank.
      await publishMermaid(site.outDir);
    },
    vite: {
      // serveMermaid: mermaid's own browser build, loaded as it is instead of bundled (mermaid-runtime.ts).
      plugins: [serveTourSchema(), serveMermaid()],
      // `pnpm docs:dev` listens on loopback like every server of the kit, and says 127.0.0.1 as the README
      // does (Vite's default, `localhost`, may resolve to ::1).
      server: { host: '127.0.0.1' },
      build: {
        // The site's own chunks are small now that mermaid is not one of them; gzip-sizing them costs
        // build time and tells nobody anything.
        reportCompressedSize: false,
      },
    },
    markdown: {
      // 1.6.4 has no per-locale container labels; Chinese pages give their own titles.
      lineNumbers: false,
      // A link to a file of the kit leaves the site: it goes to the repository on the web instead.
      config: (md) => repositoryLinks(md),
    },
    locales: {
      root: {
        label: '简体中文',
        lang: 'zh-CN',
        title: 'Memos：REST 与 MCP',
        description: '用 Memos 的“列出 memo”对照 REST API 与 MCP（2026-07-28）的教学套件',
        themeConfig: {
          nav: nav('zh'),
          sidebar: sidebar('zh'),
          outline: { level: [2, 3], label: '本页目录' },
          docFooter: { prev: '上一页', next: '下一页' },
          langMenuLabel: '切换语言',
          returnToTopLabel: '回到顶部',
          sidebarMenuLabel: '目录',
          darkModeSwitchLabel: '外观',
          lightModeSwitchTitle: '切换到浅色模式',
          darkModeSwitchTitle: '切换到深色模式',
          notFound: { title: '页面不存在', quote: '这个地址没有页面。', linkText: '回到首页' },
        },
      },
      en: {
        label: 'English',
        lang: 'en-US',
        link: '/en/',
        title: 'Memos: REST vs MCP',
        themeConfig: {
          nav: nav('en'),
          sidebar: sidebar('en'),
          outline: { level: [2, 3], label: 'On this page' },
        },
      },
    },
    themeConfig: {
      search: {
        provider: 'local',
        options: {
          miniSearch: {
            options: {
              tokenize: searchTokens,
            },
          },
          locales: {
            root: {
              translations: {
                button: { buttonText: '搜索', buttonAriaLabel: '搜索' },
                modal: {
                  displayDetails: '显示详情',
                  resetButtonTitle: '清除',
                  backButtonTitle: '关闭搜索',
                  noResultsText: '没有找到',
                  footer: { selectText: '选择', navigateText: '切换', closeText: '关闭' },
                },
              },
            },
          },
        },
      },
    },
    mermaid: {
      securityLevel: 'strict',
      // Sequence diagrams: Mermaid sets an opt/alt/loop frame's label and condition by a fixed height, which
      // the line height of a Chinese font exceeds, so their text rode over the frame's top line. A taller
      // label box and a wider margin keep both inside, in either language.
      sequence: { labelBoxHeight: 26, boxTextMargin: 8 },
    },
  }),
);
