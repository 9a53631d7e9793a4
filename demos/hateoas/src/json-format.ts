/**
 * JSON laid out the way the article prints it: two-space indent, and a small object or array
 * of plain values kept on one line (`"pay": { "href": "/orders/123/payment" }`). Served bodies
 * use it too, so `curl` in class shows the article's own layout.
 */
export function formatJson(value: unknown): string {
  return layout(value, '');
}

const INLINE_LIMIT = 72;

function layout(value: unknown, indent: string): string {
  if (typeof value !== 'object' || value === null) return JSON.stringify(value) ?? 'null';
  const isArray = Array.isArray(value);
  const entries = isArray ? value.map((item) => [undefined, item] as const) : Object.entries(value);
  const [open, close] = isArray ? ['[', ']'] : ['{', '}'];
  if (entries.length === 0) return `${open}${close}`;
  const key = (name: string | undefined) => (name === undefined ? '' : `${JSON.stringify(name)}: `);

  if (entries.every(([, item]) => typeof item !== 'object' || item === null)) {
    const parts = entries.map(([name, item]) => `${key(name)}${JSON.stringify(item)}`);
    const inline = isArray ? `[${parts.join(', ')}]` : `{ ${parts.join(', ')} }`;
    if (inline.length + indent.length <= INLINE_LIMIT) return inline;
  }
  const inner = `${indent}  `;
  const lines = entries.map(([name, item]) => `${inner}${key(name)}${layout(item, inner)}`);
  return `${open}\n${lines.join(',\n')}\n${indent}${close}`;
}
