// Time helpers shared by the store, the datasets and the filter. Memos keeps timestamps as epoch seconds
// and prints them as RFC 3339 UTC without fractional seconds.

const UNIT_NANOS: Record<string, number> = {
  ns: 1,
  us: 1e3,
  µs: 1e3,
  μs: 1e3,
  ms: 1e6,
  s: 1e9,
  m: 60e9,
  h: 3600e9,
};

/**
 * Parses a Go duration ("168h", "1h30m", "-90s") into seconds, with Go's rules: there is no "d" unit,
 * which is a classic learner mistake (`duration("7d")`), so the error names the units that exist.
 */
export function parseGoDuration(text: string): number {
  const match = /^([+-]?)(.*)$/.exec(text);
  const sign = match?.[1] === '-' ? -1 : 1;
  let rest = match?.[2] ?? '';
  if (rest === '0') return 0;
  if (rest === '') throw new Error(`time: invalid duration "${text}"`);
  let nanos = 0;
  while (rest.length > 0) {
    const part = /^(\d+(?:\.\d*)?|\.\d+)([^\d.]*)/.exec(rest);
    if (!part) throw new Error(`time: invalid duration "${text}"`);
    const [whole, amount = '', unit = ''] = part;
    if (unit === '') throw new Error(`time: missing unit in duration "${text}"`);
    const factor = UNIT_NANOS[unit];
    if (factor === undefined) throw new Error(`time: unknown unit "${unit}" in duration "${text}"`);
    nanos += Number(amount) * factor;
    rest = rest.slice(whole.length);
  }
  return (sign * nanos) / 1e9;
}

/** RFC 3339 in UTC without fractional seconds, like protojson prints a Timestamp built from seconds. */
export function formatTimestamp(epochSeconds: number): string {
  return new Date(Math.trunc(epochSeconds) * 1000).toISOString().replace('.000Z', 'Z');
}

/** Parses an RFC 3339 timestamp to epoch seconds, or returns undefined. */
export function parseTimestamp(text: string): number | undefined {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/i.test(text)) return undefined;
  const ms = Date.parse(text);
  return Number.isNaN(ms) ? undefined : Math.floor(ms / 1000);
}

/**
 * A dataset time: an RFC 3339 timestamp, "now", or an offset from `now` written as a Go duration with a sign,
 * e.g. "-36h" or "-170h30m". Offsets keep a dataset's filters like `created_ts > now - duration("168h")`
 * meaningful whenever the server starts.
 */
export function resolveDatasetTime(text: string, nowSeconds: number): number {
  if (text === 'now') return nowSeconds;
  const absolute = parseTimestamp(text);
  if (absolute !== undefined) return absolute;
  if (/^[+-]/.test(text)) return Math.round(nowSeconds + parseGoDuration(text));
  throw new Error(`invalid time "${text}": use RFC 3339, "now", or an offset such as "-36h"`);
}

export const nowSeconds = (): number => Math.floor(Date.now() / 1000);
