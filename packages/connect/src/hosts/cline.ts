import { typedHttp, typedStdio } from './shapes.ts';
import type { HostSpec } from './types.ts';

export const cline: HostSpec = {
  id: 'cline',
  name: 'Cline',
  summary: {
    zh: 'VS Code 扩展全局存储里的 cline_mcp_settings.json（MCP Servers → Configure 打开它），键 mcpServers，严格 JSON。只有 url 没有 type 的条目会被当作 SSE，所以一定写 type: streamableHttp。',
    en: "cline_mcp_settings.json in the VS Code extension's global storage (MCP Servers → Configure opens it), key mcpServers, strict JSON. An entry with a url and no type is read as SSE, so type: streamableHttp is always written.",
  },
  after: {
    zh: 'Cline 监视这个文件，保存后会自动重连；在 MCP Servers 面板里确认 memos 是绿色的。',
    en: 'Cline watches this file and reconnects when it is saved; check in the MCP Servers panel that memos is green.',
  },
  docs: [
    {
      url: 'https://github.com/cline/cline/blob/main/apps/vscode/src/services/mcp/schemas.ts',
      read: 'cline/cline@2f4a9197',
    },
    { url: 'https://docs.cline.bot/mcp/configuring-mcp-servers', read: 'reference notes, 2026-11' },
  ],
  scopes: {
    user: {
      format: 'json',
      container: { kind: 'map', key: ['mcpServers'] },
      path: {
        mac: '~/Library/Application Support/Code/User/globalStorage/saoudrizwan.claude-dev/settings/cline_mcp_settings.json',
        win: '%APPDATA%\\Code\\User\\globalStorage\\saoudrizwan.claude-dev\\settings\\cline_mcp_settings.json',
        linux:
          '$XDG_CONFIG_HOME/Code/User/globalStorage/saoudrizwan.claude-dev/settings/cline_mcp_settings.json',
      },
    },
  },
  entry: {
    stdio: typedStdio,
    http: typedHttp('streamableHttp'),
  },
  unverified: [
    {
      zh: '扩展的文件路径是从源码里的 globalStorage 目录推出来的（VS Code 默认配置）；Cline CLI 用 ~/.cline/data/settings/cline_mcp_settings.json，有第三方说扩展也在迁移到那里。拿不准时，用 MCP Servers → Configure 打开真正的文件，再用 --file 指给它。',
      en: "The extension's path is derived from the globalStorage folder in its source (VS Code's default profile); Cline CLI uses ~/.cline/data/settings/cline_mcp_settings.json, and third parties say the extension is moving there too. When unsure, open the real file with MCP Servers → Configure and pass it with --file.",
    },
  ],
};
