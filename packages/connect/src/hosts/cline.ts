import { inHome, mcpServersJson, typedHttp, typedStdio } from './shapes.ts';
import type { HostSpec } from './types.ts';

export const cline: HostSpec = {
  id: 'cline',
  name: 'Cline',
  summary: {
    zh: '~/.cline/data/settings/cline_mcp_settings.json，Cline 4.0 起 VS Code 扩展、Cline CLI 和 JetBrains 插件共用它（MCP Servers → Configure 打开它），键 mcpServers，严格 JSON。只有 url 没有 type 的条目会被当作 SSE，所以一定写 type: streamableHttp。',
    en: '~/.cline/data/settings/cline_mcp_settings.json, shared since Cline 4.0 by the VS Code extension, Cline CLI and the JetBrains plugin (MCP Servers → Configure opens it), key mcpServers, strict JSON. An entry with a url and no type is read as SSE, so type: streamableHttp is always written.',
  },
  after: {
    zh: 'Cline 监视这个文件，保存后会自动重连；在 MCP Servers 面板里确认 {name} 是绿色的。',
    en: 'Cline watches this file and reconnects when it is saved; check in the MCP Servers panel that {name} is green.',
  },
  docs: [
    {
      url: 'https://github.com/cline/cline/blob/main/apps/vscode/src/services/mcp/schemas.ts',
      read: 'cline/cline@21cb8d25',
    },
    {
      url: 'https://github.com/cline/cline/blob/main/apps/vscode/src/hosts/vscode/mcp-settings-legacy-migration.ts',
      read: 'cline/cline@21cb8d25 (extension 4.1.13)',
    },
    { url: 'https://docs.cline.bot/mcp/configuring-mcp-servers', read: 'reference notes, 2026-11' },
  ],
  scopes: {
    // Since 4.0 the extension reads the file the CLI reads (and copies a 3.x globalStorage file into it once),
    // unless CLINE_MCP_SETTINGS_PATH, CLINE_DATA_DIR or CLINE_DIR moves it; --file covers those.
    user: { ...mcpServersJson, path: inHome('.cline/data/settings/cline_mcp_settings.json') },
  },
  entry: {
    stdio: typedStdio,
    http: typedHttp('streamableHttp'),
  },
  unverified: [],
};
