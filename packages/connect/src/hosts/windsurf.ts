import { commandArgsEnv, inHome, mcpServersJson } from './shapes.ts';
import type { HostSpec } from './types.ts';

export const windsurf: HostSpec = {
  id: 'windsurf',
  name: 'Windsurf',
  summary: {
    zh: '~/.codeium/windsurf/mcp_config.json（MCP 面板的 View Raw Config），键 mcpServers；HTTP 服务端的地址写在 serverUrl 里。',
    en: "~/.codeium/windsurf/mcp_config.json (View Raw Config in the MCP panel), key mcpServers; an HTTP server's address goes in serverUrl.",
  },
  after: {
    zh: '在 Cascade 的 MCP 面板里点刷新按钮，确认 {name} 列出了工具，然后在 Cascade 里提问。',
    en: "Press the refresh button in Cascade's MCP panel, check that {name} lists its tools, then ask Cascade.",
  },
  docs: [
    { url: 'https://docs.windsurf.com/windsurf/cascade/mcp', read: 'localized pages, 2026-12-05' },
    {
      url: 'https://github.com/github/github-mcp-server/blob/main/docs/installation-guides/install-windsurf.md',
      read: 'github/github-mcp-server@ed6c6711',
    },
  ],
  scopes: {
    user: {
      ...mcpServersJson,
      path: inHome('.codeium/windsurf/mcp_config.json'),
    },
  },
  entry: { stdio: commandArgsEnv, http: { serverUrl: '{{url}}', headers: '{{headers}}' } },
  unverified: [
    {
      zh: 'Windsurf 自己的页面核对了文件（mcp_config.json）、mcpServers 键和 stdio 的 command、args、env，没读到 HTTP 的例子；serverUrl 加 headers 取自 GitHub 的 Windsurf 安装指南。Windows 路径是从 ~ 推出来的。',
      en: "Windsurf's own pages confirm the file (mcp_config.json), the mcpServers key and stdio's command, args and env, but no HTTP example was read there; serverUrl with headers comes from GitHub's Windsurf install guide. The Windows path is derived from ~.",
    },
  ],
};
