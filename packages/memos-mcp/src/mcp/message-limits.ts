import { ErrorCode, MAX_JSON_DEPTH, nestedDeeperThan } from '@memos-kit/protocol';
import type { RequestId } from '@modelcontextprotocol/server';

/** Tool arguments are small (a memo is at most 8 KiB); 1 MiB leaves room and stops abuse. */
export const MAX_MESSAGE_BYTES = 1024 * 1024;

// The deepest nesting a message may have is the REST mock's body limit: the SDK's schema checks and the
// argument validator walk a message recursively, and 10 000 levels overflow their stack (a 500 "Maximum
// call stack size exceeded"), so depth is bounded, with the mock's own non-recursive walk, before anything
// else walks it.

/** What a transport answers instead of handing a message on: a JSON-RPC error code, and the id if it was readable. */
interface MessageProblem {
  code: number;
  message: string;
  id: RequestId | null;
}

export type ParsedMessage = { kind: 'json'; value: unknown } | ({ kind: 'invalid' } & MessageProblem);

// The spec says UTF-8; a lenient decoder would quietly turn bad bytes into U+FFFD and lose data.
const UTF8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Decodes and parses one message (an HTTP body or a stdio line) the same way on both transports: invalid
 * UTF-8 and invalid JSON are -32700; nesting deeper than MAX_JSON_DEPTH is -32600, with the request's id
 * when it can be read. JSON.parse itself does not recurse, so only what comes after it needs the bound.
 */
export function parseMessage(bytes: Uint8Array): ParsedMessage {
  let text: string;
  try {
    text = UTF8.decode(bytes);
  } catch {
    return {
      kind: 'invalid',
      code: ErrorCode.ParseError,
      message: 'Parse error: the body is not valid UTF-8',
      id: null,
    };
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    // The SDK's own answer to a body that is not JSON, word for word.
    return { kind: 'invalid', code: ErrorCode.ParseError, message: 'Parse error: Invalid JSON', id: null };
  }
  if (nestedDeeperThan(value, MAX_JSON_DEPTH)) {
    return {
      kind: 'invalid',
      code: ErrorCode.InvalidRequest,
      message: `Invalid Request: JSON nested deeper than ${MAX_JSON_DEPTH} levels`,
      id: idOf(value),
    };
  }
  return { kind: 'json', value };
}

/** The id of a message that may not be a valid JSON-RPC message, when it is a usable one. */
export function idOf(value: unknown): RequestId | null {
  if (typeof value !== 'object' || value === null) return null;
  const id = (value as { id?: unknown }).id;
  return typeof id === 'string' || (typeof id === 'number' && Number.isInteger(id)) ? id : null;
}
