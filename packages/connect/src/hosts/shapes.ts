// Entry shapes and file places several hosts share, so each host's file says only what is its own.
import type { FileSpec, Template } from './types.ts';

/** `command`, `args`, `env`: the shape Claude Desktop made common, read by most hosts as it is. */
export const commandArgsEnv: Template = { command: '{{command}}', args: '{{args}}', env: '{{env}}' };

/** The same with the transport named, for hosts whose entries say `type`. */
export const typedStdio: Template = { type: 'stdio', ...commandArgsEnv };

/** `url` and `headers`, no transport named: hosts that work out Streamable HTTP by themselves. */
export const urlHeaders: Template = { url: '{{url}}', headers: '{{headers}}' };

/** `url` and `headers` under the transport name the host gives Streamable HTTP. */
export const typedHttp = (type: string): Template => ({ type, ...urlHeaders });

/** The `mcpServers` table of a JSON file, the key most hosts read. */
export const mcpServersJson = { format: 'json', container: { kind: 'map', key: ['mcpServers'] } } as const;

/** A file in the user's home folder: `~/path` on macOS and Linux, `%USERPROFILE%\path` on Windows. */
export function inHome(path: string): NonNullable<FileSpec['path']> {
  const home = `~/${path}`;
  return { mac: home, linux: home, win: `%USERPROFILE%\\${path.replaceAll('/', '\\')}` };
}
