import { parseSse, type SseEvent } from '@memos-kit/protocol';
import { compareJson, type Difference } from './compare.ts';
import type { CompareMode, Fixture } from './fixtures.ts';
import { getHeader, type HttpHeaders, parseHttpMessage, tryParseJson } from './http-message.ts';
import { isObject } from './is-object.ts';

/** What came back from a live server (HTTP) or a live process (stdio: `body` is the response line). */
export interface LiveResponse {
  status?: number;
  headers?: HttpHeaders;
  body: string;
  json?: unknown;
  events?: SseEvent[];
}

export interface MatchResult {
  ok: boolean;
  fixtureId: string;
  /** The fixture file the live response was compared with, relative to `fixtures/`. */
  against: string;
  mode: CompareMode;
  differences: Difference[];
}

/**
 * Compares a live response with a fixture: the status and the headers the fixture shows (values exact,
 * names case-insensitive), then the body as JSON in the fixture's mode, or event by event for SSE.
 */
export function matchResponse(
  fixture: Fixture,
  live: LiveResponse,
  options: { mode?: CompareMode } = {},
): MatchResult {
  const mode = options.mode ?? fixture.entry.compare;
  const differences: Difference[] = [];
  const sse = fixture.entry.transport === 'sse';
  const expected = sse ? parseHttpMessage(fixture.text('response')) : fixture.response;
  if (!expected) throw new Error(`Fixture "${fixture.entry.id}" has no response to compare with`);
  const against = `${fixture.entry.dir}/${String(fixture.entry.files.response)}`;

  if (expected.status !== undefined && live.status !== expected.status) {
    differences.push({
      where: 'status',
      path: 'status',
      kind: 'changed',
      expected: expected.status,
      actual: live.status,
    });
  }
  for (const [name, value] of expected.headers) {
    const actual = getHeader(live.headers ?? [], name);
    if (actual === undefined)
      differences.push({ where: 'header', path: name, kind: 'missing', expected: value });
    else if (actual !== value)
      differences.push({ where: 'header', path: name, kind: 'changed', expected: value, actual });
  }

  if (sse)
    differences.push(...compareEvents(live.events ?? parseSse(live.body), parseSse(expected.body), mode));
  else differences.push(...compareBodies(live.body, expected.body, mode));

  return { ok: differences.length === 0, fixtureId: fixture.entry.id, against, mode, differences };
}

function compareBodies(actualText: string, expectedText: string, mode: CompareMode): Difference[] {
  const expected = tryParseJson(expectedText);
  if (!expected.ok) {
    return actualText === expectedText
      ? []
      : [{ where: 'body', path: '$', kind: 'changed', expected: expectedText, actual: actualText }];
  }
  const actual = tryParseJson(actualText);
  if (!actual.ok)
    return [{ where: 'body', path: '$', kind: 'type', expected: expected.value, actual: actualText }];
  return compareJson(actual.value, expected.value, mode);
}

function compareEvents(actual: SseEvent[], expected: SseEvent[], mode: CompareMode): Difference[] {
  const differences: Difference[] = [];
  if (actual.length !== expected.length) {
    differences.push({
      where: 'event',
      path: 'events',
      kind: 'length',
      expected: expected.length,
      actual: actual.length,
    });
  }
  expected.forEach((event, index) => {
    const live = actual[index];
    if (!live) return;
    // The event's name, id and (when not JSON) data are compared as plain text.
    const changed = (field: 'event' | 'id' | 'data', expectedValue: unknown, actualValue: unknown) =>
      differences.push({
        where: 'event',
        path: `events[${index}].${field}`,
        kind: 'changed',
        expected: expectedValue,
        actual: actualValue,
      });
    if ((live.event ?? 'message') !== (event.event ?? 'message')) changed('event', event.event, live.event);
    if (live.id !== event.id) changed('id', event.id, live.id);
    const expectedJson = tryParseJson(event.data);
    const liveJson = tryParseJson(live.data);
    if (!expectedJson.ok || !liveJson.ok) {
      if (live.data !== event.data) changed('data', event.data, live.data);
      return;
    }
    // A notification (progress) is protocol through and through, so it is always exact.
    const isNotification = isObject(expectedJson.value) && !('id' in expectedJson.value);
    for (const difference of compareJson(
      liveJson.value,
      expectedJson.value,
      isNotification ? 'exact' : mode,
      'event',
    )) {
      differences.push({ ...difference, path: `events[${index}].data${difference.path.slice(1)}` });
    }
  });
  return differences;
}
