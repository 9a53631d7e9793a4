// Colours a JSON text by the article's three layers without reformatting it: the panes show
// the fixture's real bytes, so a parse-and-pretty-print would hide exactly what is being taught.

import { type Layer, layerOf } from '../../../packages/wire/src/layers.ts';

export type { Layer };

export interface Segment {
  text: string;
  layer: Layer | null;
}

type Path = readonly (string | number)[];

// The rule itself lives in the wire library, shared with the tour, so terminal and site agree.
/** The layer of the value found at `path` (what the node contains). */
export const valueLayer = (path: Path, jsonRpc: boolean): Layer => layerOf(path, 'value', jsonRpc);

/** The layer of the member name at the end of `path` (who defined that key). */
export const keyLayer = (path: Path, jsonRpc: boolean): Layer => layerOf(path, 'key', jsonRpc);

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
