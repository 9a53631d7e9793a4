import { HEADERS, MAX_JSON_DEPTH, META, nestedDeeperThan } from '@memos-kit/protocol';
import { type Headers, headerValue } from './frames.ts';

/** `_meta` keys that are pure noise for matching: tracing context differs on every run. */
const NOISE_META_KEYS = new Set(['traceparent', 'tracestate', 'baggage']);

/** Object members sorted by name, all the way down: JSON gives members no order, so matching ignores it. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
  );
}

/**
 * What of `_meta` decides the answer: which keys are there (a request without the protocol version, or
 * asking for progress, is answered differently) and the protocol version itself. The values of the other
 * keys (a progress token, client details) are noise that differs between runs.
 */
function metaShape(meta: unknown): unknown {
  if (typeof meta !== 'object' || meta === null) return meta === undefined ? null : 'not-an-object';
  const keys = Object.keys(meta)
    .filter((key) => !NOISE_META_KEYS.has(key))
    .sort();
  return { keys, version: (meta as Record<string, unknown>)[META.protocolVersion] ?? null };
}

interface RpcRequest {
  method: string;
  params?: Record<string, unknown>;
}

function asRpcRequest(value: unknown): RpcRequest | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  if (!('method' in value) || typeof value.method !== 'string') return undefined;
  const params = 'params' in value && typeof value.params === 'object' ? value.params : undefined;
  return { method: value.method, ...(params ? { params: params as Record<string, unknown> } : {}) };
}

/**
 * JSON, or not: a body nested deeper than the kit's servers accept counts as text, so matching it (which
 * walks the value) stays bounded, with the same limit as theirs.
 */
function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    const value: unknown = JSON.parse(text);
    return nestedDeeperThan(value, MAX_JSON_DEPTH) ? { ok: false } : { ok: true, value };
  } catch {
    return { ok: false };
  }
}

/** The JSON-RPC part of a key: method, params without `_meta`, and the shape of `_meta`; never the id. */
function rpcKey(rpc: RpcRequest): unknown[] {
  const { _meta, ...params } = rpc.params ?? {};
  return [rpc.method, canonical(params), metaShape(_meta)];
}

export interface MatchableRequest {
  method: string;
  target: string;
  headers: Headers;
  body: string;
}

/**
 * Two HTTP requests that get the same key get the same recorded answer. The key holds the HTTP method and
 * target, the routing headers MCP defines (`Mcp-Method`, `Mcp-Name`: a request whose header disagrees
 * with its body is answered differently), and the body: for JSON-RPC its method, params and the shape of
 * `_meta`, for other JSON its value, otherwise its text. Ids, key order and credentials play no part.
 */
export function httpKey(request: MatchableRequest): string {
  const routing = [
    headerValue(request.headers, HEADERS.method) ?? null,
    headerValue(request.headers, HEADERS.name) ?? null,
  ];
  const json = parseJson(request.body);
  const rpc = json.ok ? asRpcRequest(json.value) : undefined;
  const body = rpc ? rpcKey(rpc) : json.ok ? canonical(json.value) : request.body;
  return JSON.stringify(['http', request.method.toUpperCase(), request.target, routing, body]);
}

/** The same for a stdio line: its JSON-RPC method, params and `_meta` shape, or the line itself. */
export function stdioKey(line: string): string {
  const json = parseJson(line);
  const rpc = json.ok ? asRpcRequest(json.value) : undefined;
  return JSON.stringify(['stdio', rpc ? rpcKey(rpc) : json.ok ? canonical(json.value) : line]);
}

/** The JSON-RPC method of a body, for messages and diagrams. */
export function rpcMethodOf(text: string): string | undefined {
  const json = parseJson(text);
  return json.ok ? asRpcRequest(json.value)?.method : undefined;
}

export function progressTokenOf(text: string): string | number | undefined {
  const json = parseJson(text);
  const token = json.ok ? asRpcRequest(json.value)?.params?._meta : undefined;
  if (typeof token !== 'object' || token === null || !('progressToken' in token)) return undefined;
  const value = token.progressToken;
  return typeof value === 'string' || typeof value === 'number' ? value : undefined;
}
