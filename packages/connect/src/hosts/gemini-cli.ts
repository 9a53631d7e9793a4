import { commandArgsEnv, inHome, typedHttp } from './shapes.ts';
import type { HostSpec } from './types.ts';

export const geminiCli: HostSpec = {
  id: 'gemini-cli',
  name: 'Gemini CLI',
  summary: {
    zh: '用户的 ~/.gemini/settings.json 或项目的 .gemini/settings.json（允许注释），键 mcpServers；HTTP 写 url 加 type: http。Gemini CLI 不把名字里带 TOKEN 的环境变量传给服务端，除非写在 env 里，所以令牌就写在 env 里。',
    en: "The user's ~/.gemini/settings.json or the project's .gemini/settings.json (comments allowed), key mcpServers; HTTP is url plus type: http. Gemini CLI passes no variable whose name has TOKEN in it to a server unless env lists it, so the token is in env.",
  },
  after: {
    zh: '重新启动 gemini（或在里面输入 /mcp reload），再输入 /mcp 看 {name} 的工具。',
    en: 'Start gemini again (or type /mcp reload in it), then type /mcp to see the tools of {name}.',
  },
  docs: [
    {
      url: 'https://github.com/google-gemini/gemini-cli/blob/main/docs/tools/mcp-server.md',
      read: 'google-gemini/gemini-cli@5411f113',
    },
    {
      url: 'https://raw.githubusercontent.com/google-gemini/gemini-cli/main/schemas/settings.schema.json',
      read: 'google-gemini/gemini-cli@5411f113',
    },
  ],
  scopes: {
    user: {
      format: 'jsonc',
      container: { kind: 'map', key: ['mcpServers'] },
      path: inHome('.gemini/settings.json'),
    },
    project: {
      format: 'jsonc',
      container: { kind: 'map', key: ['mcpServers'] },
      path: '.gemini/settings.json',
    },
  },
  entry: {
    stdio: commandArgsEnv,
    http: typedHttp('http'),
  },
  unverified: [
    {
      zh: '文档页还写着 url 表示 SSE、httpUrl 表示 HTTP；这里按源码和它自己的 gemini mcp add 写 url 加 type: http。',
      en: 'The docs page still says url means SSE and httpUrl means HTTP; this follows the source and its own gemini mcp add, which write url plus type: http.',
    },
  ],
};
