/**
 * A hand-written `.http` file, as a learner writes it in an editor with a REST client plugin: notes on lines
 * that start with `#` above the request, then the request itself, which the kit's wire parser reads.
 */
import { type HttpMessage, HttpMessageError, parseHttpMessage } from '@memos-kit/wire';

/** Why a file is not a request, in terms a check can explain; `line` is the learner's line that fails. */
type NotARequest = {
  ok: false;
  reason: 'noRequestLine' | 'spaceInTarget' | 'notAHeader';
  line: string;
};

/** A request line but for spaces in its target: a query written out unencoded. */
const LOOKS_LIKE_REQUEST = /^[A-Z]+ \S.* HTTP\/\d(?:\.\d)?$/;

export function readHttpFile(text: string): { ok: true; value: HttpMessage } | NotARequest {
  const lines = text.split(/\r?\n/);
  let start = 0;
  while (start < lines.length && (lines[start]?.startsWith('#') || lines[start]?.trim() === '')) start++;
  const first = lines[start] ?? '';
  try {
    const message = parseHttpMessage(lines.slice(start).join('\n'));
    if (message.method === undefined) return { ok: false, reason: 'noRequestLine', line: first };
    return { ok: true, value: message };
  } catch (error) {
    if (!(error instanceof HttpMessageError)) throw error;
    // The parser's words are English and about the parser; the learner needs to know which of their lines.
    if (!isRequestLine(first))
      return {
        ok: false,
        reason: LOOKS_LIKE_REQUEST.test(first) ? 'spaceInTarget' : 'noRequestLine',
        line: first,
      };
    const end = lines.indexOf('', start);
    const bad = lines.slice(start + 1, end < 0 ? undefined : end).find((line) => line.indexOf(':') <= 0);
    return { ok: false, reason: 'notAHeader', line: bad ?? first };
  }
}

function isRequestLine(line: string): boolean {
  try {
    return parseHttpMessage(line).method !== undefined;
  } catch {
    return false;
  }
}
