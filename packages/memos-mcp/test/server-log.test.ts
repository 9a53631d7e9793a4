// pnpm serve's log of calls: a burst of lines is one write, made after the calls, and nothing is lost or
// reordered. Timers are faked, so the test follows the order of events, not the clock.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { batchedLog, LOG_FLUSH_MS } from '../src/server-log.ts';

describe('the server log', () => {
  let writes: string[];
  const out = { write: (text: string) => writes.push(text) };
  beforeEach(() => {
    writes = [];
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  it('writes the lines of a burst together, once the flush interval has passed', () => {
    const log = batchedLog(out);
    log.line('tools/call memo_list_memos: ok');
    log.line('tools/call memo_get_memo: ok');
    log.line('tools/call memo_list_memos: ok');
    expect(writes).toEqual([]);
    vi.advanceTimersByTime(LOG_FLUSH_MS - 1);
    expect(writes).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(writes).toEqual([
      'tools/call memo_list_memos: ok\ntools/call memo_get_memo: ok\ntools/call memo_list_memos: ok\n',
    ]);
    log.line('tools/call memo_delete_memo: ok');
    vi.advanceTimersByTime(LOG_FLUSH_MS);
    expect(writes).toHaveLength(2);
    expect(writes[1]).toBe('tools/call memo_delete_memo: ok\n');
  });

  it('writes what waits at once when flushed, and nothing when nothing waits', () => {
    const log = batchedLog(out);
    log.flush();
    expect(writes).toEqual([]);
    log.line('first');
    log.flush();
    expect(writes).toEqual(['first\n']);
    // The timer of the flushed line is gone: nothing is written twice.
    vi.advanceTimersByTime(LOG_FLUSH_MS * 2);
    expect(writes).toEqual(['first\n']);
  });

  it('starts one timer for a burst, and that timer keeps no process alive', () => {
    const timers = vi.spyOn(globalThis, 'setTimeout');
    const log = batchedLog(out);
    log.line('waiting');
    log.line('second');
    expect(timers).toHaveBeenCalledTimes(1);
    const timer = timers.mock.results[0]?.value as NodeJS.Timeout;
    expect(timer.hasRef()).toBe(false);
  });
});
