// One host's configuration for one server: the entry, the document that holds it in the host's format, the
// file it belongs in (or the window it is pasted into), and what the reader must be told about it.
import type { Bilingual } from '@memos-kit/terminal';
import type { FileSpec, Format, HostSpec, Os, Scope } from './hosts/types.ts';
import { localPath, type Place, writtenPath } from './paths.ts';
import { documentFor, entryFor, fillTemplate, type Json, serialize } from './render.ts';
import { runningOs, type Server } from './server.ts';

type Note = 'example-os' | 'node-on-path' | 'space-in-command';

export interface Configuration {
  host: HostSpec;
  scope: Scope;
  os: Os;
  server: Server;
  name: string;
  spec: FileSpec;
  /** The file on this machine, when the host keeps one for this scope and `os` is this machine's. */
  file?: string;
  /** The file as the host's documentation writes it. */
  written?: string;
  /** Where to paste or import instead, when there is no file. */
  manual?: Bilingual;
  format: Format;
  entry: Json;
  text: string;
  installLink?: string;
  notes: Note[];
}

/** A host that refuses spaces in `command` (Trae) gets `node` from PATH when this Node's path has one. */
function withoutSpaces(host: HostSpec, server: Server, notes: Note[]): Server {
  if (!host.commandWithoutSpaces || server.transport !== 'stdio' || !server.command.includes(' '))
    return server;
  if (/node(\.exe)?$/i.test(server.command)) {
    notes.push('node-on-path');
    return { ...server, command: 'node' };
  }
  notes.push('space-in-command');
  return server;
}

export function configure(
  host: HostSpec,
  server: Server,
  { name, scope, place }: { name: string; scope: Scope; place: Place },
): Configuration {
  const spec = host.scopes[scope];
  if (spec === undefined) throw new Error(`${host.id} has no ${scope} scope`);
  const notes: Note[] = place.os === runningOs() ? [] : ['example-os'];
  const adjusted = withoutSpaces(host, server, notes);
  const entry = entryFor(host, adjusted, name);
  const written = writtenPath(spec, place.os, name);
  const file = written !== undefined && place.os === runningOs() ? localPath(spec, name, place) : undefined;
  // A file of its own per server (Continue's block files) is printed whole; otherwise the part to merge.
  const whole = typeof spec.path === 'string' && spec.path.includes('{name}');
  const document = documentFor(spec.container, name, entry, { withSkeleton: whole });
  const linkTemplate = host.installEntry?.[adjusted.transport];
  const linked =
    linkTemplate === undefined
      ? document
      : documentFor(spec.container, name, fillTemplate(linkTemplate, adjusted, name), {
          withSkeleton: whole,
        });
  const link = host.installLink?.replace(
    '{base64}',
    encodeURIComponent(Buffer.from(JSON.stringify(linked)).toString('base64')),
  );
  return {
    host,
    scope,
    os: place.os,
    server: adjusted,
    name,
    spec,
    ...(file === undefined ? {} : { file }),
    ...(written === undefined ? {} : { written }),
    ...(written === undefined && spec.manual ? { manual: spec.manual } : {}),
    format: spec.format,
    entry,
    text: serialize(spec.format, document),
    ...(link === undefined ? {} : { installLink: link }),
    notes,
  };
}

/** The scope used when none is asked for: the user's own, where the host has one (it works in any folder). */
export function defaultScope(host: HostSpec): Scope {
  return host.scopes.user ? 'user' : 'project';
}
