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
    zh: '重启 Cursor，在设置的 MCP 一栏确认 {name} 亮起并列出工具，然后在 Agent 对话里提问。',
    en: "Restart Cursor, check in Settings' MCP section that {name} is on and lists its tools, then ask in an Agent chat.",
  },
  docs: [
    { url: 'https://cursor.com/docs/mcp', read: 'through public copies, 2026-12-05' },
    {
      url: 'https://docs.cursor.com/context/model-context-protocol',
      read: "Cursor's own earlier page, stored copy read 2026-12-05",
    },
  ],
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
      zh: '文件位置、mcpServers 键和 command、args、env 取自 Cursor 自己的文档（docs.cursor.com 的旧页面）；远程服务端的 headers 只在现在这一页的公开转载里读到。Windows 上 ~ 是 %USERPROFILE%，这是推断。',
      en: "The files, the mcpServers key and command, args and env come from Cursor's own docs (the earlier docs.cursor.com page); headers for a remote server were read in public copies of the current page only. ~ being %USERPROFILE% on Windows is inferred.",
    },
  ],
};
