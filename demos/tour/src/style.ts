import { styleText } from 'node:util';

/** What a piece of text is, so each layer of a message keeps one colour across the whole tour. */
export type Role =
  | 'envelope' // JSON-RPC: jsonrpc, id, method, params, result, error
  | 'protocol' // MCP: _meta, resultType, content, isError, ttlMs, cacheScope, the tools structure, Mcp-* headers
  | 'business' // the tool's own data: arguments, structuredContent, tool schemas, REST bodies
  | 'http' // start lines and ordinary headers
  | 'punct'
  | 'muted'
  | 'title'
  | 'ok'
  | 'fail';

type StyleFormat = Parameters<typeof styleText>[0];

const formats: Record<Role, StyleFormat> = {
  envelope: 'cyan',
  protocol: 'magenta',
  business: 'green',
  http: 'blue',
  punct: 'gray',
  muted: 'gray',
  title: ['bold', 'underline'],
  ok: ['bold', 'green'],
  fail: ['bold', 'red'],
};

export type Paint = (role: Role, text: string) => string;

export function createPaint(color: boolean): Paint {
  if (!color) return (_role, text) => text;
  // validateStream: false because the caller already decided (--no-color, NO_COLOR); a piped transcript
  // with colours on request must keep them.
  return (role, text) => (text === '' ? text : styleText(formats[role], text, { validateStream: false }));
}
