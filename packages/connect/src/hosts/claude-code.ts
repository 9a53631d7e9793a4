import { inHome, typedHttp, typedStdio } from './shapes.ts';
import type { HostSpec } from './types.ts';

export const claudeCode: HostSpec = {
  id: 'claude-code',
  name: 'Claude Code',
  summary: {
    zh: '用户范围在 ~/.claude.json 顶层的 mcpServers（这个文件也存着 Claude Code 的其他状态），项目范围在项目根目录的 .mcp.json。也可以用 claude mcp add-json。',
    en: "User scope: the top-level mcpServers of ~/.claude.json (a file that also holds Claude Code's other state); project scope: .mcp.json at the project root. claude mcp add-json works too.",
  },
  after: {
    zh: '新开一个 claude 会话，输入 /mcp 看 {name} 是否已连接；项目里的 .mcp.json 第一次用时会问你是否批准。',
    en: 'Start a new claude session and type /mcp to see {name} connected; a project .mcp.json asks for your approval the first time.',
  },
  docs: [
    { url: 'https://code.claude.com/docs/en/mcp', read: 'through public copies, 2026-12-05' },
    { url: 'https://docs.anthropic.com/zh-CN/docs/claude-code/sdk/sdk-mcp', read: 'stored copy, 2026-12-05' },
    {
      url: 'https://github.com/anthropics/claude-code/blob/main/CHANGELOG.md',
      read: 'anthropics/claude-code@5cfc0a19',
    },
  ],
  scopes: {
    user: {
      format: 'json',
      container: { kind: 'map', key: ['mcpServers'] },
      path: inHome('.claude.json'),
    },
    project: { format: 'json', container: { kind: 'map', key: ['mcpServers'] }, path: '.mcp.json' },
  },
  entry: {
    stdio: typedStdio,
    http: typedHttp('http'),
  },
  unverified: [
    {
      zh: '.mcp.json 的格式（mcpServers；command、args、env；type: http、url、headers）核对过 Anthropic 自己的 SDK MCP 页面；用户范围写在 ~/.claude.json 顶层的 mcpServers，只在 code.claude.com 那一页的公开转载里读到。',
      en: "The .mcp.json format (mcpServers; command, args, env; type: http, url, headers) was checked against Anthropic's own SDK MCP page; the user scope in the top-level mcpServers of ~/.claude.json was read in public copies of the code.claude.com page only.",
    },
    {
      zh: '更新日志说，从 2.1.139 起 /mcp 里的 Reconnect 不用重启就能读到 .mcp.json 的改动；新加的服务端和 ~/.claude.json 的改动要不要新开会话，没有读到说法。',
      en: 'The changelog says that since 2.1.139 Reconnect in /mcp picks up .mcp.json edits without a restart; whether a newly added server or an edit to ~/.claude.json needs a new session is not stated.',
    },
  ],
};
