import type { ColourFormat, Paint } from '@memos-kit/terminal';

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

// Which colour each layer wears is the tour's own idea (the README's legend); whether to colour at all is
// the kit's one rule, decided by the toolkit's colourWanted before a Paint reaches this module.
const formats: Record<Role, ColourFormat> = {
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

export type RolePaint = (role: Role, text: string) => string;

/** The toolkit's paint (plain when colour is off), driven by roles instead of colour names. */
export function paintRoles(paint: Paint): RolePaint {
  return (role, text) => paint(formats[role], text);
}
