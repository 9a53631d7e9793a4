/**
 * Where the live JSON and the article's JSON are the same value in different bytes: members in another
 * order, or a string holding the same JSON spelt differently. The tour compares
 * JSON values (the order of an object's members carries no meaning in JSON, RFC 8259 §4), so such a
 * response matches; this says exactly where the bytes still differ, so the tour never claims a byte match.
 */
import { type Fixture, loadFixture, tryParseJson } from '@memos-kit/wire';
import type { ExchangeRecord } from './exchanges.ts';

export type KeyOrderDifference =
  /** `$` for the top level, then `.key` and `[index]` as in the matcher's differences. */
  | { kind: 'order'; path: string; live: string[]; article: string[] }
  /** A string that holds JSON (a text content block), the same JSON spelt differently (spaces, order). */
  | { kind: 'text'; path: string; live: string; article: string };

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function isObject(value: Json | undefined): value is { [key: string]: Json } {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Objects found at the same path in both values whose shared members come in a different order. */
export function keyOrderDifferences(live: unknown, article: unknown, path = '$'): KeyOrderDifference[] {
  const [a, b] = [live as Json, article as Json];
  if (Array.isArray(a) && Array.isArray(b)) {
    return b.flatMap((item, i) => (i < a.length ? keyOrderDifferences(a[i], item, `${path}[${i}]`) : []));
  }
  if (typeof a === 'string' && typeof b === 'string' && a !== b) {
    const [innerLive, innerArticle] = [tryParseJson(a), tryParseJson(b)];
    if (!innerLive.ok || !innerArticle.ok) return [];
    return [
      { kind: 'text', path, live: a, article: b },
      ...keyOrderDifferences(innerLive.value, innerArticle.value, `${path} (JSON)`),
    ];
  }
  if (!isObject(a) || !isObject(b)) return [];
  const shared = new Set(Object.keys(a).filter((key) => key in b));
  const liveOrder = Object.keys(a).filter((key) => shared.has(key));
  const articleOrder = Object.keys(b).filter((key) => shared.has(key));
  const here: KeyOrderDifference[] =
    liveOrder.join('\u0000') === articleOrder.join('\u0000')
      ? []
      : [{ kind: 'order', path, live: Object.keys(a), article: Object.keys(b) }];
  return [...here, ...articleOrder.flatMap((key) => keyOrderDifferences(a[key], b[key], `${path}.${key}`))];
}

/** The JSON-RPC message the article prints for this exchange, as text: the body, the stdio line, the SSE result. */
function articleMessage(
  fixture: Fixture,
  record: ExchangeRecord,
): { live: string; article: string } | undefined {
  if (record.transport === 'stdio') return { live: record.response.line, article: fixture.text('response') };
  if (record.transport === 'http' && fixture.response) {
    return { live: record.response.body, article: fixture.response.body };
  }
  // SSE: the last event carries the result; the article's events are in its raw response text.
  const lastLive = record.response.events?.at(-1)?.data;
  const articleData = [...fixture.text('response').matchAll(/^data: ?(.*)$/gm)].at(-1)?.[1];
  return lastLive && articleData ? { live: lastLive, article: articleData } : undefined;
}

/** The key-order differences of a matched exchange with its fixture; none for the kit's own exchanges. */
export function recordKeyOrder(record: ExchangeRecord): KeyOrderDifference[] {
  if (record.fixture === null || record.mode === 'rule') return [];
  const texts = articleMessage(loadFixture(record.fixture), record);
  if (!texts) return [];
  const [live, article] = [tryParseJson(texts.live), tryParseJson(texts.article)];
  return live.ok && article.ok ? keyOrderDifferences(live.value, article.value) : [];
}
