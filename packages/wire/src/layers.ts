/**
 * The article's three layers of one MCP message (section 5, "协议字段和业务字段"):
 * - `envelope`: JSON-RPC's own members (`jsonrpc`, `id`, `method`, `params`, `result`, `error`);
 * - `protocol`: what MCP defines inside them (`_meta`, `resultType`, `content`, `isError`, `ttlMs`, ...);
 * - `business`: what the server's own contract defines (`arguments`, `structuredContent`, tool schemas, ...).
 * The tour and the docs site colour messages with this one rule, so a learner sees the same colours in
 * the terminal and in the browser.
 */
export type Layer = 'envelope' | 'protocol' | 'business';

export type JsonPath = readonly (string | number)[];

/** `#` stands for any array index. */
type Slot = readonly (string | '#')[];

/**
 * Slots whose name MCP defines but whose content the server's business defines: the member name is
 * protocol, everything inside it is business data.
 */
export const BUSINESS_SLOTS: readonly Slot[] = [
  ['params', 'name'],
  ['params', 'arguments'],
  ['result', 'structuredContent'],
  ['result', 'content', '#', 'text'],
  ['result', 'tools', '#', 'name'],
  ['result', 'tools', '#', 'title'],
  ['result', 'tools', '#', 'description'],
  ['result', 'tools', '#', 'inputSchema'],
  ['result', 'tools', '#', 'outputSchema'],
  ['result', 'tools', '#', '_meta'],
];

function inSlot(path: JsonPath, slot: Slot): boolean {
  if (path.length < slot.length) return false;
  return slot.every((part, index) => (part === '#' ? typeof path[index] === 'number' : part === path[index]));
}

/**
 * The layer of the member name (`key`) or the scalar value (`value`) found at `path` in a message.
 * `jsonRpc: false` is for bodies that are business data through and through (a REST response).
 */
export function layerOf(path: JsonPath, part: 'key' | 'value', jsonRpc: boolean): Layer {
  if (!jsonRpc) return 'business';
  for (const slot of BUSINESS_SLOTS) {
    if (!inSlot(path, slot)) continue;
    return path.length === slot.length && part === 'key' ? 'protocol' : 'business';
  }
  if (path.length <= 1 || path[0] === 'error') return 'envelope';
  return 'protocol';
}

/** One piece of a JSON text: what it is, and the layer it belongs to (null for commas, colons, spaces). */
export interface JsonToken {
  text: string;
  kind: 'key' | 'value' | 'open' | 'close' | 'separator' | 'space' | 'other';
  /** For brackets, the layer of the object or array they open or close. */
  layer: Layer | null;
  /** Where the token sits: a key's own path, a value's path, a bracket's container path. */
  path: JsonPath;
}

export interface TokenizeOptions {
  /** Whether the text is a JSON-RPC message; by default, whether it parses to an object with `jsonrpc`. */
  jsonRpc?: boolean;
  /** Where the text sits inside a whole message, e.g. ['result', 'tools', 0] for one tool definition. */
  base?: JsonPath;
}

const STRING = /"(?:[^"\\]|\\.)*"/y;
const LITERAL = /-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null/y;
const SPACE = /[ \t\r\n]*/y;

/**
 * Splits a JSON text into tokens whose concatenation is exactly the input, each with its layer, so a
 * terminal or a web page can colour the real wire bytes instead of a re-serialised copy. The one JSON
 * scanner of the kit: the tour paints its tokens, the docs site groups them into coloured spans.
 * Text that is not JSON comes back as one token of kind 'other'.
 */
export function tokenizeJson(text: string, options: TokenizeOptions = {}): JsonToken[] {
  const jsonRpc = options.jsonRpc ?? isJsonRpcText(text);
  const out: JsonToken[] = [];
  let pos = 0;
  const take = (pattern: RegExp, kind: JsonToken['kind'], layer: Layer | null, path: JsonPath): string => {
    pattern.lastIndex = pos;
    const found = pattern.exec(text);
    if (!found) throw new SyntaxError(`unexpected input at ${pos}`);
    pos += found[0].length;
    if (found[0] !== '') out.push({ text: found[0], kind, layer, path });
    return found[0];
  };
  const char = (c: string, kind: JsonToken['kind'], layer: Layer | null, path: JsonPath) => {
    if (text[pos] !== c) throw new SyntaxError(`expected ${c} at ${pos}`);
    out.push({ text: c, kind, layer, path });
    pos++;
  };
  const space = (path: JsonPath) => take(SPACE, 'space', null, path);
  const value = (path: JsonPath): void => {
    space(path);
    const layer = layerOf(path, 'value', jsonRpc);
    const first = text[pos];
    if (first === '{' || first === '[') {
      const close = first === '{' ? '}' : ']';
      char(first, 'open', layer, path);
      space(path);
      if (text[pos] === close) {
        char(close, 'close', layer, path);
        return;
      }
      for (let index = 0; ; index++) {
        let itemPath: JsonPath = [...path, index];
        if (first === '{') {
          space(path);
          STRING.lastIndex = pos;
          const raw = STRING.exec(text)?.[0];
          if (raw === undefined) throw new SyntaxError(`expected a key at ${pos}`);
          itemPath = [...path, JSON.parse(raw) as string];
          take(STRING, 'key', layerOf(itemPath, 'key', jsonRpc), itemPath);
          space(path);
          char(':', 'separator', null, path);
        }
        value(itemPath);
        space(path);
        if (text[pos] !== ',') {
          char(close, 'close', layer, path);
          return;
        }
        char(',', 'separator', null, path);
      }
    }
    take(first === '"' ? STRING : LITERAL, 'value', layer, path);
  };
  try {
    value([...(options.base ?? [])]);
    space([]);
    if (pos < text.length) throw new SyntaxError(`trailing input at ${pos}`);
    return out;
  } catch {
    return [{ text, kind: 'other', layer: null, path: [] }];
  }
}

/** Whether a text parses to a JSON-RPC message (and so has the three layers at all). */
export function isJsonRpcText(text: string): boolean {
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null && 'jsonrpc' in parsed;
  } catch {
    return false;
  }
}
