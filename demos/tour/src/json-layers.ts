import { type JsonPath, layerOf, tokenizeJson } from '@memos-kit/wire';
import type { Role, RolePaint } from './style.ts';

/** 'jsonrpc' for MCP messages; 'business' for bodies that are business objects through and through (REST). */
export type JsonContext = 'jsonrpc' | 'business';

/** The layer a key (part 'key') or a scalar value (part 'value') at `path` belongs to: the kit's one rule. */
export function roleAt(path: JsonPath, part: 'key' | 'value', context: JsonContext): Role {
  if (path.length === 0) return 'punct';
  return layerOf(path, part, context === 'jsonrpc');
}

/**
 * Paints JSON text by layer while keeping every byte of it, so the colours go on top of the raw wire bytes
 * instead of on a re-serialised copy. Text that is not JSON comes back unpainted.
 */
export function paintJson(
  raw: string,
  paint: RolePaint,
  context: JsonContext,
  /** Where `raw` sits inside a whole message, e.g. ['result', 'tools', 0] for one tool definition. */
  base: JsonPath = [],
): string {
  return tokenizeJson(raw, { jsonRpc: context === 'jsonrpc', base })
    .map((token) => {
      switch (token.kind) {
        case 'key':
        case 'value':
          return paint(roleAt(token.path, token.kind, context), token.text);
        case 'open':
        case 'close':
        case 'separator':
          return paint('punct', token.text);
        default:
          return token.text;
      }
    })
    .join('');
}
