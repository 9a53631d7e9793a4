import { inHome, typedStdio } from './shapes.ts';
import type { HostSpec } from './types.ts';

/** A block file or config.yaml: both hold a list of servers, each with its `name`. */
const block = { name: 'Memos kit MCP server', version: '0.0.1', schema: 'v1' } as const;

export const continueDev: HostSpec = {
  id: 'continue',
  name: 'Continue',
  summary: {
    zh: 'YAML：用户的 ~/.continue/config.yaml 里的 mcpServers 列表，或项目里 .continue/mcpServers/ 下单独的一个块文件；每一项带 name。MCP 只在 Agent 模式下可用。',
    en: "YAML: the mcpServers list of the user's ~/.continue/config.yaml, or a block file of its own under the project's .continue/mcpServers/; each item carries a name. MCP works in Agent mode only.",
  },
  after: {
    zh: '在 IDE 里保存后 Continue 会自动刷新；切到 Agent 模式，在工具列表里找到 {name} 的工具。',
    en: 'Continue refreshes when the file is saved from the IDE; switch to Agent mode and find the tools of {name} in the tool list.',
  },
  docs: [
    {
      url: 'https://docs.continue.dev/customize/deep-dives/mcp',
      read: 'continuedev/continue@03e5fc3b (docs/customize/deep-dives/mcp.mdx)',
    },
    {
      url: 'https://github.com/continuedev/continue/blob/main/packages/config-yaml/src/schemas/mcp/index.ts',
      read: 'continuedev/continue@0a3f6338',
    },
    {
      url: 'https://github.com/continuedev/continue/blob/main/packages/config-yaml/src/schemas/index.ts',
      read: 'continuedev/continue@d0a3c0b6',
    },
  ],
  scopes: {
    user: {
      format: 'yaml',
      container: {
        kind: 'list',
        key: ['mcpServers'],
        // Continue parses config.yaml with configYamlSchema, which requires name and version (schema is optional).
        skeleton: { name: 'Local config', version: '1.0.0', schema: 'v1' },
      },
      path: inHome('.continue/config.yaml'),
    },
    project: {
      format: 'yaml',
      container: { kind: 'list', key: ['mcpServers'], skeleton: block },
      path: '.continue/mcpServers/{name}.yaml',
    },
  },
  entry: {
    stdio: { name: '{{name}}', ...typedStdio },
    http: {
      name: '{{name}}',
      type: 'streamable-http',
      url: '{{url}}',
      requestOptions: { headers: '{{headers}}' },
    },
  },
  unverified: [],
};
