// Where a host's file is: the path its documentation gives, as written there (for the listing and for
// another operating system) and as this machine spells it (to read and write).
import { join } from 'node:path';
import type { FileSpec, Os } from './hosts/types.ts';

export interface Place {
  os: Os;
  home: string;
  env: NodeJS.ProcessEnv;
  /** The project a project-scope file belongs to. */
  project: string;
}

/** The path as the docs write it (`~/.cursor/mcp.json`, `.mcp.json`), or undefined when there is no file. */
export function writtenPath(spec: FileSpec, os: Os, name: string): string | undefined {
  const path = typeof spec.path === 'string' ? spec.path : spec.path?.[os];
  return path?.replaceAll('{name}', name);
}

/** The absolute path on this machine, or undefined when the host keeps no file for this scope and OS. */
export function localPath(spec: FileSpec, name: string, place: Place): string | undefined {
  const written = writtenPath(spec, place.os, name);
  if (written === undefined) return undefined;
  if (typeof spec.path === 'string') return join(place.project, ...written.split('/'));
  const { home, env } = place;
  const roots: Array<[string, () => string]> = [
    ['~', () => home],
    ['%USERPROFILE%', () => env.USERPROFILE ?? home],
    ['%APPDATA%', () => env.APPDATA ?? join(home, 'AppData', 'Roaming')],
    ['$XDG_CONFIG_HOME', () => env.XDG_CONFIG_HOME || join(home, '.config')],
  ];
  for (const [prefix, root] of roots) {
    if (written === prefix || written.startsWith(`${prefix}/`) || written.startsWith(`${prefix}\\`))
      return join(root(), ...written.slice(prefix.length).split(/[\\/]/).filter(Boolean));
  }
  return written;
}
