// Tag conditions as Memos' SQLite backend answers them. Memos v0.30.0 renders every tag test except the
// per-tag ones of all() and exists_one() as a LIKE on the JSON text of the tag list
// (`internal/filter/render.go`: renderElementInCondition, renderTagInList, renderTagEquals,
// renderTagStartsWith, renderTagEndsWith, renderTagContains; the column is JSON_EXTRACT(payload, '$.tags')).
// So these tests inherit SQLite's LIKE: no ESCAPE clause, so a % or _ in the filter's text is a wildcard, and
// letters compare case-insensitively in ASCII alone (SQLite folds A-Z and nothing else).

import { filterError } from './messages.ts';

const PERCENT = 0x25;
const UNDERSCORE = 0x5f;

/** A text as LIKE compares it: ASCII letters in lower case, every other character as it is. */
function folded(text: string): string {
  return text.replace(/[A-Z]+/g, (letters) => letters.toLowerCase());
}

/**
 * What one request's tag LIKEs may cost together, counted in characters compared: a count, not a clock, so the
 * same filter on the same memos is refused or answered whatever the machine is doing. An ordinary filter over
 * 10,000 memos compares a few hundred thousand; one % before a long literal, on memos with long tags, costs
 * |text| × |literal| a memo.
 */
const LIKE_STEPS_PER_REQUEST = 20_000_000;

/** The steps left to one request's LIKEs. */
export interface LikeSteps {
  left: number;
}

export function likeSteps(limit = LIKE_STEPS_PER_REQUEST): LikeSteps {
  return { left: limit };
}

function spend(steps: LikeSteps, count: number): void {
  steps.left -= count;
  if (steps.left < 0) {
    throw filterError(
      `matching the tag text over these memos takes more than ${LIKE_STEPS_PER_REQUEST.toLocaleString('en')} steps; use fewer % and _ in it, shorten it, or narrow the filter with another condition first`,
    );
  }
}

/** How many UTF-16 units the character at `i` takes: `_` stands for one character, as in SQLite's UTF-8. */
function unitsAt(text: string, i: number): number {
  const code = text.charCodeAt(i);
  const next = text.charCodeAt(i + 1);
  return code >= 0xd800 && code <= 0xdbff && next >= 0xdc00 && next <= 0xdfff ? 2 : 1;
}

/**
 * SQLite's LIKE in general: greedy, going back only to the last `%`, so at most |pattern| × |text| steps.
 * `resume` stays on character boundaries, so a `_` never takes half of a surrogate pair.
 */
function likeAnywhere(pattern: string, text: string, steps: LikeSteps): boolean {
  let p = 0;
  let t = 0;
  let star = -1;
  let resume = 0;
  while (t < text.length) {
    spend(steps, 1);
    const want = pattern.charCodeAt(p);
    if (want === PERCENT) {
      star = p;
      p += 1;
      resume = t;
    } else if (want === UNDERSCORE) {
      p += 1;
      t += unitsAt(text, t);
    } else if (p < pattern.length && want === text.charCodeAt(t)) {
      p += 1;
      t += 1;
    } else if (star >= 0) {
      p = star + 1;
      resume += unitsAt(text, resume);
      t = resume;
    } else {
      return false;
    }
  }
  while (pattern.charCodeAt(p) === PERCENT) p += 1;
  return p === pattern.length;
}

/** A LIKE pattern made ready for many texts. The texts come from tagsText, already folded. */
export type LikeTest = (text: string, steps: LikeSteps) => boolean;

/**
 * The shapes Memos writes (`%"work"%`, `%"book/%`, `%tech"%`) with no wildcard in the filter's own text are a
 * substring search, done by the engine; any other pattern goes through likeAnywhere.
 */
export function compileLike(pattern: string): LikeTest {
  const wanted = folded(pattern);
  const inner = /^%([^%_]*)%$/.exec(wanted)?.[1];
  if (inner !== undefined) {
    return (text, steps) => {
      spend(steps, text.length);
      return text.includes(inner);
    };
  }
  return (text, steps) => likeAnywhere(wanted, text, steps);
}

const tagTexts = new WeakMap<readonly string[], string | null>();

/**
 * JSON_EXTRACT(payload, '$.tags') as LIKE sees it: SQLite's minified JSON text of the list, or NULL for a memo
 * without tags (Memos writes the payload with protojson, which leaves an empty list out). Kept per list: a
 * memo's list is replaced, never changed, when its content changes.
 */
export function tagsText(tags: readonly string[]): string | null {
  let text = tagTexts.get(tags);
  if (text === undefined) {
    text = tags.length === 0 ? null : folded(JSON.stringify(tags));
    tagTexts.set(tags, text);
  }
  return text;
}
