import { commandArgsEnv, inHome } from './shapes.ts';
import type { HostSpec } from './types.ts';

export const codex: HostSpec = {
  id: 'codex',
  name: 'Codex CLI',
  summary: {
    zh: 'TOML：用户的 ~/.codex/config.toml（CODEX_HOME 可改），或受信任项目里的 .codex/config.toml；每个服务端一张表 [mcp_servers.名字]，键是 mcp_servers 而不是 mcpServers。',
    en: "TOML: the user's ~/.codex/config.toml (CODEX_HOME moves it) or .codex/config.toml in a trusted project; one table per server, [mcp_servers.NAME]: the key is mcp_servers, not mcpServers.",
  },
  after: {
    zh: '重新启动 codex，在里面输入 /mcp 看 {name} 是否已连接；启动超时默认 10 秒。',
    en: 'Start codex again and type /mcp in it to see {name} connected; the start-up timeout is 10 s by default.',
  },
  docs: [
    { url: 'https://developers.openai.com/codex/mcp', read: 'through public copies, 2026-11' },
    { url: 'https://developers.openai.com/codex/config-schema.json', read: 'openai/codex@000c857e' },
    {
      url: 'https://github.com/openai/codex/blob/main/codex-rs/utils/home-dir/src/lib.rs',
      read: 'openai/codex@69a3f82e',
    },
  ],
  scopes: {
    user: {
      format: 'toml',
      container: { kind: 'map', key: ['mcp_servers'] },
      // CODEX_HOME, else the dirs crate's home folder (the profile folder, %USERPROFILE%, on Windows) + .codex.
      path: inHome('.codex/config.toml'),
    },
    project: { format: 'toml', container: { kind: 'map', key: ['mcp_servers'] }, path: '.codex/config.toml' },
  },
  entry: {
    stdio: commandArgsEnv,
    http: { url: '{{url}}', http_headers: '{{headers}}' },
  },
  unverified: [],
};
