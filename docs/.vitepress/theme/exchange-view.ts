// Turns a fixture folder into what <WireExchange> draws. It runs at build time (in the data
// loader), so the page receives the fixture's bytes already split and coloured.

// It runs in the data loaders, which load it through tsx (load-kit.ts), so it may import the kit's packages.
import { isMirrorHeader, SseSplitter } from '@memos-kit/protocol';
import { type FixtureEntry, parseHttpMessage } from '@memos-kit/wire';
import { type Segment, segmentJson } from './layers.ts';

export type ManifestEntry = FixtureEntry;

interface HeaderView {
  name: string;
  value: string;
  /** MCP-Protocol-Version, Mcp-Method, Mcp-Name: the headers that mirror the body. */
  mirror: boolean;
}

interface SseEventView {
  /** Milliseconds after the response headers, from timeline.json. */
  atMs: number | null;
  lines: { field: string; value: Segment[] }[];
}

export interface MessageView {
  file: string;
  startLine: string | null;
  headers: HeaderView[];
  /** Whether the fixture printed the HTTP head at all (bare JSON files do not). */
  hasHead: boolean;
  body: Segment[];
  events: SseEventView[] | null;
  headersAtMs: number | null;
  /** For a request printed as bare JSON: the headers a client must send with it, derived from the body. */
  derivedHead: { startLine: string; headers: HeaderView[] } | null;
}

interface ExtraView {
  key: string;
  file: string;
  text: string;
}

export interface ExchangeView {
  entry: ManifestEntry;
  files: string[];
  request: MessageView | null;
  response: MessageView | null;
  extras: ExtraView[];
}

function headerView([name, value]: [string, string]): HeaderView {
  return { name, value, mirror: isMirrorHeader(name) };
}

/** Splits an SSE body into its events, keeping every field line as written. */
function sseEvents(body: string, eventTimes: (number | null)[]): SseEventView[] {
  const splitter = new SseSplitter();
  return [...splitter.push(body).map((event) => event.raw), splitter.rest()]
    .map((block) => block.replace(/(?:\r?\n)+$/, ''))
    .filter((block) => block.trim() !== '')
    .map((block, index) => ({
      atMs: eventTimes[index] ?? null,
      lines: block.split(/\r?\n/).map((line) => {
        const colon = line.indexOf(':');
        const field = colon < 0 ? line : line.slice(0, colon);
        const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
        return { field, value: field === 'data' ? segmentJson(value) : [{ text: value, layer: null }] };
      }),
    }));
}

interface Timeline {
  writes: { at: number; what: string; index?: number }[];
}

function messageView(file: string, text: string, timeline?: Timeline, sseBody?: string): MessageView {
  const parsed = file.endsWith('.http') ? parseHttpMessage(text) : null;
  const body = parsed ? parsed.body : text;
  const startLine = parsed?.startLine ?? null;
  const headers = parsed ? parsed.headers.map(headerView) : [];
  const contentType = headers.find((h) => h.name.toLowerCase() === 'content-type')?.value ?? '';
  const isSse = contentType.startsWith('text/event-stream');
  const eventTimes: (number | null)[] = [];
  for (const write of timeline?.writes ?? []) {
    if (write.what === 'event' && write.index !== undefined) eventTimes[write.index] = write.at;
  }
  const headersAt = timeline?.writes.find((write) => write.what === 'headers')?.at ?? null;
  const events = isSse ? sseEvents(sseBody ?? body, eventTimes) : null;
  return {
    file,
    startLine,
    headers,
    hasHead: parsed !== null,
    body: isSse || body === '' ? [] : segmentJson(body),
    events,
    headersAtMs: isSse ? headersAt : null,
    derivedHead: null,
  };
}

/** The start line and headers the fixture library derives for a request the article printed as bare JSON. */
export interface DerivedRequestHead {
  startLine: string;
  headers: [string, string][];
}

/** Builds the view of one manifest entry; `read` returns a file of the fixture's folder. */
export function exchangeView(
  entry: ManifestEntry,
  read: (file: string) => string,
  derived?: DerivedRequestHead,
): ExchangeView {
  const files = Object.values(entry.files).flat();
  const timeline = entry.files.timeline
    ? (JSON.parse(read(String(entry.files.timeline))) as Timeline)
    : undefined;
  const sseBody = entry.files.body ? read(String(entry.files.body)) : undefined;
  const view = (key: string): MessageView | null => {
    const file = entry.files[key];
    return typeof file === 'string' ? messageView(file, read(file), timeline, sseBody) : null;
  };
  const extras = (['stderr', 'stdout', 'terminal'] as const)
    .map((key) => ({ key, file: entry.files[key] }))
    .filter((extra): extra is { key: (typeof extra)['key']; file: string } => typeof extra.file === 'string')
    .map(({ key, file }) => ({ key, file, text: read(file) }));
  const request = view('request');
  if (request && !request.hasHead && derived && derived.headers.length > 0) {
    request.derivedHead = {
      startLine: derived.startLine,
      headers: derived.headers.map(headerView),
    };
  }
  return { entry, files, request, response: view('response'), extras };
}
