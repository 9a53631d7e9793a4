/**
 * A hand-written `.http` file, as a learner writes it in an editor with a REST client plugin: notes on lines
 * that start with `#` above the request, then the request itself, which the kit's wire parser reads.
 */
import { type HttpMessage, HttpMessageError, parseHttpMessage } from '@memos-kit/wire';

export function readHttpFile(text: string): { ok: true; value: HttpMessage } | { ok: false; got: string } {
  const lines = text.split(/\r?\n/);
  let start = 0;
  while (start < lines.length && (lines[start]?.startsWith('#') || lines[start]?.trim() === '')) start++;
  const request = lines.slice(start).join('\n');
  try {
    const message = parseHttpMessage(request);
    if (message.method === undefined) return { ok: false, got: lines[start] ?? '(empty file)' };
    return { ok: true, value: message };
  } catch (error) {
    if (error instanceof HttpMessageError) return { ok: false, got: error.message };
    throw error;
  }
}
