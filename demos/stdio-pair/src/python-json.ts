/**
 * Python's `json.dumps(value)` with its defaults, for the two places where the article's bytes
 * come from it: the tool's `text` content and what the client prints.
 *
 * Why bother: JSON.stringify writes `{"memos":[]}`, Python writes `{"memos": []}`. Both are the
 * same JSON value, and MCP does not care which one a server puts in `text`. But the fixtures are
 * the bytes the article's programs really produce, and a learner comparing the two languages
 * should see that the difference is formatting, not data. It is also why a client must parse
 * `text` (or read `structuredContent`) instead of comparing strings.
 *
 * The wire line itself is `json.dumps(..., ensure_ascii=False, separators=(",", ":"))`, which
 * is exactly what JSON.stringify already writes, so it needs no helper.
 */
export function pythonDumps(value: unknown): string {
  if (Array.isArray(value)) {
    return `[${value.map(pythonDumps).join(', ')}]`;
  }
  if (value !== null && typeof value === 'object') {
    const members = Object.entries(value).map(
      ([key, item]) => `${asciiOnly(JSON.stringify(key))}: ${pythonDumps(item)}`,
    );
    return `{${members.join(', ')}}`;
  }
  if (typeof value === 'string') {
    return asciiOnly(JSON.stringify(value));
  }
  // Numbers, booleans and null print the same in both languages (JavaScript has no separate
  // float type, so Python's `1.0` has no counterpart here).
  return JSON.stringify(value);
}

// Python's default ensure_ascii=True escapes every character outside printable ASCII as \uXXXX
// (lower-case hex, UTF-16 code units, so an emoji becomes a surrogate pair).
function asciiOnly(json: string): string {
  return json.replace(/[^\x20-\x7e]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
