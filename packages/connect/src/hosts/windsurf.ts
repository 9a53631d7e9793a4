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
    zh: '在 Cascade 的 MCP 面板里点刷新按钮，确认 memos 列出了工具，然后在 Cascade 里提问。',
    en: "Press the refresh button in Cascade's MCP panel, check that memos lists its tools, then ask Cascade.",
  },
  docs: [{ url: 'https://docs.windsurf.com/windsurf/cascade/mcp', read: '2026-12-05' }],
  scopes: {
    user: {
      ...mcpServersJson,
      path: inHome('.codeium/windsurf/mcp_config.json'),
    },
  },
  entry: { stdio: commandArgsEnv, http: { serverUrl: '{{url}}', headers: '{{headers}}' } },
  unverified: [
    {
      zh: '文档里读到的部分没有 HTTP 的例子；serverUrl 取自 GitHub 的 Windsurf 安装指南和厂商说明（它们说 url 连不上）。Windows 路径是从 ~ 推出来的。',
      en: "The parts of the docs read show no HTTP example; serverUrl comes from GitHub's Windsurf install guide and a vendor's note (which says url does not connect). The Windows path is derived from ~.",
    },
  ],
};
