import { describe, expect, it } from 'vitest';
import { ApiError } from '../src/errors.ts';
import { compileAttachmentFilter, compileMemoFilter } from '../src/filter/index.ts';
import type { AttachmentRow, MemoRow } from '../src/model.ts';

// The filter compiled directly, on hand-made rows and a frozen `now`: the edges of Memos' semantics that the
// workshop dataset does not reach, and the messages the HTTP tests do not pin.
const NOW = Date.UTC(2026, 2, 15, 12) / 1000; // Sunday 15 March 2026, 12:00 UTC
const HOUR = 3600;

function memo(fields: Partial<MemoRow>): MemoRow {
  return {
    id: 1,
    uid: 'm',
    creatorId: 1,
    creator: 'users/demo',
    createdTs: NOW,
    updatedTs: NOW,
    content: '',
    visibility: 'PUBLIC',
    state: 'NORMAL',
    pinned: false,
    tags: [],
    property: { hasLink: false, hasTaskList: false, hasCode: false, hasIncompleteTasks: false, title: '' },
    snippet: '',
    ...fields,
  };
}

function attachment(fields: Partial<AttachmentRow>): AttachmentRow {
  return {
    id: 1,
    uid: 'a',
    creatorId: 1,
    createdTs: NOW,
    updatedTs: NOW,
    filename: 'mockup.png',
    type: 'image/png',
    size: 1,
    externalLink: '',
    ...fields,
  };
}

const matches = (filter: string, row: MemoRow) => compileMemoFilter(filter, NOW)(row);

describe('memo filter semantics', () => {
  it.each<[string, Partial<MemoRow>, boolean]>([
    // tag is hierarchical, "x" in tags is exact
    ['tag in ["book"]', { tags: ['book/tech'] }, true],
    ['tag in ["book"]', { tags: ['bookish'] }, false],
    // tag in is case-insensitive in Memos, at every level of the hierarchy
    ['tag in ["Work"]', { tags: ['work'] }, true],
    ['tag in ["work"]', { tags: ['WORK'] }, true],
    ['tag in ["BOOK"]', { tags: ['Book/Tech'] }, true],
    ['tag in ["Work"]', { tags: ['homework'] }, false],
    ['"book" in tags', { tags: ['book/tech'] }, false],
    // all() needs at least one tag; exists_one exactly one
    ['tags.all(t, t.startsWith("w"))', { tags: [] }, false],
    ['tags.exists_one(t, t.startsWith("W"))', { tags: ['work', 'web'] }, false],
    ['tags.exists_one(t, "work" == t)', { tags: ['work', 'web'] }, true],
    // sets: distinct values; an empty list is all of nothing and some of nothing
    ['sets.equivalent(tags, ["a", "a", "b"])', { tags: ['b', 'a'] }, true],
    ['sets.equivalent(tags, ["a", "b"])', { tags: ['a', 'b', 'c'] }, false],
    ['sets.contains(tags, [])', { tags: [] }, true],
    ['sets.intersects(tags, [])', { tags: ['a'] }, false],
    // size counts characters, not UTF-16 units
    ['size(content) == 2', { content: '😀你' }, true],
    // text matching lower-cases Unicode; matches is case-sensitive RE2
    ['content.contains("ÄB")', { content: 'xäbx' }, true],
    ['content.matches("B")', { content: 'abc' }, false],
    // literal on the left: operands swap, the operator mirrors
    ['0 < size(tags)', { tags: ['a'] }, true],
    ['now - duration("1h") <= created_ts', { createdTs: NOW - HOUR }, true],
    ['now - duration("1h") <= created_ts', { createdTs: NOW - HOUR - 1 }, false],
    // timestamp accessors are UTC, on fields and on now
    ['created_ts.getDayOfWeek() == 0 && created_ts.getHours() == 12', {}, true],
    ['created_ts.getDayOfMonth() == 14 && created_ts.getMonth() == 2', {}, true],
    ['now.getFullYear() == 2026', {}, true],
    // two literals fold to a constant; int division truncates
    ['1 == 2', {}, false],
    ['1 < 2', {}, true],
    ['7 / 2 == 3', {}, true],
    ['7.0 / 2.0 == 3.5', {}, true],
    ['!has_task_list', {}, true],
    ['creator_id in [2, 3]', { creatorId: 3 }, true],
  ])('%s', (filter, fields, expected) => {
    expect(matches(filter, memo(fields))).toBe(expected);
  });

  it('freezes now when the filter is compiled', () => {
    const predicate = compileMemoFilter('created_ts > now - duration("1h")', NOW);
    expect(predicate(memo({ createdTs: NOW - 10 }))).toBe(true);
    expect(predicate(memo({ createdTs: NOW - 2 * HOUR }))).toBe(false);
  });
});

describe('attachment filter semantics', () => {
  it.each<[string, Partial<AttachmentRow>, boolean]>([
    ['mime_type.startsWith("IMAGE/")', {}, true],
    ['filename.endsWith(".PNG") && create_time > now - duration("1h")', {}, true],
    // an attachment not bound to a memo has memo_id 0
    ['memo_id == 0', {}, true],
    ['memo_id == 0', { memoId: 4 }, false],
  ])('%s', (filter, fields, expected) => {
    expect(compileAttachmentFilter(filter, NOW)(attachment(fields))).toBe(expected);
  });
});

function messageOf(compile: () => unknown): string {
  try {
    compile();
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    if (error instanceof ApiError) {
      expect(error.httpStatus).toBe(400);
      return error.message;
    }
  }
  throw new Error('the filter compiled');
}

describe('messages the HTTP tests do not pin', () => {
  it.each([
    [
      'created_ts.getMonth("UTC") == 1',
      /getMonth\(\) with a timezone argument is not supported; times are UTC/,
    ],
    ['sets.contains(["a"], ["a"])', /sets\.contains\(\) works on tags/],
    ['sets.contains(tags, tags)', /set operations require a list literal as the second argument/],
    ['tags == ["a"]', /tags is a list: use "value" in tags or size\(tags\)/],
    ['created_ts in [now]', /created_ts does not support in \[\.\.\.\]; use ==/],
    ['content in ["a", 1]', /content is a string: put the value in quotes/],
    ['tags.size() > 1', /each comparison needs a field on one side and a value on the other/],
    ['tags.exists(t, t == content)', /compare t with a quoted tag name/],
    ['tags.exists(t, t.matches("a"))', /unsupported condition inside the comprehension/],
    ['tags.sort() == ["a"]', /has no method sort\(\)/],
  ])('%s', (filter, message) => {
    const text = messageOf(() => compileMemoFilter(filter, NOW));
    expect(text).toMatch(/^invalid filter: failed to compile filter: \S.*$/s);
    expect(text).toMatch(message);
  });

  it('memo_id only compares with == and !=', () => {
    expect(messageOf(() => compileAttachmentFilter('memo_id > 1', NOW))).toMatch(
      /operator > is not allowed for memo_id; use == or !=/,
    );
  });
});
