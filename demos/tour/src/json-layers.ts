import { layerOf } from '@memos-kit/wire';
import type { Paint, Role } from './style.ts';

/** 'jsonrpc' for MCP messages; 'business' for bodies that are business objects through and through (REST). */
export type JsonContext = 'jsonrpc' | 'business';

type Segment = string | number;

/** The layer a key (part 'key') or a scalar value (part 'value') at `path` belongs to: the kit's one rule. */
export function roleAt(path: readonly Segment[], part: 'key' | 'value', context: JsonContext): Role {
  if (path.length === 0) return 'punct';
  return layerOf(path, part, context === 'jsonrpc');
}

type Frame =
  | { kind: 'object'; key: string | undefined; awaitingKey: boolean }
  | { kind: 'array'; index: number };

const literalEnd = /[\s,\]}]/;

/**
 * Paints JSON text by layer while keeping every byte of it, so the colours go on top of the raw wire bytes
 * instead of on a re-serialised copy. Text that is not JSON comes back unpainted.
 */
export function paintJson(
  raw: string,
  paint: Paint,
  context: JsonContext,
  /** Where `raw` sits inside a whole message, e.g. ['result', 'tools', 0] for one tool definition. */
  base: readonly Segment[] = [],
): string {
  try {
    JSON.parse(raw);
  } catch {
    return raw;
  }
  const stack: Frame[] = [];
  const path = (): Segment[] => [
    ...base,
    ...stack.map((f) => (f.kind === 'object' ? (f.key ?? '') : f.index)),
  ];
  let out = '';
  let i = 0;
  while (i < raw.length) {
    const ch = raw.charAt(i);
    const top = stack.at(-1);
    if (ch === '"') {
      let end = i + 1;
      while (raw.charAt(end) !== '"') end += raw.charAt(end) === '\\' ? 2 : 1;
      const token = raw.slice(i, end + 1);
      if (top?.kind === 'object' && top.awaitingKey) {
        top.key = JSON.parse(token) as string;
        out += paint(roleAt(path(), 'key', context), token);
      } else {
        out += paint(roleAt(path(), 'value', context), token);
      }
      i = end + 1;
    } else if (ch === '{' || ch === '[') {
      out += paint('punct', ch);
      stack.push(
        ch === '{' ? { kind: 'object', key: undefined, awaitingKey: true } : { kind: 'array', index: 0 },
      );
      i++;
    } else if (ch === '}' || ch === ']') {
      out += paint('punct', ch);
      stack.pop();
      i++;
    } else if (ch === ',') {
      if (top?.kind === 'object') top.awaitingKey = true;
      else if (top?.kind === 'array') top.index++;
      out += paint('punct', ch);
      i++;
    } else if (ch === ':') {
      if (top?.kind === 'object') top.awaitingKey = false;
      out += paint('punct', ch);
      i++;
    } else if (/\s/.test(ch)) {
      out += ch;
      i++;
    } else {
      let end = i;
      while (end < raw.length && !literalEnd.test(raw.charAt(end))) end++;
      out += paint(roleAt(path(), 'value', context), raw.slice(i, end));
      i = end;
    }
  }
  return out;
}
