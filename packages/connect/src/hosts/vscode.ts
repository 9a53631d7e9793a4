import { inHome, typedHttp, typedStdio } from './shapes.ts';
import type { HostSpec } from './types.ts';

/**
 * VS Code's current documentation describes two formats and calls its own `.vscode/mcp.json` a deprecated
 * "Local" configuration: the Copilot agent reads the portable `.mcp.json` (and the user's
 * `~/.copilot/mcp-config.json`) itself, and takes servers from `.vscode/mcp.json` only when VS Code forwards
 * them. So `vscode` writes the portable file, which Copilot CLI reads too; `vscode-local` writes the other.
 */
export const vscode: HostSpec = {
  id: 'vscode',
  name: 'VS Code (GitHub Copilot)',
  summary: {
    zh: 'Copilot 的通用格式：项目里的 .mcp.json，或用户的 ~/.copilot/mcp-config.json（设置了 COPILOT_HOME 时在那里），键 mcpServers；Copilot CLI 也读它。',
    en: "Copilot's portable format: .mcp.json in the project, or the user's ~/.copilot/mcp-config.json (under COPILOT_HOME when set), key mcpServers; Copilot CLI reads it too.",
  },
  after: {
    zh: '在 VS Code 里运行命令 MCP: List Servers，启动 {name}（第一次会问你是否信任它），然后在 Copilot Chat 的 Agent 模式里提问。',
    en: 'In VS Code run the command MCP: List Servers, start {name} (the first start asks whether you trust it), then ask in Copilot Chat in Agent mode.',
  },
  pick: {
    zh: '在 VS Code 里先选这个：它写的是 VS Code 现在的文档推荐的通用格式，GitHub Copilot 自己读它，Copilot CLI 也读。',
    en: "In VS Code pick this one first: it writes the portable format VS Code's current docs recommend, which GitHub Copilot reads itself, and Copilot CLI too.",
  },
  docs: [
    { url: 'https://code.visualstudio.com/docs/agents/reference/mcp-configuration', read: '2026-12-05' },
    {
      url: 'https://docs.github.com/en/copilot/how-tos/copilot-cli/customize-copilot/add-mcp-servers',
      read: 'github/docs@091100a4',
    },
    {
      url: 'https://github.com/microsoft/vscode/blob/main/src/vs/platform/environment/common/copilotHome.ts',
      read: 'microsoft/vscode@0736f3df',
    },
    {
      url: 'https://github.com/microsoft/vscode/blob/main/src/vs/platform/mcp/common/mcpCopilotGlobalConfiguration.ts',
      read: 'microsoft/vscode@9328856f',
    },
    {
      url: 'https://github.com/microsoft/vscode/blob/main/src/vs/workbench/contrib/mcp/common/mcpCopilotGlobalConfigurationService.ts',
      read: 'microsoft/vscode@d771ef56',
    },
  ],
  scopes: {
    user: {
      format: 'json',
      container: { kind: 'map', key: ['mcpServers'] },
      // VS Code joins COPILOT_HOME, else os.homedir()/.copilot, with mcp-config.json; on Windows Node's
      // os.homedir() is %USERPROFILE%.
      path: inHome('.copilot/mcp-config.json'),
    },
    project: { format: 'json', container: { kind: 'map', key: ['mcpServers'] }, path: '.mcp.json' },
  },
  entry: {
    stdio: { ...typedStdio, tools: ['*'] },
    http: { ...typedHttp('http'), tools: ['*'] },
  },
  unverified: [
    {
      zh: '只读到了 2026-11-25 版配置参考的开头；VS Code 源码解析这个文件时认 type: stdio（command、args、env）和 type: http（url、headers），但给出它位置的服务只在 Copilot 的 agent host 打开时才给出，什么时候打开，本次没有读到。',
      en: "Only the opening of the configuration reference approved 2026-11-25 was readable; VS Code's source parses this file taking type: stdio (command, args, env) and type: http (url, headers), but the service that gives its location gives it only when Copilot's agent host is on, and when that is was not read.",
    },
  ],
};

export const vscodeLocal: HostSpec = {
  id: 'vscode-local',
  name: 'VS Code (.vscode/mcp.json)',
  summary: {
    zh: 'VS Code 自己的格式：项目里的 .vscode/mcp.json，或用户配置文件夹里的 mcp.json（命令 MCP: Open User Configuration），键 servers，允许注释。新版文档说它已过时，推荐 vscode。',
    en: "VS Code's own format: .vscode/mcp.json in the project, or mcp.json in the user profile (command MCP: Open User Configuration), key servers, comments allowed. The current docs call it deprecated and prefer vscode.",
  },
  after: {
    zh: '在 VS Code 里打开这个 mcp.json，点服务端名上方的 Start（第一次会问你是否信任它），然后在 Copilot Chat 的 Agent 模式里提问。',
    en: 'Open this mcp.json in VS Code and click Start above the server name (the first start asks whether you trust it), then ask in Copilot Chat in Agent mode.',
  },
  pick: {
    zh: '如果 MCP: List Servers 里看不到 vscode 写的服务端（VS Code 只在 Copilot 的 agent host 打开时才去找 ~/.copilot/mcp-config.json），改选这个：VS Code 自己的 mcp.json，文档说它已过时，但 VS Code 自己读它，在服务端名上方给出 Start。',
    en: "Pick this one if MCP: List Servers does not show what vscode wrote (VS Code looks for ~/.copilot/mcp-config.json only while Copilot's agent host is on): VS Code's own mcp.json, which its docs call deprecated but VS Code reads itself, with Start above the server name.",
  },
  docs: [
    {
      url: 'https://code.visualstudio.com/docs/agents/reference/mcp-configuration',
      read: 'microsoft/vscode-docs@08868fe5',
    },
  ],
  scopes: {
    user: {
      format: 'jsonc',
      container: { kind: 'map', key: ['servers'] },
      path: {
        mac: '~/Library/Application Support/Code/User/mcp.json',
        win: '%APPDATA%\\Code\\User\\mcp.json',
        linux: '$XDG_CONFIG_HOME/Code/User/mcp.json',
      },
    },
    project: { format: 'jsonc', container: { kind: 'map', key: ['servers'] }, path: '.vscode/mcp.json' },
  },
  entry: {
    stdio: typedStdio,
    http: typedHttp('http'),
  },
  unverified: [
    {
      zh: '用户文件的位置是从设置文件夹推出来的（默认配置文件）；其他配置文件在 User/profiles/ 下各有一个文件夹。',
      en: "The user file's location is derived from the settings folder (default profile); other profiles keep theirs in a folder of their own under User/profiles/.",
    },
  ],
};
