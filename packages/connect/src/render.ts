// A host's entry for one server, filled from its template, and the document that holds it, written in the
// host's format by the library made for that format (never by joining strings).

import type { Bilingual } from '@memos-kit/terminal';
import { stringify as toToml } from 'smol-toml';
import { stringify as toYaml } from 'yaml';
import type { Container, Format, HostSpec, Template } from './hosts/types.ts';
import type { Server } from './server.ts';

export type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

/** The host takes no server over this transport through its file (Claude Desktop and HTTP). */
export class UnsupportedTransport extends Error {
  override name = 'UnsupportedTransport';
  constructor(readonly reason: Bilingual) {
    super(reason.en);
  }
}

/** A transport the host's file does not take, with the reason. */
export function isUnsupported(
  template: Template | { unsupported: Bilingual },
): template is { unsupported: Bilingual } {
  return (
    'unsupported' in template && typeof template.unsupported === 'object' && 'zh' in template.unsupported
  );
}

/** The values a template's placeholders stand for. */
function values(server: Server, name: string): Record<string, Json> {
  return server.transport === 'stdio'
    ? { name, command: server.command, args: server.args, env: server.env }
    : { name, url: server.url, headers: server.headers };
}

const PLACEHOLDER = /^\{\{(\w+)\}\}$/;
const isEmptyTable = (value: Json | undefined) =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && Object.keys(value).length === 0;

function fill(template: Template, given: Record<string, Json>): { [key: string]: Json } {
  const out: { [key: string]: Json } = {};
  for (const [key, value] of Object.entries(template)) {
    const filled = fillValue(value, given);
    // An empty env or headers table says nothing: left out, as the hosts' own examples leave it out.
    if (filled === undefined || isEmptyTable(filled)) continue;
    out[key] = filled;
  }
  return out;
}

function fillValue(value: Template[string], given: Record<string, Json>): Json | undefined {
  if (typeof value === 'string') {
    const placeholder = PLACEHOLDER.exec(value)?.[1];
    return placeholder === undefined ? value : given[placeholder];
  }
  if (Array.isArray(value)) return value.map((item) => fillValue(item, given) ?? null);
  if (typeof value === 'object') return fill(value as Template, given);
  return value as Json;
}

/** The host's entry for `server` under the name `name`. */
export function entryFor(host: HostSpec, server: Server, name: string): { [key: string]: Json } {
  const template = host.entry[server.transport];
  if (isUnsupported(template)) throw new UnsupportedTransport(template.unsupported);
  return fillTemplate(template, server, name);
}

/** `template` filled with `server`'s values. */
export function fillTemplate(template: Template, server: Server, name: string): { [key: string]: Json } {
  return fill(template, values(server, name));
}

/** The smallest document that holds `entry`: `{"mcpServers": {name: entry}}`, or a list holding it. */
export function documentFor(
  container: Container,
  name: string,
  entry: Json,
  { withSkeleton = false } = {},
): { [key: string]: Json } {
  const inner: Json = container.kind === 'map' ? { [name]: entry } : [entry];
  const nested = container.key.reduceRight<Json>((value, key) => ({ [key]: value }), inner) as {
    [key: string]: Json;
  };
  return container.kind === 'list' && withSkeleton && container.skeleton
    ? { ...container.skeleton, ...nested }
    : nested;
}

/** A document as a host's file holds it. */
export function serialize(format: Format, document: { [key: string]: Json }): string {
  if (format === 'yaml') return toYaml(document);
  if (format === 'toml') return `${toToml(document)}\n`;
  return `${JSON.stringify(document, null, 2)}\n`;
}
