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
    zh: '导入后在 MCP 服务端列表里打开 {name} 的开关，在对话里启用它，再提问。',
    en: 'After the import switch {name} on in the MCP server list, enable it in the chat, then ask.',
  },
  docs: [
    {
      url: 'https://github.com/CherryHQ/cherry-studio/blob/main/src/renderer/src/types/mcp.ts',
      read: 'CherryHQ/cherry-studio@12f35a98',
    },
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
  // The link's object becomes the app's MCPServer as it is (src/renderer/src/types/mcp.ts), which names the
  // URL baseUrl; the import dialog is the one that copies url to baseUrl.
  installEntry: { http: { type: 'streamableHttp', baseUrl: '{{url}}', headers: '{{headers}}' } },
  unverified: [
    {
      zh: '安装链接把对象原样交给应用，当作它自己的 MCPServer（URL 在 baseUrl 里），所以链接里的 HTTP 服务端写 baseUrl；应用收到以后怎样处理这个对象，本次没有读到那部分源码。有资料说链接只接受 npx、uvx、node 这几个命令名，这个版本的源码里没看到这条限制。',
      en: 'The install link hands the object to the app as its own MCPServer (whose URL is baseUrl), so an HTTP server in the link says baseUrl; the part of the source that takes the object in was not read. One source says the link takes only command names such as npx, uvx and node; the source read here has no such check.',
    },
  ],
};
