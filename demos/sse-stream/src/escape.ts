import { wrapUnits } from '@memos-kit/terminal';

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

/**
 * The units of an escaped text: `\xHH`, a two-character escape such as `\n`, or one plain character. A
 * cut between two of them never leaves half an escape on a line (`\x1` there, `B` on the next).
 */
export function escapedTokens(text: string): string[] {
  return text.match(/\\x[0-9A-F]{2}|\\.|[^\\]/g) ?? [];
}

/**
 * Cuts a long escaped line into pieces of at most `width` characters, only between escapes: `\\x1B` is four
 * characters that mean one byte, and a piece must not end inside them.
 */
export function wrapEscaped(text: string, width: number): string[] {
  return wrapUnits(escapedTokens(text), width);
}
