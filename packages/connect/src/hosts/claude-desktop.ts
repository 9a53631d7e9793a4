import { commandArgsEnv } from './shapes.ts';
import type { HostSpec } from './types.ts';

export const claudeDesktop: HostSpec = {
  id: 'claude-desktop',
  name: 'Claude Desktop',
  summary: {
    zh: 'claude_desktop_config.json（设置 → 开发者 → 编辑配置），键 mcpServers，只接受 stdio；路径必须是绝对路径。官方只有 macOS 和 Windows 版。',
    en: 'claude_desktop_config.json (Settings → Developer → Edit Config), key mcpServers, stdio only; paths must be absolute. Official builds exist for macOS and Windows only.',
  },
  after: {
    zh: '完全退出 Claude Desktop（不只是关窗口）再打开；出错时看日志：macOS 在 ~/Library/Logs/Claude，Windows 在 %APPDATA%\\Claude\\logs。',
    en: 'Quit Claude Desktop completely (not only its window) and open it again; when something fails, read the logs in ~/Library/Logs/Claude (macOS) or %APPDATA%\\Claude\\logs (Windows).',
  },
  docs: [
    {
      url: 'https://modelcontextprotocol.io/docs/develop/connect-local-servers',
      read: 'modelcontextprotocol/modelcontextprotocol@20587283',
    },
    {
      url: 'https://modelcontextprotocol.io/docs/develop/connect-remote-servers',
      read: 'modelcontextprotocol/modelcontextprotocol@16fa1cfb',
    },
  ],
  scopes: {
    user: {
      format: 'json',
      container: { kind: 'map', key: ['mcpServers'] },
      path: {
        mac: '~/Library/Application Support/Claude/claude_desktop_config.json',
        win: '%APPDATA%\\Claude\\claude_desktop_config.json',
      },
      manual: {
        zh: 'Linux 上没有官方的 Claude Desktop，所以没有文件可写。',
        en: 'There is no official Claude Desktop for Linux, so there is no file to write.',
      },
    },
  },
  entry: {
    stdio: commandArgsEnv,
    http: {
      unsupported: {
        zh: 'Claude Desktop 的配置文件只接受 stdio 服务端；远程服务端要在设置 → 连接器里添加，而且据第三方说是从 Anthropic 的云端去连接，连不到你本机的 127.0.0.1。请用 --transport stdio。',
        en: "Claude Desktop's file takes stdio servers only; remote servers are added under Settings → Connectors, and third parties say those connect from Anthropic's cloud, which cannot reach your 127.0.0.1. Use --transport stdio.",
      },
    },
  },
  unverified: [
    {
      zh: '远程服务端的页面只说它们“托管在互联网上”，URL 要带 https://；自定义连接器能不能连到本机地址，只有第三方的说法。',
      en: 'The remote servers page says only that they are hosted on the internet, with an https:// URL; whether a custom connector can reach a local address is claimed by third parties only.',
    },
  ],
};
