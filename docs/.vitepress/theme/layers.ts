// Colours a JSON text by the article's three layers without reformatting it: the panes show
// the fixture's real bytes, so a parse-and-pretty-print would hide exactly what is being taught.

export type Layer = 'envelope' | 'protocol' | 'business';

export interface Segment {
  text: string;
  layer: Layer | null;
}

type Path = readonly (string | number)[];

const isIndex = (part: string | number | undefined): part is number => typeof part === 'number';

function matches(path: Path, pattern: readonly (string | '#')[]): boolean {
  if (path.length !== pattern.length) return false;
  return pattern.every((part, i) => (part === '#' ? isIndex(path[i]) : path[i] === part));
}

// Where business data begins inside a JSON-RPC message. Everything below these paths
// was defined by the server's own contract (inputSchema/outputSchema, tool text), not by MCP.
const businessRoots: readonly (readonly (string | '#')[])[] = [
  ['params', 'arguments'],
  ['params', 'name'],
  ['result', 'structuredContent'],
  ['result', 'content', '#', 'text'],
  ['result', 'tools', '#', 'name'],
  ['result', 'tools', '#', 'title'],
  ['result', 'tools', '#', 'description'],
  ['result', 'tools', '#', 'inputSchema'],
  ['result', 'tools', '#', 'outputSchema'],
  ['result', 'tools', '#', '_meta'],
];

/** The layer of the value found at `path` (what the node contains). */
export function valueLayer(path: Path, jsonRpc: boolean): Layer {
  if (!jsonRpc) return 'business';
  for (let depth = 1; depth <= path.length; depth++) {
    const prefix = path.slice(0, depth);
    if (businessRoots.some((root) => matches(prefix, root))) return 'business';
  }
  if (path.length <= 1) return 'envelope';
  if (path[0] === 'error') return 'envelope';
  return 'protocol';
}

/** The layer of the member name at the end of `path` (who defined that key). */
export function keyLayer(path: Path, jsonRpc: boolean): Layer {
  if (!jsonRpc) return 'business';
  const parent = path.slice(0, -1);
  if (parent.length > 0 && valueLayer(parent, true) === 'business') return 'business';
  if (path.length === 1) return 'envelope';
  if (path[0] === 'error') return 'envelope';
  return 'protocol';
}

class Scanner {
  pos = 0;
  readonly out: Segment[] = [];
  constructor(
    readonly text: string,
    readonly jsonRpc: boolean,
  ) {}

  emit(text: string, layer: Layer | null): void {
    const last = this.out.at(-1);
    if (last && last.layer === layer) last.text += text;
    else this.out.push({ text, layer });
  }

  take(pattern: RegExp, layer: Layer | null): string {
    pattern.lastIndex = this.pos;
    const found = pattern.exec(this.text);
    if (!found || found.index !== this.pos) throw new SyntaxError(`unexpected input at ${this.pos}`);
    this.pos += found[0].length;
    if (found[0]) this.emit(found[0], layer);
    return found[0];
  }

  peek(pattern: RegExp): string {
    pattern.lastIndex = this.pos;
    const found = pattern.exec(this.text);
    if (!found || found.index !== this.pos) throw new SyntaxError(`unexpected input at ${this.pos}`);
    return found[0];
  }

  /** Consumes a separator (left uncoloured) or the closing bracket (coloured like its container). */
  closes(bracket: '}' | ']', layer: Layer): boolean {
    if (this.text[this.pos] === ',') {
      this.take(/,/y, null);
      return false;
    }
    this.take(bracket === '}' ? /\}/y : /\]/y, layer);
    return true;
  }

  space(): void {
    this.take(/[ \t\r\n]*/y, null);
  }

  value(path: Path): void {
    this.space();
    const layer = valueLayer(path, this.jsonRpc);
    const char = this.text[this.pos];
    if (char === '{') this.object(path, layer);
    else if (char === '[') this.array(path, layer);
    else if (char === '"') this.take(/"(?:[^"\\]|\\.)*"/y, layer);
    else this.take(/-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null/y, layer);
  }

  object(path: Path, layer: Layer): void {
    this.take(/\{/y, layer);
    this.space();
    if (this.text[this.pos] === '}') {
      this.take(/\}/y, layer);
      return;
    }
    for (;;) {
      this.space();
      const raw = this.peek(/"(?:[^"\\]|\\.)*"/y);
      const keyPath = [...path, JSON.parse(raw) as string];
      const kLayer = keyLayer(keyPath, this.jsonRpc);
      this.take(/"(?:[^"\\]|\\.)*"/y, kLayer);
      this.space();
      this.take(/:/y, null);
      this.value(keyPath);
      this.space();
      if (this.closes('}', layer)) return;
    }
  }

  array(path: Path, layer: Layer): void {
    this.take(/\[/y, layer);
    this.space();
    if (this.text[this.pos] === ']') {
      this.take(/\]/y, layer);
      return;
    }
    for (let index = 0; ; index++) {
      this.value([...path, index]);
      this.space();
      if (this.closes(']', layer)) return;
    }
  }
}

/** Whether a parsed body is a JSON-RPC message (and so has the three layers at all). */
export function isJsonRpc(text: string): boolean {
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null && 'jsonrpc' in parsed;
  } catch {
    return false;
  }
}

/**
 * Splits a JSON text into coloured segments whose concatenation is exactly the input.
 * Text that is not JSON comes back as one uncoloured segment.
 */
export function segmentJson(text: string): Segment[] {
  const trimmed = text.trim();
  if (!trimmed.startsWith('{') && !trimmed.startsWith('[')) return [{ text, layer: null }];
  const scanner = new Scanner(text, isJsonRpc(text));
  try {
    scanner.value([]);
    scanner.space();
    if (scanner.pos < text.length) scanner.emit(text.slice(scanner.pos), null);
    return scanner.out;
  } catch {
    return [{ text, layer: null }];
  }
}
