import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { mcpHeadersFor } from '@memos-kit/protocol';
import { type HttpMessage, parseHttpMessage, tryParseJson } from './http-message.ts';

export type Transport = 'http' | 'stdio' | 'sse';
export type CompareMode = 'exact' | 'abridged';
export interface Bilingual {
  zh: string;
  en: string;
}

/** One entry of `fixtures/manifest.json`. */
export interface FixtureEntry {
  id: string;
  dir: string;
  title: Bilingual;
  section: Bilingual & { number: string };
  transport: Transport;
  /** The server dataset the article's result implies (ids 0 and 6 find nothing, id 3 finds one public memo). */
  dataset: string;
  compare: CompareMode;
  /** What the article left out, when `compare` is `abridged`. */
  abridged?: Bilingual;
  /** Set when the article does not print this exchange whole and the kit wrote the missing part. */
  written?: Bilingual;
  jsonrpcId?: number;
  /** `derived`: the article prints only the body; the headers come from {@link mcpHeadersFor}. */
  headers?: 'derived';
  files: Record<string, string | string[]>;
}

export interface FixtureManifest {
  article: { title: string; protocolVersion: string };
  fixtures: FixtureEntry[];
}

export interface Fixture {
  entry: FixtureEntry;
  /** Absolute path of the fixture's folder. */
  dir: string;
  path(fileKey: string): string;
  /** The file's bytes as UTF-8 text, untouched. */
  text(fileKey: string): string;
  request?: HttpMessage;
  response?: HttpMessage;
}

export const fixturesDir = fileURLToPath(new URL('../../../fixtures/', import.meta.url));

let manifestCache: FixtureManifest | undefined;

export function loadManifest(): FixtureManifest {
  manifestCache ??= JSON.parse(readFileSync(join(fixturesDir, 'manifest.json'), 'utf8')) as FixtureManifest;
  return manifestCache;
}

export function loadFixture(id: string): Fixture {
  const entry = loadManifest().fixtures.find((candidate) => candidate.id === id);
  if (!entry) {
    const known = loadManifest()
      .fixtures.map((f) => f.id)
      .join(', ');
    throw new Error(`No fixture "${id}". Known fixtures: ${known}`);
  }
  const dir = join(fixturesDir, entry.dir);
  const path = (fileKey: string) => {
    const file = entry.files[fileKey];
    if (typeof file !== 'string') throw new Error(`Fixture "${id}" has no single file "${fileKey}"`);
    return join(dir, file);
  };
  const text = (fileKey: string) => readFileSync(path(fileKey), 'utf8');
  const fixture: Fixture = { entry, dir, path, text };
  if (typeof entry.files.request === 'string')
    fixture.request = readMessage(entry, text('request'), 'request');
  if (typeof entry.files.response === 'string')
    fixture.response = readMessage(entry, text('response'), 'response');
  return fixture;
}

function readMessage(entry: FixtureEntry, text: string, role: 'request' | 'response'): HttpMessage {
  const file = entry.files[role] as string;
  if (file.endsWith('.http')) return parseHttpMessage(text);
  const json = tryParseJson(text);
  const message: HttpMessage = { startLine: '', headers: [], body: text };
  if (json.ok) message.json = json.value;
  // A bare JSON request (the article gives its headers only in prose) gets what a client must send.
  if (role === 'request' && entry.transport !== 'stdio') {
    message.method = 'POST';
    message.target = '/mcp';
    message.startLine = 'POST /mcp HTTP/1.1';
    message.headers = [
      ['Host', 'memos.example.com'],
      ['Content-Type', 'application/json'],
      ['Accept', 'application/json, text/event-stream'],
      ['Authorization', 'Bearer example-token'],
      ...Object.entries(mcpHeadersFor(message.json)),
    ];
  }
  return message;
}
