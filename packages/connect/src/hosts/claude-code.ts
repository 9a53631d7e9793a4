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
    zh: '新开一个 claude 会话，输入 /mcp 看 memos 是否已连接；项目里的 .mcp.json 第一次用时会问你是否批准。',
    en: 'Start a new claude session and type /mcp to see memos connected; a project .mcp.json asks for your approval the first time.',
  },
  docs: [
    {
      url: 'https://code.claude.com/docs/en/mcp',
      read: 'reference notes, 2026-11; public copies 2026-12-05',
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
      zh: 'Anthropic 的页面只读到了公开的转载；改了文件后是否一定要新开会话，文档没说。',
      en: "Anthropic's page was read through public copies only; whether a hand edit needs a new session is not stated.",
    },
  ],
};
