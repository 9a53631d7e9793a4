import { commandArgsEnv, mcpServersJson, urlHeaders } from './shapes.ts';
import type { HostSpec } from './types.ts';

export const trae: HostSpec = {
  id: 'trae',
  name: 'Trae',
  summary: {
    zh: '用户范围没有文档给出的文件：在 设置 → MCP → 添加 → 手动添加 里粘贴 {"mcpServers":…}。项目范围是 .trae/mcp.json，要先在 设置 → MCP 里打开“启用项目级 MCP”。command 里不能有空格。',
    en: 'The user scope has no documented file: paste {"mcpServers":…} into Settings → MCP → Add → Manual add. The project scope is .trae/mcp.json, read once "Enable project-level MCP" is on in Settings → MCP. The command may not contain spaces.',
  },
  after: {
    zh: '在 设置 → MCP 里确认 {name} 已连接，然后在 AI 对话里向智能体提问。',
    en: 'Check in Settings → MCP that {name} is connected, then ask the agent in the AI chat.',
  },
  docs: [
    { url: 'https://www.volcengine.com/docs/86677/2137601', read: 'through public copies, 2026-11' },
    { url: 'https://www.volcengine.com/docs/86677/2137600', read: 'through public copies, 2026-11' },
    { url: 'https://docs.trae.cn/cli_model-context-protocol.md', read: '2026-12-05' },
  ],
  scopes: {
    user: {
      ...mcpServersJson,
      manual: {
        zh: 'Trae 的用户配置文件位置没有写在文档里：请在 设置 → MCP → 添加 → 手动添加 里粘贴下面的 JSON，或用 --scope project 写项目里的 .trae/mcp.json。',
        en: "Trae's user file is not documented: paste the JSON below into Settings → MCP → Add → Manual add, or use --scope project for the project's .trae/mcp.json.",
      },
    },
    project: { ...mcpServersJson, path: '.trae/mcp.json' },
  },
  entry: { stdio: commandArgsEnv, http: urlHeaders },
  commandWithoutSpaces: true,
  unverified: [
    {
      zh: 'TRAE IDE 添加 MCP Server 的页面本次读不到原文：command（不能有空格）、args、env 和 url、headers 取自它的公开转载；TRAE 自己的 CLI 页面用的是同样的字段名，但那是另一个程序的 trae_cli.yaml。用户配置文件的位置和国际版的安装链接都没有核实。',
      en: "TRAE IDE's page on adding an MCP server could not be read in the original: command (no spaces), args, env and url, headers come from public copies of it; TRAE's own CLI page uses the same field names, but for another program's trae_cli.yaml. The user file's location and the international build's install link are unverified.",
    },
  ],
};
