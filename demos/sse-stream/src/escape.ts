/**
 * Shows bytes the way a teacher wants to point at them: printable ASCII as is, line ends as `\n` / `\r`, and
 * every other byte (a piece of a UTF-8 character, say) as `\xHH`, so a read that ends mid-character shows it.
 */
export function escapeBytes(bytes: Uint8Array): string {
  let out = '';
  for (const byte of bytes) {
    if (byte === 0x0a) out += '\\n';
    else if (byte === 0x0d) out += '\\r';
    else if (byte === 0x5c) out += '\\\\';
    else if (byte >= 0x20 && byte < 0x7f) out += String.fromCharCode(byte);
    else out += `\\x${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** Cuts a long line into pieces of at most `width` characters, without splitting an escape sequence. */
export function wrapEscaped(text: string, width: number): string[] {
  const pieces: string[] = [];
  const tokens = text.match(/\\x[0-9A-F]{2}|\\.|[^\\]/g) ?? [];
  let line = '';
  for (const token of tokens) {
    if (line.length + token.length > width && line !== '') {
      pieces.push(line);
      line = '';
    }
    line += token;
  }
  if (line !== '' || pieces.length === 0) pieces.push(line);
  return pieces;
}
