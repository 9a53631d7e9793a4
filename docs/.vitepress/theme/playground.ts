// What the playground page does, apart from drawing it: turns a fixture's request into an editable draft,
// keeps MCP's mirror headers in step with the body, sends the draft with fetch and reads the answer as it
// comes (an SSE body event by event, each with its arrival time). It runs in the learner's browser.

import { createSseParser, HEADERS, mcpHeadersFor } from '@memos-kit/protocol';
import type { ExchangeView, MessageView } from './exchange-view.ts';

interface HeaderRow {
  name: string;
  value: string;
  /** Unticked rows stay on screen but are not sent. */
  on: boolean;
}

export interface Draft {
  method: string;
  path: string;
  headers: HeaderRow[];
  body: string;
}

export type PaneKind = 'rest' | 'mcp';

export interface Preset {
  /** The fixture's id, or `<id>:<variant>` for a request the kit derives from one. */
  id: string;
  fixture: string;
  title: { zh: string; en: string };
  draft: Draft;
  /** False for the mismatch variant: its Mcp-Name is set by hand on purpose. */
  follow: boolean;
}

/** The local `pnpm serve` (and `pnpm playground`) unless the page's `?server=` says otherwise. */
export const DEFAULT_SERVER = 'http://127.0.0.1:5230';

/** The progress token the SSE mode adds, and the one the article's SSE call carries. */
const PROGRESS_TOKEN = 'list-demo-6';

/**
 * Headers a page may not set: the browser writes them itself (Host, Content-Length, …) or refuses the
 * request. The fixtures' `Host: memos.example.com` is one, so the playground shows it unticked, with a note.
 */
const FORBIDDEN = new Set([
  'accept-charset',
  'accept-encoding',
  'access-control-request-headers',
  'access-control-request-method',
  'connection',
  'content-length',
  'cookie',
  'date',
  'dnt',
  'expect',
  'host',
  'keep-alive',
  'origin',
  'referer',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'via',
]);

export const isForbidden = (name: string) => FORBIDDEN.has(name.trim().toLowerCase());

/** The request line and headers a fixture's request has (or the kit derived for a bare JSON body). */
function draftFrom(message: MessageView): Draft | null {
  const head = message.hasHead ? message : message.derivedHead;
  if (!head?.startLine) return null;
  const [method = 'GET', path = '/'] = head.startLine.split(' ');
  return {
    method,
    path,
    headers: head.headers.map(({ name, value }) => ({ name, value, on: !isForbidden(name) })),
    body: message.body.map((segment) => segment.text).join(''),
  };
}

/**
 * The presets of one pane, in the fixtures' order: every HTTP exchange the running server can answer
 * (REST under /api/v1 for the REST pane, POST /mcp for the MCP pane), and for MCP one variant the kit
 * makes from the article's tools/call: the same request with a hand-set Mcp-Name, to show the mismatch.
 */
export function presetsFor(
  kind: PaneKind,
  exchanges: Record<string, ExchangeView>,
  order: readonly string[],
): Preset[] {
  const presets: Preset[] = [];
  for (const id of order) {
    const exchange = exchanges[id];
    const draft = exchange?.request ? draftFrom(exchange.request) : null;
    if (!exchange || !draft || exchange.entry.transport === 'stdio') continue;
    const pane: PaneKind | null = draft.path.startsWith('/api/v1')
      ? 'rest'
      : draft.path === '/mcp'
        ? 'mcp'
        : null;
    if (pane !== kind) continue;
    presets.push({ id, fixture: id, title: exchange.entry.title, draft, follow: true });
    if (id === 'mcp-tools-call') {
      const mismatched = clone(draft);
      setHeader(mismatched, HEADERS.name, 'memo_get_memo');
      presets.push({
        id: `${id}:mismatch`,
        fixture: id,
        title: {
          zh: '本套件改写：Mcp-Name 与 body 不一致（由 mcp-tools-call 改出）',
          en: "The kit's variant: Mcp-Name disagrees with the body (from mcp-tools-call)",
        },
        draft: mismatched,
        follow: false,
      });
    }
  }
  return presets;
}

export const clone = (draft: Draft): Draft => ({
  ...draft,
  headers: draft.headers.map((row) => ({ ...row })),
});

function setHeader(draft: Draft, name: string, value: string | null): void {
  const index = draft.headers.findIndex((row) => row.name.toLowerCase() === name.toLowerCase());
  if (value === null) {
    if (index >= 0) draft.headers.splice(index, 1);
  } else if (index >= 0) {
    const row = draft.headers[index];
    if (row) draft.headers[index] = { ...row, value, on: true };
  } else draft.headers.push({ name, value, on: true });
}

export function headerValue(draft: Draft, name: string): string | undefined {
  return draft.headers.find((row) => row.on && row.name.toLowerCase() === name.toLowerCase())?.value;
}

function parseBody(body: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(body) };
  } catch {
    return { ok: false };
  }
}

/**
 * Sets MCP-Protocol-Version, Mcp-Method and Mcp-Name from the body, as a client must (the body is the truth;
 * the headers repeat it for gateways). A body that does not parse leaves the headers as they are.
 */
export function followBody(draft: Draft): void {
  const parsed = parseBody(draft.body);
  if (!parsed.ok) return;
  const mirrored = mcpHeadersFor(parsed.value);
  for (const name of Object.values(HEADERS)) setHeader(draft, name, mirrored[name] ?? null);
}

export type Mode = 'json' | 'sse';

/** Which mode a draft is in: SSE when its body asks for progress reports. */
export function modeOf(draft: Draft): Mode {
  const parsed = parseBody(draft.body);
  if (!parsed.ok || !isObject(parsed.value) || !isObject(parsed.value.params)) return 'json';
  const meta = parsed.value.params._meta;
  return isObject(meta) && meta.progressToken !== undefined ? 'sse' : 'json';
}

/**
 * Switches a draft between a plain JSON answer and a stream: the Accept header says what the client can
 * read, and `_meta.progressToken` asks for progress, which is what makes this server stream. The body is
 * re-printed with two-space indentation when it has to change.
 */
export function setMode(draft: Draft, mode: Mode): void {
  setHeader(draft, 'Accept', mode === 'sse' ? 'application/json, text/event-stream' : 'application/json');
  const parsed = parseBody(draft.body);
  if (!parsed.ok || !isObject(parsed.value) || !isObject(parsed.value.params)) return;
  const params = parsed.value.params;
  const meta = isObject(params._meta) ? params._meta : {};
  if (mode === 'sse' && meta.progressToken === undefined) meta.progressToken = PROGRESS_TOKEN;
  else if (mode === 'json' && meta.progressToken !== undefined) delete meta.progressToken;
  else return;
  params._meta = meta;
  draft.body = JSON.stringify(parsed.value, null, 2);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

interface EventView {
  /** Milliseconds after the request was sent. */
  atMs: number;
  event: string | undefined;
  /** The event's data as the parser put it together from its `data:` lines. */
  data: string;
}

/** A piece of the response body as the network delivered it, with its arrival time. */
interface ChunkView {
  atMs: number;
  text: string;
  bytes: number;
}

export interface Outcome {
  state: 'sending' | 'streaming' | 'done' | 'failed';
  status?: number;
  statusText?: string;
  /** Milliseconds after sending when the status line and headers arrived. */
  headersAtMs?: number;
  headers: [string, string][];
  /** The body exactly as it arrived (UTF-8 decoded), and its size on the wire. */
  text: string;
  bytes: number;
  /** For `text/event-stream`: each event as the parser completes it, and the chunks the events came in. */
  events: EventView[] | null;
  chunks: ChunkView[];
  error?: string;
}

/**
 * A JSON text re-indented for reading, two spaces a level, as the tour prints a long body; null when the
 * text is not JSON. The page shows this by default and the bytes as they came one click away.
 */
export function reindented(text: string): string | null {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return null;
  }
}

/** What `fetch` is given for a draft: only ticked rows, none the browser forbids. */
export function requestInit(draft: Draft, signal?: AbortSignal): RequestInit {
  const headers = new Headers();
  for (const row of draft.headers) {
    const name = row.name.trim();
    if (row.on && name !== '' && !isForbidden(name)) headers.append(name, row.value);
  }
  const hasBody = draft.method !== 'GET' && draft.method !== 'HEAD' && draft.body !== '';
  return {
    method: draft.method,
    headers,
    ...(hasBody ? { body: draft.body } : {}),
    ...(signal ? { signal } : {}),
  };
}

/**
 * Sends `draft` to `server` and reports each step to `update` (a fresh object each time, for Vue): the head,
 * then every chunk of the body as it arrives, and for `text/event-stream` each event as the parser completes it.
 */
export async function send(
  server: string,
  draft: Draft,
  update: (outcome: Outcome) => void,
  signal?: AbortSignal,
): Promise<void> {
  const started = performance.now();
  const since = () => Math.round(performance.now() - started);
  let outcome: Outcome = { state: 'sending', headers: [], text: '', bytes: 0, events: null, chunks: [] };
  const report = (change: Partial<Outcome>) => {
    outcome = { ...outcome, ...change };
    update(outcome);
  };
  report({});
  let response: Response;
  try {
    response = await fetch(new URL(draft.path, server), requestInit(draft, signal));
  } catch (error) {
    if (signal?.aborted) report({ state: 'done' });
    else report({ state: 'failed', error: error instanceof Error ? error.message : String(error) });
    return;
  }
  const headers = [...response.headers.entries()];
  const streamed = (response.headers.get('content-type') ?? '').startsWith('text/event-stream');
  report({
    state: streamed ? 'streaming' : 'sending',
    status: response.status,
    statusText: response.statusText,
    headersAtMs: since(),
    headers,
    events: streamed ? [] : null,
  });
  const events: EventView[] = [];
  const chunks: ChunkView[] = [];
  const parser = createSseParser((event) => {
    events.push({ atMs: since(), event: event.event, data: event.data });
  });
  try {
    if (!response.body) {
      report({ state: 'done' });
      return;
    }
    const decoder = new TextDecoder();
    const reader = response.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      const text = done ? decoder.decode() : decoder.decode(value, { stream: true });
      if (text !== '' || value) chunks.push({ atMs: since(), text, bytes: value?.byteLength ?? 0 });
      // A plain JSON body is shown once it is whole; a stream shows each event as it completes.
      if (streamed) {
        parser.feed(text);
        report({ events: [...events], chunks: [...chunks] });
      }
      if (done) break;
    }
    report({
      state: 'done',
      text: chunks.map((chunk) => chunk.text).join(''),
      bytes: chunks.reduce((sum, chunk) => sum + chunk.bytes, 0),
      chunks: [...chunks],
      events: streamed ? [...events] : null,
    });
  } catch (error) {
    // Stopped by the learner (or by picking another preset): what arrived so far stays on screen.
    const sofar = { text: chunks.map((chunk) => chunk.text).join(''), chunks: [...chunks] };
    if (signal?.aborted) report({ state: 'done', ...sofar });
    else report({ state: 'failed', ...sofar, error: error instanceof Error ? error.message : String(error) });
  }
}

/** The server's address from the page's `?server=` (when it is an http URL), else the default. */
export function serverFromQuery(search: string): string {
  const value = new URLSearchParams(search).get('server');
  if (value && URL.canParse(value) && /^https?:$/.test(new URL(value).protocol)) return new URL(value).origin;
  return DEFAULT_SERVER;
}

/**
 * The token from the page's `?token=` (a class server's slip fills it in), or undefined. Only a token's own
 * characters are taken, so the query cannot write anything else into a header.
 */
export function tokenFromQuery(search: string): string | undefined {
  const value = new URLSearchParams(search).get('token');
  return value && /^[A-Za-z0-9._~+/=-]{1,200}$/.test(value) ? value : undefined;
}

/** Where the playground sends, and as whom. */
export interface PlaygroundTarget {
  server: string;
  token: string | undefined;
}

/** The key under which a tab keeps the target its link named. */
const KEPT_TARGET = 'memos-kit-playground-target';

/**
 * The target from the page's `?server=` (and `?token=`), which this tab then keeps: a student who came by a
 * class slip's QR code, read another page and came back to the playground by the site's links (the address
 * has no query then) still sends to the class server with their token. Without `?server=`, what the tab
 * kept, read through the same checks as a query; else the default server. `kept` is undefined where the
 * browser allows no storage.
 */
export function playgroundTarget(
  search: string,
  kept: Pick<Storage, 'getItem' | 'setItem'> | undefined,
): PlaygroundTarget {
  const fromQuery = (query: string) => ({ server: serverFromQuery(query), token: tokenFromQuery(query) });
  if (new URLSearchParams(search).has('server')) {
    const target = fromQuery(search);
    try {
      kept?.setItem(KEPT_TARGET, new URLSearchParams(definedEntries(target)).toString());
    } catch {
      // storage full or refused: this visit still uses the link's target
    }
    return target;
  }
  let stored: string | null | undefined;
  try {
    stored = kept?.getItem(KEPT_TARGET);
  } catch {
    // storage refused: as if nothing was kept
  }
  return fromQuery(stored ? `?${stored}` : '');
}

const definedEntries = (target: PlaygroundTarget): [string, string][] =>
  Object.entries(target).filter((entry): entry is [string, string] => entry[1] !== undefined);

/** The draft with its bearer credential swapped for `token` (a draft without one is left as it is). */
export function withToken(draft: Draft, token: string | undefined): Draft {
  if (token === undefined) return draft;
  for (const row of draft.headers)
    if (row.name.trim().toLowerCase() === 'authorization' && /^Bearer\s/i.test(row.value))
      row.value = `Bearer ${token}`;
  return draft;
}
