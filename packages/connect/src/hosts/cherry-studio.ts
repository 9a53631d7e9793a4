import { typedHttp, typedStdio } from './shapes.ts';
import type { HostSpec } from './types.ts';

export const cherryStudio: HostSpec = {
  id: 'cherry-studio',
  name: 'Cherry Studio',
  summary: {
    zh: '服务端存在应用自己的数据里，一次导入一个；远程服务端要写 type: streamableHttp，导入对话框的例子就是这样写的。',
    en: "Servers live in the app's own store and are imported one at a time; a remote server says type: streamableHttp, as the import dialog's example does.",
  },
  after: {
    zh: '导入后在 MCP 服务端列表里打开 memos 的开关，在对话里启用它，再提问。',
    en: 'After the import switch memos on in the MCP server list, enable it in the chat, then ask.',
  },
  docs: [
    {
      url: 'https://github.com/CherryHQ/cherry-studio/blob/main/src/renderer/src/pages/settings/MCPSettings/AddMcpServerModal.tsx',
      read: 'CherryHQ/cherry-studio@12f35a98',
    },
    {
      url: 'https://github.com/CherryHQ/cherry-studio/blob/main/src/main/services/urlschema/mcp-install.ts',
      read: 'CherryHQ/cherry-studio@12f35a98',
    },
  ],
  scopes: {
    user: {
      format: 'json',
      container: { kind: 'map', key: ['mcpServers'] },
      manual: {
        zh: 'Cherry Studio 把服务端存在应用自己的数据里，没有配置文件可写：请用下面的 JSON 导入，或打开安装链接。',
        en: "Cherry Studio keeps its servers in the app's own store, with no configuration file to write: import the JSON below or open the install link.",
      },
    },
  },
  entry: {
    stdio: typedStdio,
    http: typedHttp('streamableHttp'),
  },
  installLink: 'cherrystudio://mcp/install?servers={base64}',
  unverified: [
    {
      zh: '安装链接把对象直接交给应用：HTTP 服务端在那里可能要写 baseUrl 而不是 url（导入对话框会把 url 改成 baseUrl，链接不会）。有资料说链接只接受 npx、uvx、node 这几个命令名，这个版本的源码里没看到这条限制。',
      en: 'The install link hands the object to the app as it is: an HTTP server there may need baseUrl instead of url (the import dialog renames url to baseUrl, the link does not). One source says the link takes only command names such as npx, uvx and node; the source read here has no such check.',
    },
  ],
};
