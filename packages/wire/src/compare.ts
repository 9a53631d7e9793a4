import type { CompareMode } from './fixtures.ts';
import { tryParseJson } from './http-message.ts';
import { isObject } from './is-object.ts';

export type DifferenceKind = 'changed' | 'missing' | 'unexpected' | 'type' | 'length';

export interface Difference {
  /** Which part of the exchange: the status line, a header, the body, or one SSE event. */
  where: 'status' | 'header' | 'body' | 'event';
  /** A JSONPath-like location (`$.result.tools[name=memo_list_memos].title`) or a header name. */
  path: string;
  kind: DifferenceKind;
  expected?: unknown;
  actual?: unknown;
}

/**
 * Compares a live JSON value with the article's.
 *
 * - `exact`: the same JSON values; key order and whitespace do not count.
 * - `abridged`: every value the article shows is present and equal; arrays of named things (tools,
 *   memos) match by `name`; the live value may carry more fields and more named items, never different
 *   values. The JSON-RPC envelope, `resultType`, `isError` and `error` stay exact even then, because
 *   the article never abridges the protocol, only the business data.
 * A string holding JSON (a text content block) is compared as the JSON it holds, in the same mode.
 */
export function compareJson(
  actual: unknown,
  expected: unknown,
  mode: CompareMode,
  where: Difference['where'] = 'body',
): Difference[] {
  const differences: Difference[] = [];
  walk(actual, expected, '$', mode, { where, out: differences });
  if (mode === 'abridged') checkProtocolExactness(actual, expected, where, differences);
  return differences;
}

/** What stays the same through one comparison: where it happens and where its findings go. */
interface Comparison {
  where: Difference['where'];
  out: Difference[];
}

function walk(
  actual: unknown,
  expected: unknown,
  path: string,
  mode: CompareMode,
  comparison: Comparison,
): void {
  const { where, out } = comparison;
  // Error objects are protocol, never business data: the article shows them whole.
  const effectiveMode = path === '$.error' ? 'exact' : mode;
  if (effectiveMode !== mode) {
    walk(actual, expected, path, effectiveMode, comparison);
    return;
  }
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual)) {
      out.push({ where, path, kind: 'type', expected, actual });
      return;
    }
    compareArrays(actual, expected, path, mode, comparison);
    return;
  }
  if (isObject(expected)) {
    if (!isObject(actual)) {
      out.push({ where, path, kind: 'type', expected, actual });
      return;
    }
    for (const [key, value] of Object.entries(expected)) {
      const childPath = `${path}.${key}`;
      if (!Object.hasOwn(actual, key)) out.push({ where, path: childPath, kind: 'missing', expected: value });
      else walk(actual[key], value, childPath, mode, comparison);
    }
    if (mode === 'exact') {
      for (const key of Object.keys(actual)) {
        if (!Object.hasOwn(expected, key)) {
          out.push({ where, path: `${path}.${key}`, kind: 'unexpected', actual: actual[key] });
        }
      }
    }
    return;
  }
  if (typeof expected === 'string' && typeof actual === 'string' && expected !== actual) {
    const inner = [tryParseJson(expected), tryParseJson(actual)] as const;
    if (inner[0].ok && inner[1].ok && typeof inner[0].value === 'object' && inner[0].value !== null) {
      walk(inner[1].value, inner[0].value, `${path}<json>`, mode, comparison);
      return;
    }
  }
  if (typeof actual !== typeof expected || (actual === null) !== (expected === null)) {
    out.push({ where, path, kind: 'type', expected, actual });
  } else if (!Object.is(actual, expected)) {
    out.push({ where, path, kind: 'changed', expected, actual });
  }
}

function compareArrays(
  actual: unknown[],
  expected: unknown[],
  path: string,
  mode: CompareMode,
  comparison: Comparison,
): void {
  const { where, out } = comparison;
  if (mode === 'abridged' && expected.length > 0 && expected.every(hasName)) {
    for (const item of expected as Array<{ name: string }>) {
      const match = actual.find((candidate) => hasName(candidate) && candidate.name === item.name);
      const itemPath = `${path}[name=${item.name}]`;
      if (match === undefined) out.push({ where, path: itemPath, kind: 'missing', expected: item });
      else walk(match, item, itemPath, mode, comparison);
    }
    return;
  }
  if (actual.length !== expected.length) {
    out.push({ where, path, kind: 'length', expected: expected.length, actual: actual.length });
  }
  const shared = Math.min(actual.length, expected.length);
  for (let index = 0; index < shared; index++) {
    walk(actual[index], expected[index], `${path}[${index}]`, mode, comparison);
  }
}

function hasName(value: unknown): value is { name: string } {
  return isObject(value) && typeof value.name === 'string';
}

/** In abridged mode, the protocol layer must still match exactly: no extra envelope keys, same isError. */
function checkProtocolExactness(
  actual: unknown,
  expected: unknown,
  where: Difference['where'],
  out: Difference[],
): void {
  if (!isObject(actual) || !isObject(expected) || expected.jsonrpc === undefined) return;
  for (const key of Object.keys(actual)) {
    if (!Object.hasOwn(expected, key))
      out.push({ where, path: `$.${key}`, kind: 'unexpected', actual: actual[key] });
  }
  if (isObject(actual.result) && isObject(expected.result)) {
    const live = actual.result.isError ?? false;
    const article = expected.result.isError ?? false;
    if (live !== article) {
      out.push({ where, path: '$.result.isError', kind: 'changed', expected: article, actual: live });
    }
  }
}
