import { commandArgsEnv, inHome, mcpServersJson, urlHeaders } from './shapes.ts';
import type { HostSpec } from './types.ts';

export const cursor: HostSpec = {
  id: 'cursor',
  name: 'Cursor',
  summary: {
    zh: '项目里的 .cursor/mcp.json，或用户的 ~/.cursor/mcp.json，键 mcpServers；HTTP 只写 url，Cursor 自己判断是 Streamable HTTP 还是 SSE。',
    en: "The project's .cursor/mcp.json or the user's ~/.cursor/mcp.json, key mcpServers; for HTTP only a url, and Cursor works out Streamable HTTP or SSE itself.",
  },
  after: {
    zh: '重启 Cursor，在设置的 MCP 一栏确认 memos 亮起并列出工具，然后在 Agent 对话里提问。',
    en: "Restart Cursor, check in Settings' MCP section that memos is on and lists its tools, then ask in an Agent chat.",
  },
  docs: [{ url: 'https://cursor.com/docs/mcp', read: 'reference notes, 2026-11' }],
  scopes: {
    user: {
      ...mcpServersJson,
      path: inHome('.cursor/mcp.json'),
    },
    project: { ...mcpServersJson, path: '.cursor/mcp.json' },
  },
  entry: { stdio: commandArgsEnv, http: urlHeaders },
  unverified: [
    {
      zh: '本次没有重读 Cursor 的页面（它不在能查到的资料里）；字段取自套件的宿主资料。Windows 上 ~ 是 %USERPROFILE%，这是推断。',
      en: "Cursor's page was not re-read this time (it is not in the stored sources); the fields come from the kit's host notes. ~ being %USERPROFILE% on Windows is inferred.",
    },
  ],
};
